import { describe, it, expect } from "vitest";
import {
  BASIS_POINTS,
  MAX_TABLE_PLACES,
  computeDivisionPayouts,
  computeRoundDivisionSummaries,
  computeRoundPayouts,
  paidPlaces,
  roundToQuarterCents,
  shareBasisPoints,
  type PayoutEntryInput,
  type PayoutResult,
} from "../../app/lib/rounds/payouts";

const PAYOUT = 450; // the round form's default payout, $4.50

function field(scores: number[], division = "MA1", firstId = 1): PayoutEntryInput[] {
  return scores.map((score, i) => ({ id: firstId + i, division, score }));
}

function byId(results: PayoutResult[]): Map<number, PayoutResult> {
  return new Map(results.map((r) => [r.id, r]));
}

function payoutsInPositionOrder(results: PayoutResult[]): number[] {
  return [...results].sort((a, b) => a.position - b.position || a.id - b.id).map((r) => r.payoutCents);
}

// Shared checks for a field with no ties: paid count, order, pool and rounding bounds.
function expectWellFormed(n: number, paidCount: number) {
  const scores = Array.from({ length: n }, (_, i) => 40 + ((i * 11) % n)); // distinct (11 is coprime to every n used), shuffled
  const summary = computeDivisionPayouts(field(scores), PAYOUT);
  expect(summary.skipped).toBe(false);
  expect(summary.poolCents).toBe(n * PAYOUT);
  expect(summary.results).toHaveLength(n);
  expect(summary.results.filter((r) => r.payoutCents > 0)).toHaveLength(paidCount);
  const ordered = payoutsInPositionOrder(summary.results);
  for (let i = 1; i < ordered.length; i++) expect(ordered[i]).toBeLessThanOrEqual(ordered[i - 1] ?? 0);
  expect(summary.paidCents).toBe(ordered.reduce((a, b) => a + b, 0));
  expect(summary.roundingCents).toBe(summary.poolCents - summary.paidCents);
  // Each of the paidCount payouts moves by at most half a quarter.
  expect(Math.abs(summary.roundingCents)).toBeLessThanOrEqual(12.5 * paidCount);
  return summary;
}

describe("roundToQuarterCents / paidPlaces", () => {
  it("rounds to the nearest 25 cents, halves up", () => {
    expect(roundToQuarterCents(12)).toBe(0);
    expect(roundToQuarterCents(12.5)).toBe(25);
    expect(roundToQuarterCents(37.4)).toBe(25);
    expect(roundToQuarterCents(1323)).toBe(1325);
    expect(roundToQuarterCents(850.5)).toBe(850);
  });

  it("pays about half the field, at least one place", () => {
    expect([1, 2, 3, 4, 5, 7, 8, 30, 120].map(paidPlaces)).toEqual([1, 1, 2, 2, 3, 4, 4, 15, 60]);
  });
});

describe("share table", () => {
  it("has rows for 1..60 places, each summing to 100% and non-increasing", () => {
    for (let p = 1; p <= MAX_TABLE_PLACES; p++) {
      const row = shareBasisPoints(p);
      expect(row, `row ${p}`).toHaveLength(p);
      expect(
        row.reduce((a, b) => a + b, 0),
        `row ${p}`,
      ).toBe(BASIS_POINTS);
      row.forEach((share, i) => {
        expect(Number.isInteger(share) && share > 0, `row ${p} place ${i + 1}`).toBe(true);
        if (i > 0) expect(share, `row ${p} place ${i + 1}`).toBeLessThanOrEqual(row[i - 1] ?? 0);
      });
    }
  });

  it("uses the PDGA-style hand row for 8 places", () => {
    expect(shareBasisPoints(8)).toEqual([2800, 1900, 1400, 1200, 900, 700, 600, 500]);
  });

  it("follows the 1/(place+1) curve above the hand rows and beyond the table", () => {
    const harmonic = (p: number, place: number) => {
      let total = 0;
      for (let k = 1; k <= p; k++) total += 1 / (k + 1);
      return BASIS_POINTS / (place + 1) / total;
    };
    for (const p of [11, 15, 60, 75]) {
      const row = shareBasisPoints(p);
      expect(row.reduce((a, b) => a + b, 0)).toBe(BASIS_POINTS);
      for (const place of [1, 2, p]) {
        expect(Math.abs((row[place - 1] ?? 0) - harmonic(p, place)), `p ${p} place ${place}`).toBeLessThan(1);
      }
    }
  });

  it("rejects a non-positive place count", () => {
    expect(() => shareBasisPoints(0)).toThrow(RangeError);
  });
});

