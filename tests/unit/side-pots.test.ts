import { describe, expect, it } from "vitest";
import { CUSTOM_HOLE, floorToQuarter, potHoles, splitPot } from "~/lib/sidepots/side-pots";

// How a side pot is paid: equal shares per hole, each split between the hole's winners, all
// rounded down to the quarter; what nobody won and the odd cents roll over.

const winners = (pairs: [number, number[]][]) => new Map(pairs);

describe("splitPot", () => {
  it("pays each CTP hole half of a two-hole pot", () => {
    const r = splitPot(
      2_000,
      [3, 7],
      winners([
        [3, [11]],
        [7, [12]],
      ]),
    );
    expect(r.wins).toEqual([
      { hole: 3, entryId: 11, amountCents: 1_000 },
      { hole: 7, entryId: 12, amountCents: 1_000 },
    ]);
    expect(r).toMatchObject({ paidCents: 2_000, rolloverCents: 0 });
  });

  it("rolls over the share of a hole nobody won", () => {
    const r = splitPot(2_000, [3, 7], winners([[3, [11]]]));
    expect(r).toMatchObject({ paidCents: 1_000, rolloverCents: 1_000 });
  });

  it("splits a tie to the quarter and rolls the odd cents over", () => {
    // $10 between three: $3.25 each ($3.33 rounded down to the quarter), $0.25 rolls over.
    const r = splitPot(1_000, [CUSTOM_HOLE], winners([[CUSTOM_HOLE, [5, 6, 7]]]));
    expect(r.wins.map((w) => w.amountCents)).toEqual([325, 325, 325]);
    expect(r).toMatchObject({ paidCents: 975, rolloverCents: 25 });
  });

  it("rounds each hole's share down to the quarter before the tie", () => {
    // $7.10 over two holes: $3.50 a hole; a tie on hole 1 gives $1.75 each; $0.10 rolls over.
    const r = splitPot(
      710,
      [1, 2],
      winners([
        [1, [1, 2]],
        [2, [3]],
      ]),
    );
    expect(r.wins.map((w) => w.amountCents)).toEqual([175, 175, 350]);
    expect(r.rolloverCents).toBe(10);
  });

  it("pays nothing when nobody won, and keeps every cent", () => {
    expect(splitPot(1_234, [2], new Map())).toEqual({ wins: [], paidCents: 0, rolloverCents: 1_234 });
  });

  it("pays nothing from a pot smaller than a quarter a winner", () => {
    expect(splitPot(40, [1], winners([[1, [1, 2]]]))).toMatchObject({ paidCents: 0, rolloverCents: 40 });
  });

  it("refuses a prize that is not whole cents", () => {
    expect(() => splitPot(10.5, [1], new Map())).toThrow(RangeError);
  });
});

describe("floorToQuarter and potHoles", () => {
  it("rounds down to a multiple of 25 cents", () => {
    expect([0, 24, 25, 49, 333].map(floorToQuarter)).toEqual([0, 0, 25, 25, 325]);
  });
  it("reads a CTP pot's stored holes and gives a custom pot its one", () => {
    expect(potHoles("ctp", "[3,7]")).toEqual([3, 7]);
    expect(potHoles("ctp", "not json")).toEqual([]);
    expect(potHoles("custom", null)).toEqual([CUSTOM_HOLE]);
  });
});
