import { describe, expect, it } from "vitest";
import { AcePotQuery, RangeParam, RoundIdListParam } from "../../workers/api/params";
import { idSchema } from "~/schemas/ids";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("idSchema", () => {
  it("takes the digits of a positive safe integer", () => {
    expect(idSchema("round id").parse("12")).toBe(12);
    expect(idSchema("round id").parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses anything else with one readable message", () => {
    for (const bad of ["", "0", "-1", "1.5", "1e3", "0x10", " 1", "9007199254740993", "abc", undefined, ["1", "2"]]) {
      expect(firstMessage(idSchema("user id").safeParse(bad)), String(bad)).toBe("Invalid user id");
    }
  });
});

describe("the /api's list and query parameters", () => {
  it("a round id list: empty items ignored, items trimmed, count checked before the ids", () => {
    expect(RoundIdListParam.parse({ ids: "3,,1, 2" }).ids).toEqual([3, 1, 2]);
    expect(firstMessage(RoundIdListParam.safeParse({ ids: ",," }))).toBe("Give one or more round ids, separated by commas");
    expect(firstMessage(RoundIdListParam.safeParse({ ids: `${"1,".repeat(500)}x` }))).toBe("At most 500 round ids");
    expect(firstMessage(RoundIdListParam.safeParse({ ids: "1,x" }))).toBe("Invalid round id");
  });

  it("a range is thisYear or all", () => {
    expect(RangeParam.parse({ range: "all" }).range).toBe("all");
    expect(firstMessage(RangeParam.safeParse({ range: "All" }))).toBe("Range must be thisYear or all");
  });

  it("the ace pot's roundId is optional, and empty means absent", () => {
    expect(AcePotQuery.parse({})).toEqual({ roundId: undefined });
    expect(AcePotQuery.parse({ roundId: "" })).toEqual({ roundId: undefined });
    expect(AcePotQuery.parse({ roundId: "7" })).toEqual({ roundId: 7 });
    expect(firstMessage(AcePotQuery.safeParse({ roundId: "x" }))).toBe("Invalid round id");
  });
});