describe("computeDivisionPayouts field sizes", () => {
  it("1 entry: the only player takes the pool", () => {
    const summary = expectWellFormed(1, 1);
    expect(summary.results[0]).toMatchObject({ position: 1, total: 1, payoutCents: 450, result: "1/1|(MA1)" });
  });

  it("2 entries: one paid place, winner takes both fees", () => {
    const summary = computeDivisionPayouts(field([50, 48]), PAYOUT);
    const results = byId(summary.results);
    expect(results.get(2)).toMatchObject({ position: 1, payoutCents: 900 });
    expect(results.get(1)).toMatchObject({ position: 2, payoutCents: 0, result: "2/2|(MA1)" });
    expectWellFormed(2, 1);
  });

  it("7 entries: 4 places at 42/27/18/13 of $31.50", () => {
    const summary = computeDivisionPayouts(field([46, 40, 45, 41, 44, 42, 43]), PAYOUT);
    expect(summary.poolCents).toBe(3150);
    // 1323 → 1325, 850.5 → 850, 567 → 575, 409.5 → 400
    expect(payoutsInPositionOrder(summary.results)).toEqual([1325, 850, 575, 400, 0, 0, 0]);
    expect(summary.paidCents).toBe(3150);
    expect(summary.roundingCents).toBe(0);
    expectWellFormed(7, 4);
  });

  it("8 entries: 4 places of $36.00", () => {
    const summary = computeDivisionPayouts(field([40, 41, 42, 43, 44, 45, 46, 47]), PAYOUT);
    // 1512 → 1500, 972 → 975, 648 → 650, 468 → 475
    expect(payoutsInPositionOrder(summary.results)).toEqual([1500, 975, 650, 475, 0, 0, 0, 0]);
    expectWellFormed(8, 4);
  });

  it("30 entries: 15 places from the formula rows", () => {
    const summary = expectWellFormed(30, 15);
    expect(summary.poolCents).toBe(13_500);
    const ordered = payoutsInPositionOrder(summary.results);
    // 1/(k+1) weights over 15 places: 21.00%, 14.00%, … 2.63% of $135 → 2835.3, 1890.2, 354.4
    expect(ordered[0]).toBe(2825);
    expect(ordered[1]).toBe(1900);
    expect(ordered[14]).toBe(350);
    expect(ordered[15]).toBe(0);
  });
});

