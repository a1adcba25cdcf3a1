import { describe, expect, it } from "vitest";
import { ESTABLISHED_AFTER, playerRating, rateRounds } from "~/lib/ratings/rating-walk";
import { type RatingInput, fitRound, leastSquares, ratingOf } from "~/lib/ratings/round-rating";

const prop = (rating: number, score: number): RatingInput => ({ rating, score, established: true });

describe("fitRound: the least-squares line of score on rating", () => {
  it("a hand-worked round of five propagators", () => {
    // ratings x: 900 920 940 960 980   mean 940   deviations −40 −20 0 20 40
    // scores  y:  60  57  57  54  52   mean  56   deviations   4   1 1 −2 −4
    // Sxy = (−40)(4) + (−20)(1) + 0(1) + 20(−2) + 40(−4) = −160 − 20 + 0 − 40 − 160 = −380
    // Sxx = 1600 + 400 + 0 + 400 + 1600 = 4000
    // b = Sxy / Sxx = −0.095 (10.5 rating points a stroke); a = 56 − (−0.095)(940) = 145.3
    // line at 900..980: 59.8 57.9 56.0 54.1 52.2 → residuals 0.2 −0.9 1.0 −0.1 −0.2
    // s = √((0.04 + 0.81 + 1 + 0.01 + 0.04) / (5 − 2)) = √(1.9 / 3) ≈ 0.796; 2s ≈ 1.59: nobody dropped
    const fit = fitRound([prop(900, 60), prop(920, 57), prop(940, 57), prop(960, 54), prop(980, 52)]);
    expect(fit?.method).toBe("fit");
    expect(fit?.b).toBeCloseTo(-0.095, 10);
    expect(fit?.a).toBeCloseTo(145.3, 10);
    expect(fit).toMatchObject({ used: 5, dropped: 0 });
    // A 55: (55 − 145.3) / −0.095 = 90.3 / 0.095 = 950.53 → 951
    expect(ratingOf(fit!, 55)).toBe(951);
    // The propagators' own scores: 60 → (60 − 145.3)/−0.095 = 897.9 → 898; 52 → 982.1 → 982
    expect(ratingOf(fit!, 60)).toBe(898);
    expect(ratingOf(fit!, 52)).toBe(982);
  });

  it("leastSquares gives the residuals the outlier rule reads", () => {
    const { residuals } = leastSquares([
      { x: 900, y: 60 },
      { x: 920, y: 57 },
      { x: 940, y: 57 },
      { x: 960, y: 54 },
      { x: 980, y: 52 },
    ]);
    expect(residuals.map((r) => Math.round(r * 10) / 10)).toEqual([0.2, -0.9, 1, -0.1, -0.2]);
  });

  it("drops a propagator more than 2 standard errors off the line and fits again", () => {
    // Ten players on score = 150 − 0.1·rating exactly, ±0.5 alternating, and one who had a
    // nightmare round (+12 strokes).
    const clean = Array.from({ length: 10 }, (_, i) => prop(900 + 10 * i, 150 - 0.1 * (900 + 10 * i) + (i % 2 ? 0.5 : -0.5)));
    const fit = fitRound([...clean, prop(945, 150 - 94.5 + 12)]);
    expect(fit).toMatchObject({ method: "fit", used: 10, dropped: 1 });
    const without = leastSquares(clean.map((p) => ({ x: p.rating!, y: p.score })));
    expect(fit?.b).toBeCloseTo(without.b, 10);
    expect(fit?.a).toBeCloseTo(without.a, 10);
    // The outlier's own rating is 120 points under what they are: 12 strokes at 10 a stroke.
    expect(ratingOf(fit!, 150 - 94.5 + 12)).toBeLessThan(945 - 100);
  });

  it("falls back to 10 points a stroke through the propagators' mean when the slope is not negative", () => {
    // Better players shot worse: b > 0. Mean rating 940, mean score 56.
    const fit = fitRound([prop(900, 52), prop(920, 54), prop(940, 56), prop(960, 58), prop(980, 60)]);
    expect(fit).toMatchObject({ method: "fixed-slope", b: -0.1 });
    expect(ratingOf(fit!, 56)).toBe(940);
    expect(ratingOf(fit!, 55)).toBe(950);
  });

  it("falls back the same way with fewer than five propagators; the others are rated, not used", () => {
    const newcomer: RatingInput = { score: 70, rating: null, established: false };
    const provisional: RatingInput = { score: 50, rating: 1000, established: false };
    const fit = fitRound([prop(900, 58), prop(960, 54), newcomer, provisional]);
    // mean (930, 56): a 58 is 930 − 10·2 = 910, the newcomer's 70 is 930 − 140 = 790.
    expect(fit).toMatchObject({ method: "fixed-slope", used: 2 });
    expect(ratingOf(fit!, 58)).toBe(910);
    expect(ratingOf(fit!, 70)).toBe(790);
  });

  it("bootstraps a round with no propagators: the median score is 900, 10 points a stroke", () => {
    const field = [60, 52, 55, 58].map((score): RatingInput => ({ score, rating: null, established: false }));
    const fit = fitRound([...field, { score: 0, rating: null, established: false }]);
    // median of 52 55 58 60 is 56.5 (the unscored 0 does not count)
    expect(fit?.method).toBe("bootstrap");
    expect(ratingOf(fit!, 56.5)).toBe(900);
    expect(ratingOf(fit!, 52)).toBe(945);
    expect(fitRound([{ score: 0, rating: 900, established: true }])).toBeNull();
  });
});

describe("rating rounds in date order", () => {
  it("a player's rating is the mean of their last 8 round ratings", () => {
    expect(playerRating([])).toBeNull();
    expect(playerRating([900, 911])).toBe(906); // 905.5 rounds up
    expect(playerRating([100, 100, 900, 900, 900, 900, 900, 900, 900, 900])).toBe(900);
  });

  it("a new league bootstraps, then players propagate once established", () => {
    const players = [1, 2, 3, 4, 5, 6];
    const round = (n: number, shift: number) => players.map((p) => ({ id: n * 10 + p, playerId: p, score: 50 + p + shift }));
    const rounds = [round(1, 0), round(2, 2), round(3, -1), round(4, 3)];
    const rated = rateRounds(rounds, new Map());
    // Rounds 1–3: nobody established, each round's median (53.5 + shift) is 900.
    expect(rated.get(11)).toBe(925); // 51 vs median 53.5: 2.5 strokes better
    expect(rated.get(21)).toBe(925); // the same place on a harder night rates the same
    // Round 4: everyone has ESTABLISHED_AFTER rated rounds; ratings 925 … 875 fit the scores exactly.
    expect(ESTABLISHED_AFTER).toBe(3);
    expect(rated.get(41)).toBe(925);
    expect(rated.get(46)).toBe(875);
  });

  it("history before the first round counts: a rated player propagates at once", () => {
    const history = new Map([1, 2, 3, 4, 5].map((p) => [p, [1000 - 20 * p, 1000 - 20 * p, 1000 - 20 * p]]));
    // Player p (rating 1000 − 20p) shoots 50 + 2p: 10 points a stroke, a 52 is 980.
    const rated = rateRounds([[1, 2, 3, 4, 5, 6].map((p) => ({ id: p, playerId: p, score: 50 + 2 * p }))], history);
    expect(rated.get(1)).toBe(980);
    expect(rated.get(6)).toBe(880); // the newcomer's 62 on the same line
  });
});
