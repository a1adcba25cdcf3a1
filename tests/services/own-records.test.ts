// Player records users add for themselves are public at once, so they are limited
// (ADR 23): a user may hold MAX_UNAPPROVED_OWN_RECORDS records no approved claim holds,
// and one client address may add 10 a day. Refusals write nothing.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeAdmin, makeUser, uniqueIp } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, refusal, testDb, uniq } from "../fixtures";
import { claims, players } from "~/.server/db/schema";
import { unclaim } from "~/.server/services/players/claims";
import { MAX_UNAPPROVED_OWN_RECORDS, OWN_RECORD_MESSAGES, unapprovedOwnRecords } from "~/.server/services/players/own-records";
import { addOwnPlayer, removeOwnRecord } from "~/.server/services/players/player-admin";
import { LIMITS } from "~/.server/rate-limit";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const values = () => ({ firstName: `Own${uniq()}`, lastName: "Record", pdga: null, division: "MA3" as const, inactive: false });
const db = () => testDb();
const createdBy = async (userId: number) => db().select().from(players).where(eq(players.createdByUserId, userId));

/** Adds a record for `user` and withdraws the claim on it, as the abuse loop does. */
async function addAndWithdraw(user: { id: number; isOperator: boolean }, client: string) {
  const { playerId, claim } = await addOwnPlayer(db(), user, values(), client);
  await unclaim(db(), user.id, claim.id);
  return playerId;
}

describe("addOwnPlayer limits", () => {
  it("records who added the record", async () => {
    const user = await makeUser();
    const { playerId } = await addOwnPlayer(db(), user, values(), uniqueIp());
    const [row] = await db().select().from(players).where(eq(players.id, playerId));
    expect(row?.createdByUserId).toBe(user.id);
  });

  it(`add, withdraw, repeat: the ${MAX_UNAPPROVED_OWN_RECORDS + 1}th record is refused (409) and nothing is written`, async () => {
    const user = await makeUser();
    for (let i = 0; i < MAX_UNAPPROVED_OWN_RECORDS; i++) await addAndWithdraw(user, uniqueIp());
    const v = values();
    const err = await refusal(addOwnPlayer(db(), user, v, uniqueIp()));
    expect(err).toMatchObject({ code: "conflict", message: OWN_RECORD_MESSAGES.user });
    expect(await createdBy(user.id)).toHaveLength(MAX_UNAPPROVED_OWN_RECORDS);
    expect(await db().select().from(players).where(eq(players.firstName, v.firstName))).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(claims)
        .where(and(eq(claims.userId, user.id), eq(claims.status, "pending"))),
    ).toHaveLength(0);
  });

  it("a record another user's approved claim holds no longer counts", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const taken = await addAndWithdraw(user, uniqueIp());
    await db().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: other.id, playerId: taken, status: "approved" });
    for (let i = 0; i < MAX_UNAPPROVED_OWN_RECORDS - 1; i++) await addAndWithdraw(user, uniqueIp());
    await expect(addOwnPlayer(db(), user, values(), uniqueIp())).resolves.toMatchObject({ playerId: expect.any(Number) });
    expect(await createdBy(user.id)).toHaveLength(MAX_UNAPPROVED_OWN_RECORDS + 1);
    expect((await unapprovedOwnRecords(db(), user.id)).map((r) => r.id)).not.toContain(taken);
  });

  it("one client address adds at most 10 a day (429); a refused add gives its count back", async () => {
    const client = uniqueIp();
    const users = await Promise.all(Array.from({ length: LIMITS.ownPlayerClient.max + 1 }, () => makeUser()));
    // A refusal (an admin may not add their own record) does not use up the client's count.
    const admin = await makeAdmin();
    await refusal(addOwnPlayer(db(), admin, values(), client));
    for (const user of users.slice(0, -1)) await addOwnPlayer(db(), user, values(), client);
    const last = users.at(-1) as (typeof users)[number];
    const err = await refusal(addOwnPlayer(db(), last, values(), client));
    expect(err).toMatchObject({ code: "rate_limited", message: OWN_RECORD_MESSAGES.client });
    expect(await createdBy(last.id)).toHaveLength(0);
    // Another client is not limited by it.
    await expect(addOwnPlayer(db(), last, values(), uniqueIp())).resolves.toBeTruthy();
  });

  it("parallel adds by one user: one record and one claim, the others refused", async () => {
    const user = await makeUser();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => addOwnPlayer(db(), user, values(), uniqueIp())));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await createdBy(user.id)).toHaveLength(1);
  });
});

describe("an admin and the records a user added", () => {
  it("lists those no approved claim holds, and removes one without history", async () => {
    const user = await makeUser();
    const withdrawn = await addAndWithdraw(user, uniqueIp());
    const pending = await addOwnPlayer(db(), user, values(), uniqueIp());
    const list = await unapprovedOwnRecords(db(), user.id);
    expect(list.map((r) => [r.id, r.claimStatus, r.history])).toEqual([
      [pending.playerId, "pending", 0],
      [withdrawn, "withdrawn", 0],
    ]);
    await removeOwnRecord(db(), user.id, withdrawn);
    expect((await unapprovedOwnRecords(db(), user.id)).map((r) => r.id)).toEqual([pending.playerId]);
    // The claims on a removed record go with it, the pending one too: the user may add again.
    await removeOwnRecord(db(), user.id, pending.playerId);
    expect(await db().select().from(claims).where(eq(claims.userId, user.id))).toEqual([]);
    expect(await unapprovedOwnRecords(db(), user.id)).toEqual([]);
  });

  it("refuses a record with history (409) and one the user did not add (404)", async () => {
    const user = await makeUser();
    const played = await addAndWithdraw(user, uniqueIp());
    await makeEntry({ playerId: played, roundId: (await makeRound()).id });
    expect((await unapprovedOwnRecords(db(), user.id))[0]?.history).toBe(1);
    expect(await refusal(removeOwnRecord(db(), user.id, played))).toMatchObject({ code: "conflict" });
    const someoneElses = await makePlayer();
    expect(await refusal(removeOwnRecord(db(), user.id, someoneElses.id))).toMatchObject({ code: "not_found" });
    expect(await db().select().from(players).where(eq(players.id, someoneElses.id))).toHaveLength(1);
  });
});