describe("ties", () => {
  it("inside the paid places split the shares of the places they occupy", () => {
    const summary = computeDivisionPayouts(field([40, 41, 41, 43, 44, 45, 46, 47]), PAYOUT);
    const results = byId(summary.results);
    // Places 2 and 3: (27% + 18%) of 3600 = 1620, halved 810 → 800 each.
    expect(results.get(2)).toMatchObject({ position: 2, payoutCents: 800 });
    expect(results.get(3)).toMatchObject({ position: 2, payoutCents: 800 });
    expect(results.get(1)?.payoutCents).toBe(1500);
    expect(results.get(4)).toMatchObject({ position: 4, payoutCents: 475 });
    expect(summary.paidCents).toBe(3575);
    expect(summary.roundingCents).toBe(25);
  });

  it("at the cutoff pay every tied player but only the share of place P", () => {
    const summary = computeDivisionPayouts(field([40, 41, 42, 43, 43, 43, 50, 51]), PAYOUT);
    const results = byId(summary.results);
    // P = 4; the group sits on places 4..6 but shares only place 4: 13% of 3600 = 468 / 3 = 156 → 150.
    for (const id of [4, 5, 6]) expect(results.get(id)).toMatchObject({ position: 4, payoutCents: 150 });
    expect(summary.results.filter((r) => r.payoutCents > 0)).toHaveLength(6);
    expect(results.get(7)).toMatchObject({ position: 7, payoutCents: 0 });
    expect(summary.paidCents).toBe(1500 + 975 + 650 + 450);
  });

  it("straddling the cutoff share the places from their position up to P", () => {
    const summary = computeDivisionPayouts(field([40, 41, 42, 42, 42, 50, 51, 52]), PAYOUT);
    // Places 3..5 capped at 4: (18% + 13%) of 3600 = 1116 / 3 = 372 → 375 each.
    expect(payoutsInPositionOrder(summary.results)).toEqual([1500, 975, 375, 375, 375, 0, 0, 0]);
  });

  it("for first in a field of 3 split the whole pool three ways", () => {
    const summary = computeDivisionPayouts(field([48, 48, 48]), PAYOUT);
    expect(summary.results.map((r) => [r.position, r.payoutCents])).toEqual([
      [1, 450],
      [1, 450],
      [1, 450],
    ]);
  });
});

describe("skipped divisions", () => {
  it("a 0 score skips the division entirely", () => {
    const summary = computeDivisionPayouts(field([50, 0, 52]), PAYOUT);
    expect(summary).toMatchObject({ skipped: true, poolCents: 1350, paidCents: 0, roundingCents: 0, results: [] });
  });

  it("a negative score also counts as incomplete", () => {
    expect(computeDivisionPayouts(field([50, -1]), PAYOUT).skipped).toBe(true);
  });
});

describe("entries that did not finish (DNF)", () => {
  const withDnf = (scores: number[], dnfs: number) => [
    ...field(scores),
    ...Array.from({ length: dnfs }, (_, i) => ({ id: 100 + i, division: "MA1", score: 0, dnf: true })),
  ];

  it("complete the division: a DNF with score 0 does not hold the payouts", () => {
    const summary = computeDivisionPayouts(withDnf([50, 52, 55], 1), PAYOUT);
    expect(summary.skipped).toBe(false);
    expect(summary.results).toHaveLength(4);
  });

  it("are placed together after the last finisher and paid nothing", () => {
    const results = byId(computeDivisionPayouts(withDnf([50, 52, 55], 2), PAYOUT).results);
    expect(results.get(100)).toMatchObject({ position: 4, total: 5, payoutCents: 0, result: "4/5|(MA1)" });
    expect(results.get(101)).toMatchObject({ position: 4, payoutCents: 0 });
    expect(results.get(1)?.position).toBe(1);
  });

  it("leave their entry fees in the pool, paid to the finishers by the finishers' own row", () => {
    // 3 finishers of 5 entries: a $22.50 pool over 2 places (paidPlaces(3)), all of it paid out.
    const summary = computeDivisionPayouts(withDnf([50, 52, 55], 2), PAYOUT);
    expect(summary.poolCents).toBe(5 * PAYOUT);
    expect(summary.results.filter((r) => r.payoutCents > 0)).toHaveLength(paidPlaces(3));
    expect(Math.abs(summary.roundingCents)).toBeLessThanOrEqual(25);
  });

  it("a division where nobody finished pays no one", () => {
    const summary = computeDivisionPayouts(withDnf([], 3), PAYOUT);
    expect(summary.skipped).toBe(false);
    expect(summary.paidCents).toBe(0);
    expect(summary.results.every((r) => r.position === 1 && r.payoutCents === 0)).toBe(true);
  });

  it("a score still 0 without DNF keeps the division waiting, DNFs or not", () => {
    expect(computeDivisionPayouts([...withDnf([50], 1), { id: 9, division: "MA1", score: 0 }], PAYOUT).skipped).toBe(true);
  });
});

