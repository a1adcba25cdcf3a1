import { describe, expect, it } from "vitest";
import { capsOf, fullMessage, placesLeft, placesLine, settledField } from "~/lib/waitlist/field-places";

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

describe("the field as the settled list will read it", () => {
  it("gives each free place to the first waiting player whose division has room, in the list's order", () => {
    const caps = capsOf(20, JSON.stringify({ FPO: 4 }));
    // Two places free; the FPO division is full, so the first FPO player keeps waiting.
    const settled = settledField(caps, taken(18, { MA1: 14, FPO: 4 }), ["FPO", "MA1", "MA2", "MA1"], true);
    expect(settled).toEqual({ taken: taken(20, { MA1: 15, FPO: 4, MA2: 1 }), waiting: 2 });
    expect(fullMessage(caps, settled.taken, "MA1")).toBe("The round is full.");
  });

  it("changes nothing while no place is offered (the round closed or started), or none is free", () => {
    const caps = capsOf(2, null);
    expect(settledField(caps, taken(1, { MA1: 1 }), ["MA1"], false)).toEqual({ taken: taken(1, { MA1: 1 }), waiting: 1 });
    expect(settledField(caps, taken(2, { MA1: 2 }), ["MA1", "MA2"], true)).toEqual({ taken: taken(2, { MA1: 2 }), waiting: 2 });
  });
});
