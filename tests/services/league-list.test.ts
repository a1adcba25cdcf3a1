// The deployment's front door (ADR 46): the leagues a visitor can find, by name, each with its
// slug and town, the default league named by the vars until its row names it. Listed: active,
// at least one round, not closed, not suspended, not left off by its owner or the operator. A
// search keeps the leagues whose name and town have every word typed.
import { env } from "cloudflare:workers";
import { ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundValues, testDb } from "../fixtures";
import { leagues, rounds } from "~/.server/db/schema";
import { listLeagues } from "~/.server/services/leagues/league-list";

afterAll(async () => {
  await testDb().delete(rounds).where(ne(rounds.leagueId, 1));
  await testDb().delete(leagues).where(ne(leagues.id, 1));
});

const base = { timeZone: "America/Denver" };

beforeAll(async () => {
  const made = await testDb()
    .insert(leagues)
    .values([
      { ...base, slug: "wednesday-doubles", name: "Wednesday Doubles", town: "Springfield, IL" },
      { ...base, slug: "alpine-minis", name: "alpine minis", town: "Boulder, CO" },
      { ...base, slug: "no-rounds-yet", name: "No Rounds Yet" },
      { ...base, slug: "paused-league", name: "Paused League", status: "frozen" },
      { ...base, slug: "moved-away", name: "Moved Away", status: "moved" },
      { ...base, slug: "closed-league", name: "Closed League", closedAt: 1 },
      { ...base, slug: "suspended-league", name: "Suspended League", suspendedAt: 1 },
      { ...base, slug: "owner-hid-it", name: "Owner Hid It", hiddenByOwner: true },
      { ...base, slug: "operator-hid-it", name: "Operator Hid It", hiddenByOperator: true },
    ])
    .returning({ id: leagues.id, slug: leagues.slug });
  const played = made.filter((l) => l.slug !== "no-rounds-yet");
  // The default league's own round too: it is listed like any other.
  for (const leagueId of [1, ...played.map((l) => l.id)])
    await testDb()
      .insert(rounds)
      .values({ ...roundValues(), leagueId });
});

describe("listLeagues", () => {
  it("lists the open, listed leagues with a round, by name, each with its town", async () => {
    expect(await listLeagues(testDb(), env)).toEqual([
      { slug: "alpine-minis", name: "alpine minis", isDefault: false, town: "Boulder, CO" },
      { slug: "league", name: env.LEAGUE_NAME, isDefault: true, town: null },
      { slug: "wednesday-doubles", name: "Wednesday Doubles", isDefault: false, town: "Springfield, IL" },
    ]);
  });

  it("keeps the leagues whose name and town have every word searched, in any case", async () => {
    expect((await listLeagues(testDb(), env, "WED doub")).map((l) => l.slug)).toEqual(["wednesday-doubles"]);
    expect((await listLeagues(testDb(), env, "springfield")).map((l) => l.slug)).toEqual(["wednesday-doubles"]);
    expect((await listLeagues(testDb(), env, "minis boulder")).map((l) => l.slug)).toEqual(["alpine-minis"]);
    expect((await listLeagues(testDb(), env, "thursday")).map((l) => l.slug)).toEqual(["league"]);
    expect(await listLeagues(testDb(), env, "closed")).toEqual([]);
    expect(await listLeagues(testDb(), env, "no such words")).toEqual([]);
  });
});