describe("invariants over many fields", () => {
  it("every payout is a whole multiple of 25 cents and the pool is honoured", () => {
    for (const perEntry of [450, 333, 1, 0]) {
      for (let n = 1; n <= 120; n++) {
        const scores = Array.from({ length: n }, (_, i) => 40 + ((i * 7) % 13)); // many ties
        const summary = computeDivisionPayouts(field(scores), perEntry);
        for (const r of summary.results) expect(r.payoutCents % 25, `n ${n} $${perEntry}`).toBe(0);
        expect(summary.results.filter((r) => r.position > paidPlaces(n)).every((r) => r.payoutCents === 0)).toBe(true);
        expect(summary.poolCents).toBe(n * perEntry);
        expect(summary.paidCents).toBe(summary.results.reduce((a, r) => a + r.payoutCents, 0));
        // Every player of a paid tie group may be rounded by up to half a quarter.
        const paidGroupPlayers = summary.results.filter((r) => r.position <= paidPlaces(n)).length;
        expect(Math.abs(summary.roundingCents), `n ${n} $${perEntry}`).toBeLessThanOrEqual(12.5 * paidGroupPlayers);
      }
    }
  });

  it("rejects a payout that is not whole cents", () => {
    expect(() => computeDivisionPayouts(field([50]), 4.5)).toThrow(RangeError);
  });
});

describe("result label", () => {
  it("is position/total|(division), ties sharing the position", () => {
    const results = byId(computeDivisionPayouts(field([45, 44, 44, 60], "FA40"), PAYOUT).results);
    expect(results.get(1)?.result).toBe("3/4|(FA40)");
    expect(results.get(2)?.result).toBe("1/4|(FA40)");
    expect(results.get(3)?.result).toBe("1/4|(FA40)");
    expect(results.get(4)?.result).toBe("4/4|(FA40)");
  });
});

describe("computeRoundPayouts", () => {
  it("ranks and pays each division on its own, skipping incomplete ones", () => {
    const entries: PayoutEntryInput[] = [
      { id: 1, division: "MPO", score: 50 },
      { id: 2, division: "FA1", score: 60 },
      { id: 3, division: "MPO", score: 48 },
      { id: 4, division: "MA40", score: 0 },
      { id: 5, division: "FA1", score: 58 },
      { id: 6, division: "MPO", score: 52 },
      { id: 7, division: "MA40", score: 55 },
    ];
    const results = byId(computeRoundPayouts(entries, PAYOUT));
    expect([...results.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 6]);
    // MPO: 3 entries, pool 1350, P = 2 at 65/35 → 877.5 → 875, 472.5 → 475.
    expect(results.get(3)).toMatchObject({ position: 1, total: 3, payoutCents: 875, result: "1/3|(MPO)" });
    expect(results.get(1)).toMatchObject({ position: 2, total: 3, payoutCents: 475, result: "2/3|(MPO)" });
    expect(results.get(6)).toMatchObject({ position: 3, total: 3, payoutCents: 0 });
    // FA1: 2 entries, pool 900 to the single paid place.
    expect(results.get(5)).toMatchObject({ position: 1, total: 2, payoutCents: 900, result: "1/2|(FA1)" });
    expect(results.get(2)).toMatchObject({ position: 2, total: 2, payoutCents: 0 });

    const summaries = computeRoundDivisionSummaries(entries, PAYOUT);
    expect(summaries.map((s) => [s.division, s.skipped, s.poolCents, s.paidCents])).toEqual([
      ["MPO", false, 1350, 1350],
      ["FA1", false, 900, 900],
      ["MA40", true, 900, 0],
    ]);
  });

  it("returns nothing for no entries", () => {
    expect(computeRoundPayouts([], PAYOUT)).toEqual([]);
  });
});
