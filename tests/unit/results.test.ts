import { describe, expect, it } from "vitest";
import { placeLabels, positionLabel } from "~/lib/results";

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

describe("placeLabels", () => {
  const of = (...scores: number[]) => scores.map((score, i) => ({ id: i + 1, score }));
  const labels = (...scores: number[]) => [...placeLabels(of(...scores)).entries()].sort((a, b) => a[0] - b[0]).map(([, l]) => l);

  it("writes places as 1, T2, T2, 4: a tie shares its place and the next place is skipped", () => {
    expect(labels(48, 50, 50, 53)).toEqual(["1", "T2", "T2", "4"]);
    expect(labels(50, 50, 50)).toEqual(["T1", "T1", "T1"]);
    expect(labels(55, 47, 61)).toEqual(["2", "1", "3"]);
  });

  it("gives no place to an unscored entry, and does not count it", () => {
    const map = placeLabels(of(0, 52, 0, 49));
    expect(map.has(1)).toBe(false);
    expect(map.has(3)).toBe(false);
    expect([map.get(2), map.get(4)]).toEqual(["2", "1"]);
  });

  it("is empty for a round no one has scored", () => {
    expect(placeLabels(of(0, 0)).size).toBe(0);
  });
});
