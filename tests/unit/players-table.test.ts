import { describe, expect, it } from "vitest";
import { DIVISIONS, divisionRank, divisionsPresent } from "~/lib/players/divisions";
import { sortSearch } from "~/lib/shared/sort";
import { type PlayerListRow, filterPlayers, nameWords, playersView, sortPlayers } from "~/lib/players/players-table";

let nextId = 1;
function row(fn: string, ln: string, more: Partial<PlayerListRow> = {}): PlayerListRow {
  return {
    id: nextId++,
    firstName: fn,
    lastName: ln,
    division: "MA1",
    roundCount: 0,
    roundCountYear: 0,
    average: null,
    thisYearAverage: null,
    balanceCents: 0,
    ...more,
  };
}

const ann = row("Ann", "Baker", { division: "FA1", balanceCents: 500, average: 60.2, roundCount: 10 });
const zed = row("Zed", "Adams", { division: "MPO", balanceCents: 0, average: 48.1, roundCount: 30 });
const bob = row("Bob", "Baker", { division: "MA2", balanceCents: 500, average: null, roundCount: 0 });
const cy = row("cy", "d'Angelo", { division: "MP40", balanceCents: 1250, average: 55, roundCount: 3 });
const all = [ann, zed, bob, cy];
const names = (list: PlayerListRow[]) => list.map((p) => `${p.firstName} ${p.lastName}`);

describe("divisions", () => {
  it("orders divisions as the spec lists them, not alphabetically; unknown ones last", () => {
    expect(DIVISIONS.slice(0, 3)).toEqual(["MPO", "MP40", "MP50"]);
    expect(divisionsPresent(["MA2", "FA1", "MPO", "MA1", "MA2", "XYZ", "MP40"])).toEqual(["MPO", "MP40", "MA1", "MA2", "FA1", "XYZ"]);
    expect(divisionRank("XYZ")).toBe(DIVISIONS.length);
  });
});

describe("sorting the players table", () => {
  it("sorts names by last then first name, case-insensitively, both ways", () => {
    expect(names(sortPlayers(all, { column: "name", dir: "asc" }))).toEqual(["Zed Adams", "Ann Baker", "Bob Baker", "cy d'Angelo"]);
    expect(names(sortPlayers(all, { column: "name", dir: "desc" }))).toEqual(["cy d'Angelo", "Bob Baker", "Ann Baker", "Zed Adams"]);
  });

  it("sorts numbers either way with ties by name and players without an average last both ways", () => {
    expect(names(sortPlayers(all, { column: "balance", dir: "desc" }))).toEqual(["cy d'Angelo", "Ann Baker", "Bob Baker", "Zed Adams"]);
    expect(names(sortPlayers(all, { column: "balance", dir: "asc" }))).toEqual(["Zed Adams", "Ann Baker", "Bob Baker", "cy d'Angelo"]);
    expect(names(sortPlayers(all, { column: "average", dir: "desc" }))).toEqual(["Ann Baker", "cy d'Angelo", "Zed Adams", "Bob Baker"]);
    expect(names(sortPlayers(all, { column: "average", dir: "asc" }))).toEqual(["Zed Adams", "cy d'Angelo", "Ann Baker", "Bob Baker"]);
  });

  it("sorts divisions in the spec's order", () => {
    expect(sortPlayers(all, { column: "division", dir: "asc" }).map((p) => p.division)).toEqual(["MPO", "MP40", "MA2", "FA1"]);
  });

  it("does not change the list it was given", () => {
    const copy = [...all];
    sortPlayers(all, { column: "balance", dir: "desc" });
    expect(all).toEqual(copy);
  });
});

describe("filtering the players table", () => {
  it("keeps players whose full name holds every word, in the division if one is given", () => {
    expect(names(filterPlayers(all, null, nameWords("bak")))).toEqual(["Ann Baker", "Bob Baker"]);
    expect(names(filterPlayers(all, null, nameWords("  ANN   baker ")))).toEqual(["Ann Baker"]);
    expect(names(filterPlayers(all, "MA2", nameWords("baker")))).toEqual(["Bob Baker"]);
    expect(names(filterPlayers(all, "MA2", []))).toEqual(["Bob Baker"]);
    expect(filterPlayers(all, null, nameWords("nobody"))).toEqual([]);
  });

  it("caps the name filter at 50 characters and 5 words", () => {
    expect(nameWords("a b c d e f g")).toEqual(["a", "b", "c", "d", "e"]);
    expect(nameWords("x".repeat(500))[0]).toHaveLength(50);
    expect(nameWords(null)).toEqual([]);
  });
});

describe("the view for a URL", () => {
  it("reads sort, direction, division and name", () => {
    const view = playersView(all, new URLSearchParams("sort=balance&dir=asc&division=FA1&name=An"));
    expect(view.sort).toEqual({ column: "balance", dir: "asc" });
    expect(view.division).toBe("FA1");
    expect(view.name).toBe("An");
    expect(names(view.players)).toEqual(["Ann Baker"]);
    expect(view.total).toBe(4);
    expect(view.divisions).toEqual(["MPO", "MP40", "MA2", "FA1"]);
  });

  it("falls back to every player by name for parameters it does not know", () => {
    const view = playersView(all, new URLSearchParams("sort=bogus&dir=x&division=<script>alert(1)</script>&name="));
    expect(view.sort).toEqual({ column: "name", dir: "asc" });
    expect(view.division).toBeNull();
    expect(view.players).toHaveLength(4);
    // A division the spec lists but no player plays in is not offered, so it is ignored too.
    expect(playersView(all, new URLSearchParams("division=MJ06")).division).toBeNull();
    // A known column with a bad direction keeps the column and the default direction.
    expect(playersView(all, new URLSearchParams("sort=average&dir=sideways")).sort).toEqual({ column: "average", dir: "asc" });
  });

  it("shows one page of the sorted, filtered list; paging counts the players the filters keep", () => {
    // By balance high to low, two a page: the order runs on across pages.
    const byBalance = names(playersView(all, new URLSearchParams("sort=balance&dir=desc"), 100).players);
    const first = playersView(all, new URLSearchParams("sort=balance&dir=desc"), 2);
    const second = playersView(all, new URLSearchParams("sort=balance&dir=desc&page=2"), 2);
    expect([...names(first.players), ...names(second.players)]).toEqual(byBalance);
    expect(first.paging).toEqual({ page: 1, pageSize: 2, total: 4, pages: 2 });
    expect(second.paging.page).toBe(2);
    // Filtered: the count is of the matches, the total of everyone.
    const bakers = playersView(all, new URLSearchParams("name=baker"), 1);
    expect(bakers.paging).toMatchObject({ total: 2, pages: 2 });
    expect(bakers.total).toBe(4);
    // Past the end: no rows (the page says so); a bad page number is page 1.
    expect(playersView(all, new URLSearchParams("page=9"), 2).players).toEqual([]);
    expect(playersView(all, new URLSearchParams("page=-1"), 2).paging.page).toBe(1);
    expect(playersView(all, new URLSearchParams("page=abc"), 2).players).toHaveLength(2);
    // A column header's link keeps the filters and starts the new order at its first page.
    expect(sortSearch("?name=baker&page=3", "balance", "desc")).toBe("?name=baker&sort=balance&dir=desc");
  });
});
