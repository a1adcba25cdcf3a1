// Player search with what a hostile (or clumsy) visitor types: D1 refuses a LIKE pattern
// over 50 bytes, so a 49-character search, or 25 `%` once escaped, answered 500. The text is
// now capped at 40 characters (400, readable) and matched literally at any byte length.
import { describe, expect, it } from "vitest";
import { makePlayer, uniq } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { expectError, getPublic } from "./http";
import { searchPlayers } from "~/.server/services/players/players";
import { testDb } from "../fixtures";
import * as adminPlayerPage from "~/routes/admin-player";
import * as playersPage from "~/routes/players";

type Hit = { id: number };
const search = (text: string) => getPublic<Hit[]>(`/api/players/search/${encodeURIComponent(text)}`);

describe("player search bounds", () => {
  it("a search of 41, 49 or 100 characters is a 400 that says the limit", async () => {
    for (const n of [41, 49, 100]) {
      const res = await expectError(`/api/players/search/${"x".repeat(n)}`, 400, "bad_request");
      expect(res.error).toBe("Search for at most 40 characters");
    }
  });

  it("% and _ match themselves, however many: 25 % signs are a search, not a 500", async () => {
    const tag = uniq();
    const pct = await makePlayer({ firstName: `Pct${tag}%%`, lastName: "Literal" });
    const under = await makePlayer({ firstName: `Und${tag}_x`, lastName: "Literal" });
    await makePlayer({ firstName: `Pct${tag}ab`, lastName: "Literal" });
    await makePlayer({ firstName: `Und${tag}yx`, lastName: "Literal" });
    expect(await search("%".repeat(25))).toEqual([]);
    expect(await search("_".repeat(40))).toEqual([]);
    expect((await search(`Pct${tag}%%`)).map((p) => p.id)).toEqual([pct.id]);
    expect((await search(`Und${tag}_x`)).map((p) => p.id)).toEqual([under.id]);
  });

  it("40 characters that are 2 or 4 bytes each (160 bytes) still search", async () => {
    const tag = uniq();
    const accented = await makePlayer({ firstName: `Zoé${tag}`, lastName: "Ébène" });
    expect(await search("é".repeat(40))).toEqual([]);
    expect(await search("😀".repeat(20))).toEqual([]);
    // One word of a full 40 characters, matched case-insensitively (ASCII, as before).
    const long = await makePlayer({ firstName: `L${tag}`.padEnd(40, "q"), lastName: "Long" });
    expect((await search(`l${tag}`.padEnd(40, "Q"))).map((p) => p.id)).toEqual([long.id]);
    expect((await searchPlayers(testDb(), `Zoé${tag} Ébène`)).map((p) => p.id)).toEqual([accented.id]);
  });

  for (const [name, route, who] of [
    ["/players", playersPage, "nobody"],
    ["/admin/player", adminPlayerPage, "admin"],
  ] as const) {
    it(`${name}?q= with 49 characters or 25 % signs answers the page with a message, not a failure`, async () => {
      const long = await outcome(route.loader(await argsFor(who, `${name}?q=${"x".repeat(49)}`)));
      expect(long.status).toBe(200);
      expect(long.data).toMatchObject({ results: null, searchError: "Search for at most 40 characters" });
      const pct = await outcome(route.loader(await argsFor(who, `${name}?q=${"%25".repeat(25)}`)));
      expect(pct.status).toBe(200);
      expect(pct.data).toMatchObject({ results: [], searchError: null });
    });
  }
});
