import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makePlayer, makeRound, testDb } from "../fixtures";
import { payments } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// GET /api/admin/payments/all and /{userId}.

async function paymentFor(userId: number, extra: Partial<typeof payments.$inferInsert> = {}) {
  const [round, player] = await Promise.all([makeRound({ name: "Pay round", location: "Elm Park" }), makePlayer()]);
  const [row] = await testDb()
    .insert(payments)
    .values({
      leagueId: DEFAULT_LEAGUE_ID,
      userId,
      roundId: round.id,
      playerId: player.id,
      method: "paypal",
      status: "completed",
      amountCents: 621,
      providerFeeCents: 71,
      creditUsedCents: 50,
      division: "MA1",
      transactionId: `ORDER-${userId}`,
      ...extra,
    })
    .returning();
  return { round, player, payment: row };
}

describe("GET /api/admin/payments", () => {
  it("lists every payment with its round, user and money in dollars; per user only theirs", async () => {
    const [admin, a, b] = await Promise.all([makeUser({ isAdmin: true }), makeUser(), makeUser()]);
    const token = await tokenFor(admin);
    const mine = await paymentFor(a.id);
    await paymentFor(b.id, { method: "credit", amountCents: 0, providerFeeCents: null, transactionId: null });
    const all = await expectStatus<Record<string, unknown>[]>(await call("GET", "/api/admin/payments/all", { token }), 200);
    expect(all.find((p) => p.id === mine.payment?.id)).toMatchObject({
      amount: 6.21,
      paypal_fee: 0.71,
      credit_used: 0.5,
      method: "paypal",
      status: "completed",
      transaction_id: `ORDER-${a.id}`,
      round_id: mine.round.id,
      round_date: mine.round.startsAt,
      loc: "Elm Park",
      user_id: a.id,
      user_name: a.name,
    });
    const ofA = await expectStatus<{ user_id: number }[]>(await call("GET", `/api/admin/payments/${a.id}`, { token }), 200);
    expect(ofA.map((p) => p.user_id)).toEqual([a.id]);
  });

  it("answers 404 for an unknown user, 400 for a bad id, and only to admins", async () => {
    const [admin, user] = await Promise.all([makeUser({ isAdmin: true }), makeUser()]);
    const token = await tokenFor(admin);
    await expectError(await call("GET", "/api/admin/payments/987654321", { token }), 404, "User not found");
    await expectError(await call("GET", "/api/admin/payments/abc", { token }), 400, "Invalid user id");
    await expectError(await call("GET", "/api/admin/payments/all"), 401);
    await expectError(await call("GET", "/api/admin/payments/all", { token: await tokenFor(user) }), 403, "Not an admin");
  });
});
