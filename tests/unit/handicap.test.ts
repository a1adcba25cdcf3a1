import { describe, expect, it } from "vitest";
import { handicapFrom, handicapHistory, handicapSum, netScore } from "~/lib/ratings/handicap";

const LEAGUE = { handicapRounds: 10, handicapPercent: 80, handicapPar: 54 };

describe("handicapFrom: (average of the last K rounds − par) × percent", () => {
  it("takes the last K scored rounds only", () => {
    // Twelve rounds: the first two (70, 70) are older than the last 10 and do not count.
    // Last 10: 56 58 60 57 59 58 61 57 59 58 → sum 583, average 58.3
    // 58.3 − 54 = 4.3; 4.3 × 80% = 3.44 → 3.4
    const scores = [70, 70, 56, 58, 60, 57, 59, 58, 61, 57, 59, 58];
    expect(handicapFrom(scores, LEAGUE)).toEqual({ handicap: 3.4, rounds: 10, average: 58.3, overPar: 4.3, par: 54, percent: 80 });
    expect(handicapSum(handicapFrom(scores, LEAGUE)!)).toBe("average of the last 10 rounds: 58.3 − par 54 = 4.3 × 80% = 3.4");
  });

  it("uses what there is with fewer than K rounds, skipping unscored ones, from 3 rounds on", () => {
    expect(handicapFrom([60, 0, 62], LEAGUE)).toBeNull();
    // 60 62 61 → 61.0; 7 × 80% = 5.6
    expect(handicapFrom([60, 0, 62, 61], LEAGUE)).toMatchObject({ handicap: 5.6, rounds: 3, average: 61 });
    expect(handicapFrom([], LEAGUE)).toBeNull();
  });

  it("is negative for a player who averages under par; net adds it back", () => {
    // 50 51 52 → 51.0 − 54 = −3.0 × 80% = −2.4
    const h = handicapFrom([50, 51, 52], LEAGUE);
    expect(h?.handicap).toBe(-2.4);
    expect(netScore(51, h!.handicap)).toBe(53.4);
    expect(netScore(58, 3.4)).toBe(54.6);
  });

  it("rounds the average first and halves away from zero, so the shown sum is the sum", () => {
    // 55 55 56 → 55.333… shown 55.3; 1.3 × 50% = 0.65 → 0.7, and −0.65 → −0.7
    expect(handicapFrom([55, 55, 56], { ...LEAGUE, handicapPercent: 50 })?.handicap).toBe(0.7);
    expect(handicapFrom([53, 53, 52], { ...LEAGUE, handicapPercent: 50 })?.handicap).toBe(-0.7);
  });

  it("a league counting fewer rounds than 3 needs only that many; 100% is the full difference", () => {
    expect(handicapFrom([60, 64], { handicapRounds: 2, handicapPercent: 100, handicapPar: 54 })?.handicap).toBe(8);
  });
});

describe("handicapHistory", () => {
  it("the handicap after each round, counting that round", () => {
    const rounds = [60, 62, 0, 61, 56].map((score, i) => ({ id: i, score }));
    // After the fifth: 60 62 61 56 → 59.75, shown 59.8; 5.8 × 80% = 4.64 → 4.6
    expect(handicapHistory(rounds, LEAGUE).map((r) => r.handicap)).toEqual([null, null, null, 5.6, 4.6]);
  });
});

describe("each round against its own par (ADR 25)", () => {
  it("a score with its layout's par; a plain number or a null par is the league's", () => {
    // 60 61 62 on par 56: 61.0 − 56 = 5.0 × 80% = 4.0.
    const onLayout = [60, 61, 62].map((score) => ({ score, par: 56 }));
    expect(handicapFrom(onLayout, LEAGUE)).toMatchObject({ handicap: 4, par: 56, overPar: 5 });
    expect(handicapFrom([{ score: 60, par: null }, 61, { score: 62, par: null }], LEAGUE)).toMatchObject({ handicap: 5.6, par: 54 });
  });

  it("rounds of different pars count against their average par, rounded as shown", () => {
    // 60 (56), 31 (28), 62 (56): average 51.0, par 46.7 → 4.3 × 80% = 3.44 → 3.4.
    const h = handicapFrom(
      [
        { score: 60, par: 56 },
        { score: 31, par: 28 },
        { score: 62, par: 56 },
      ],
      LEAGUE,
    );
    expect(h).toEqual({ handicap: 3.4, rounds: 3, average: 51, overPar: 4.3, par: 46.7, percent: 80 });
    expect(handicapSum(h!)).toBe("average of the last 3 rounds: 51.0 − par 46.7 = 4.3 × 80% = 3.4");
    const history = handicapHistory(
      [
        { score: 60, par: 56 },
        { score: 31, par: 28 },
        { score: 62, par: 56 },
      ],
      LEAGUE,
    );
    expect(history.map((r) => r.handicap)).toEqual([null, null, 3.4]);
  });
});
