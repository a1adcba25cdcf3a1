import { describe, expect, it } from "vitest";
import { placeLabels, positionLabel, resultGroups } from "~/lib/rounds/results";

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

  it("labels an entry that did not finish DNF and places the finishers without it", () => {
    const map = placeLabels([{ id: 1, score: 0, dnf: true }, ...of(0, 52, 49).slice(1)]);
    expect([map.get(1), map.get(2), map.get(3)]).toEqual(["DNF", "2", "1"]);
  });
});

describe("resultGroups", () => {
  const entry = (id: number, division: string, score: number) => ({
    id,
    playerId: 100 + id,
    firstName: `F${id}`,
    lastName: `L${id}`,
    division,
    score,
    entryPayoutCents: 0,
    rating: null,
  });
  const entries = [
    entry(1, "MA1", 50),
    entry(2, "MPO", 47),
    entry(3, "MA1", 48),
    entry(4, "FA1", 0),
    entry(5, "MA1", 48),
    entry(6, "MPO", 51),
  ];

  it("groups by division in the league's order (not the alphabet), rows in the given order with their places", () => {
    const groups = resultGroups(entries, []);
    expect(groups.map((g) => g.division)).toEqual(["MPO", "MA1", "FA1"]);
    expect(groups[1].rows.map((r) => [r.id, r.place])).toEqual([
      [1, "3"],
      [3, "T1"],
      [5, "T1"],
    ]);
    expect(groups[2].rows[0].place).toBeNull();
  });

  it("names every winner of a tie, none in a division without scores", () => {
    const [mpo, ma1, fa1] = resultGroups(entries, []);
    expect(mpo.winners.map((r) => r.id)).toEqual([2]);
    expect(ma1.winners.map((r) => r.id)).toEqual([3, 5]);
    expect(fa1.winners).toEqual([]);
  });

  it("marks who hit an ace, and carries each handicap only when net scores are asked for", () => {
    const plain = resultGroups(entries, [103]).flatMap((g) => g.rows);
    expect(plain.filter((r) => r.ace).map((r) => r.id)).toEqual([3]);
    expect(plain.some((r) => "handicap" in r)).toBe(false);
    const net = resultGroups(entries, [], { 101: { handicap: 4.5 }, 102: null }).flatMap((g) => g.rows);
    expect(Object.fromEntries(net.map((r) => [r.id, r.handicap]))).toEqual({ 1: 4.5, 2: null, 3: null, 4: null, 5: null, 6: null });
  });
});
