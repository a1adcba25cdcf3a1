// The deployment's front door (ADR 46): the active leagues by name, each with its slug, the
// default league named by the vars until its row names it; a search keeps the names that
// have every word typed; a frozen or moved league is left out.
import { env } from "cloudflare:workers";
import { ne } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { testDb } from "../fixtures";
import { leagues } from "~/.server/db/schema";
import { listLeagues } from "~/.server/services/leagues/league-list";

afterAll(() => testDb().delete(leagues).where(ne(leagues.id, 1)));

describe("listLeagues", () => {
  it("lists active leagues by name, the default one named by the vars", async () => {
    await testDb()
      .insert(leagues)
      .values([
        { slug: "wednesday-doubles", name: "Wednesday Doubles", timeZone: "America/Denver" },
        { slug: "alpine-minis", name: "alpine minis", timeZone: "America/Denver" },
        { slug: "paused-league", name: "Paused League", timeZone: "America/Denver", status: "frozen" },
        { slug: "moved-away", name: "Moved Away", timeZone: "America/Denver", status: "moved" },
      ]);
    const all = await listLeagues(testDb(), env);
    expect(all).toEqual([
      { slug: "alpine-minis", name: "alpine minis", isDefault: false },
      { slug: "league", name: env.LEAGUE_NAME, isDefault: true },
      { slug: "wednesday-doubles", name: "Wednesday Doubles", isDefault: false },
    ]);
  });

  it("keeps the leagues whose name has every word searched, in any case", async () => {
    expect((await listLeagues(testDb(), env, "WED doub")).map((l) => l.slug)).toEqual(["wednesday-doubles"]);
    expect((await listLeagues(testDb(), env, "thursday")).map((l) => l.slug)).toEqual(["league"]);
    expect(await listLeagues(testDb(), env, "no such words")).toEqual([]);
  });
});
