// Extra fields. Every /api body schema is a plain z.object, which drops keys it does not
// know: a deliberate design (the spec's clients send more than each route reads, e.g. a
// sign-up's `amount` and `score`), so a body with extra fields is a valid request and the
// generated suite (api.test.ts) sends none. What must hold instead: an extra field is never
// honoured. Each request below is valid and succeeds, and a privileged field slipped into
// it (a role, a status, an amount, an id) changes nothing.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD, call, expectStatus, makeAdmin, makeUser, tokenFor, uniqueEmail, userRow } from "../auth-fixtures";
import { makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { claims, entries, players, transfers } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

describe("an extra field is dropped, never honoured", () => {
  it("registering with isAdmin, locked and a session version makes a plain user", async () => {
    const email = uniqueEmail("extra");
    const res = await call("POST", "/api/users/register", {
      body: { email, name: "Eve", password: PASSWORD, isAdmin: true, is_admin: 1, role: "admin", locked: true, sessionVersion: 7 },
    });
    const body = await expectStatus(res, 201);
    const row = await userRow(body.user.id);
    expect(row).toMatchObject({ email, isOperator: false, locked: false, sessionVersion: 0 });
    await expectStatus(await call("GET", "/api/admin/users", { token: body.token }), 403);
  });

  it("a profile change with isAdmin and locked changes only the name", async () => {
    const user = await makeUser();
    const res = await call("PUT", "/api/users/profile", {
      token: await tokenFor(user),
      body: { name: "Renamed", isAdmin: true, locked: true, sessionVersion: 9, passwordHash: "x" },
    });
    await expectStatus(res, 200);
    expect(await userRow(user.id)).toMatchObject({
      name: "Renamed",
      isOperator: false,
      locked: false,
      sessionVersion: user.sessionVersion,
      passwordHash: user.passwordHash,
    });
  });

  it("a claim sent as approved, for another user, is the caller's own pending claim", async () => {
    const [user, other, player] = await Promise.all([makeUser(), makeUser(), makePlayer()]);
    const res = await call("POST", "/api/claims", {
      token: await tokenFor(user),
      body: { player_id: player.id, status: "approved", user_id: other.id, userId: other.id, approvedAt: nowSec() },
    });
    await expectStatus(res, 201);
    const rows = await testDb().select().from(claims).where(eq(claims.playerId, player.id));
    expect(rows).toEqual([expect.objectContaining({ userId: user.id, status: "pending", approvedAt: null })]);
  });

  it("a new player with an existing player's id is a new row, and its claim is pending", async () => {
    const [user, existing] = await Promise.all([makeUser(), makePlayer({ firstName: "Keep", lastName: "Me" })]);
    const res = await call("POST", "/api/players/addNew", {
      token: await tokenFor(user),
      body: { id: existing.id, values: { id: existing.id, fn: "Nova", ln: "Newcomer", division: "MA1" }, claim: { status: "approved" } },
    });
    const body = await expectStatus(res, 201);
    expect(body.newId).not.toBe(existing.id);
    expect((await testDb().select().from(players).where(eq(players.id, existing.id)))[0]).toMatchObject({
      firstName: "Keep",
      lastName: "Me",
    });
    expect(body.claim.status).toBe("pending");
  });

  it("a sign-up's amounts, score and payment come from the server, whatever the body says", async () => {
    const [user, player, round] = await Promise.all([
      makeUser(),
      makePlayer({ division: "MA2" }),
      makeRound({ openForRegistration: true }),
    ]);
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
    await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: 600 });
    const res = await call("POST", "/api/entries", {
      token: await tokenFor(user),
      body: {
        round_id: round.id,
        player_id: player.id,
        division: "MA2",
        ace: true,
        credit_used: 6,
        method: "credit",
        amount: 0,
        score: 41,
        payout: 500,
        payoutCents: 50_000,
        credit_added: 100,
        creditAddedCents: 10_000,
        payment_id: 1,
        result: "1/1",
      },
    });
    await expectStatus(res, 201);
    const [entry] = await testDb().select().from(entries).where(eq(entries.roundId, round.id));
    expect(entry).toMatchObject({ playerId: player.id, score: 0, payoutCents: 0, creditAddedCents: 0, creditUsedCents: 600, result: null });
  });

  it("an admin's transfer takes its amount from amt, not from amtCents or amountCents", async () => {
    const [admin, player] = await Promise.all([makeAdmin(), makePlayer()]);
    const res = await call("POST", "/api/transfers/add", {
      token: await tokenFor(admin),
      body: { values: { d: nowSec(), fromPlayer: null, toPlayer: player.id, amt: "2.50", amtCents: 999_999, amountCents: 999_999, id: 1 } },
    });
    const { newId } = await expectStatus(res, 201);
    expect((await testDb().select().from(transfers).where(eq(transfers.id, newId)))[0]).toMatchObject({
      amountCents: 250,
      toPlayerId: player.id,
    });
  });
});
