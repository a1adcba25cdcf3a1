import { describe, expect, it } from "vitest";
import { DIVISIONS, compareDivisions, isDivision } from "~/lib/divisions";

describe("divisions", () => {
  it("sort in the spec's order, not alphabetically, with unknown ones after", () => {
    expect(["MA1", "FPO", "MJ08", "MPO", "MP40", "ZZZ", "MA40", "AAA"].sort(compareDivisions)).toEqual([
      "MPO",
      "MP40",
      "FPO",
      "MA1",
      "MA40",
      "MJ08",
      "AAA",
      "ZZZ",
    ]);
  });

  it("know the spec's 23 divisions and nothing else", () => {
    expect(DIVISIONS).toHaveLength(23);
    expect(isDivision("MA2")).toBe(true);
    expect(isDivision("ma2")).toBe(false);
    expect(isDivision("PRO")).toBe(false);
  });
});
