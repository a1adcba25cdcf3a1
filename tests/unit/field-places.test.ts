import { describe, expect, it } from "vitest";
import { capsOf, fullMessage, placesLeft, placesLine } from "~/lib/field-places";

const taken = (total: number, byDivision: Record<string, number>) => ({ total, byDivision });

describe("a round's field against its caps", () => {
  it("counts places left against the round's cap and the division's, the smaller winning", () => {
    const caps = capsOf(20, JSON.stringify({ FPO: 4 }));
    expect(placesLeft(caps, taken(18, { MA1: 15, FPO: 3 }), "MA1")).toBe(2);
    expect(placesLeft(caps, taken(18, { MA1: 15, FPO: 3 }), "FPO")).toBe(1);
    expect(placesLeft(caps, taken(18, { MA1: 14, FPO: 4 }), "FPO")).toBe(0);
    expect(placesLeft(caps, taken(21, { MA1: 21 }), "MA1")).toBe(0);
    expect(placesLeft(capsOf(null, null), taken(500, {}), "MA1")).toBe(Number.POSITIVE_INFINITY);
  });

  it("says which is full", () => {
    const caps = capsOf(10, JSON.stringify({ FPO: 2 }));
    expect(fullMessage(caps, taken(10, { MA1: 10 }), "MA1")).toBe("The round is full.");
    expect(fullMessage(caps, taken(5, { FPO: 2 }), "FPO")).toBe("The FPO division is full.");
    expect(fullMessage(caps, taken(5, { FPO: 2 }), "MA1")).toBeNull();
  });

  it("reads unusable stored caps as none", () => {
    expect(capsOf(null, "not json")).toEqual({ total: null, divisions: {} });
    expect(capsOf(null, JSON.stringify({ MA1: -1, FPO: 2.5, MA2: 3 }))).toEqual({ total: null, divisions: { MA2: 3 } });
  });

  it("writes the count", () => {
    expect(placesLine(18, 20)).toBe("18 of 20 places");
    expect(placesLine(1, null)).toBe("1 player");
  });
});
