import { describe, expect, it } from "vitest";
import { positionLabel } from "~/lib/results";

describe("positionLabel", () => {
  it("reads 'position/total' from a result label, whatever note follows", () => {
    expect(positionLabel("3/7|(MA1)")).toBe("3 of 7");
    expect(positionLabel("10/12|tie-break")).toBe("10 of 12");
    expect(positionLabel("1/1")).toBe("1 of 1");
  });

  it("is null without a result or for a label that does not start with one", () => {
    expect(positionLabel(null)).toBeNull();
    expect(positionLabel("")).toBeNull();
    expect(positionLabel("DNF")).toBeNull();
    expect(positionLabel("x3/7")).toBeNull();
  });
});
