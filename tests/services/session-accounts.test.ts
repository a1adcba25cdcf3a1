// The session reads the account (the deployment's) and the user's claim (the league's) as two
// reads asked at once, never a join (ADR 46): what it says of the claim is unchanged.
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadSessionUser } from "~/.server/auth/current-user";
import { getDb } from "~/.server/db/client";
import { claims } from "~/.server/db/schema";
import { makeAdmin, makeUser } from "../auth-fixtures";
import { makePlayer, testDb } from "../fixtures";

/** A D1 binding that keeps the SQL of every statement prepared on it. */
function recording() {
  const statements: string[] = [];
  const binding = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare")
        return (query: string) => {
          statements.push(query);
          return target.prepare(query);
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: getDb(binding, DEFAULT_LEAGUE_ID), statements };
}

describe("the session's reads", () => {
  it("read users without claims and claims without users", async () => {
    const user = await makeUser();
    const { db, statements } = recording();
    await loadSessionUser(db, user.id, DEFAULT_LEAGUE_ID);
    const reads = statements.map((s) => s.toLowerCase());
    expect(reads.some((s) => /"users"/.test(s))).toBe(true);
    for (const s of reads) expect(/"users"/.test(s) && /\bclaims\b/.test(s)).toBe(false);
  });

  it("say the same of a claim as before: approved links the player, else the newest live one's status", async () => {
    const [user, other, admin] = await Promise.all([makeUser(), makeUser(), makeAdmin()]);
    const [p1, p2, p3] = await Promise.all([makePlayer(), makePlayer(), makePlayer()]);
    expect(await loadSessionUser(testDb(), user.id, DEFAULT_LEAGUE_ID)).toMatchObject({
      id: user.id,
      linkedPlayerId: null,
      claimStatus: null,
    });

    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: p1.id, status: "withdrawn" });
    expect(await loadSessionUser(testDb(), user.id, DEFAULT_LEAGUE_ID)).toMatchObject({ linkedPlayerId: null, claimStatus: null });
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: p2.id, status: "pending" });
    expect(await loadSessionUser(testDb(), user.id, DEFAULT_LEAGUE_ID)).toMatchObject({ linkedPlayerId: null, claimStatus: "pending" });
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: other.id, playerId: p3.id, status: "approved" });
    expect(await loadSessionUser(testDb(), other.id, DEFAULT_LEAGUE_ID)).toMatchObject({ linkedPlayerId: p3.id, claimStatus: "approved" });
    // The operator claims no player: no status, whatever the rows say.
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: admin.id, playerId: p1.id, status: "pending" });
    expect(await loadSessionUser(testDb(), admin.id, DEFAULT_LEAGUE_ID)).toMatchObject({ isOperator: true, claimStatus: null });
    expect(await loadSessionUser(testDb(), 987_654_321, DEFAULT_LEAGUE_ID)).toBeNull();
  });
});
