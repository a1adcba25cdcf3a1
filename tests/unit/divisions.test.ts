import { describe, expect, it } from "vitest";
import { DIVISIONS, compareDivisions, divisionChoices, isDivision } from "~/lib/players/divisions";

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

  it("offer the league's divisions first, in its order, and every other PDGA division after", () => {
    const { league, other } = divisionChoices(["MA3", "FPO", "MA3", "XYZ", "MPO"]);
    // Its order, each once, only PDGA codes.
    expect(league).toEqual(["MA3", "FPO", "MPO"]);
    // The rest of the spec's list, in the spec's order, none of the league's again.
    expect(other).toEqual(DIVISIONS.filter((d) => !["MA3", "FPO", "MPO"].includes(d)));
    expect([...league, ...other].sort()).toEqual([...DIVISIONS].sort());
  });
});
