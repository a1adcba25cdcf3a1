import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makePlayer, testDb } from "../fixtures";
import { fullNameSql } from "~/.server/db/player-name";
import { players } from "~/.server/db/schema";
import { fullName } from "~/lib/players/player-name";

// A player's name is joined in TypeScript (fullName) and in SQL (fullNameSql); a page
// shows both side by side and the search matches on the SQL one, so they must agree.
describe("a player's full name in SQL and in TypeScript", () => {
  it.each([
    ["Jane", "Doe"],
    ["Juan", "de la Cruz"],
    ["Zoë", "O'Brien"],
  ])("%s %s: the same text from the query builder, a hand-written query and fullName", async (fn, ln) => {
    const p = await makePlayer({ firstName: fn, lastName: ln });
    const [built] = await testDb()
      .select({ name: fullNameSql(players) })
      .from(players)
      .where(eq(players.id, p.id));
    const [raw] = await testDb().all<{ name: string }>(sql`select ${fullNameSql("p")} as name from players p where p.id = ${p.id}`);
    const expected = fullName({ firstName: fn, lastName: ln });
    expect(expected).toBe(`${fn} ${ln}`);
    expect(built?.name).toBe(expected);
    expect(raw?.name).toBe(expected);
  });

  it("refuses an alias that is not a plain name (it is written into the SQL as is)", () => {
    expect(() => fullNameSql("p; drop table players")).toThrow(/alias/);
  });
});
