import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { balanceOf, creditSignUpBody, makeEntry, makePlayer, makeRound, makeTransfer, testDb } from "../fixtures";
import { claims, entries, payments } from "~/.server/db/schema";
import { SIGNUP_MESSAGES } from "~/.server/services/signup/signup";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// POST /api/entries with league credit: the server computes the amounts,
// the player must be the caller's approved claim, one entry per player and round, and the
// balance never goes below zero — twenty sign-ups at once end in one.

/** A user whose approved claim is a player holding `credit` cents, and an open round ($0.50 + $4.50 + $1 ace = $6). */
async function signedUpUser(credit = 1_000) {
  const [user, player, round] = await Promise.all([makeUser(), makePlayer({ division: "MA2" }), makeRound({ openForRegistration: true })]);
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  if (credit) await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: credit });
  return { user, player, round, token: await tokenFor(user) };
}

const signUp = (token: string | undefined, b: unknown) => call("POST", "/api/entries", { token, body: b });

describe("POST /api/entries by credit", () => {
  it("enters the player, takes the whole price from the balance, and records a credit payment", async () => {
    const { player, round, token, user } = await signedUpUser(1_000);
    const res = await expectStatus(await signUp(token, creditSignUpBody(player.id, round.id, { credit_used: 999 })), 201);
    expect(res).toMatchObject({
      success: true,
      total: 6,
      credit_used: 6,
      entry: { player_id: player.id, division: "MA2", ace: true, credit_used: 6 },
    });
    expect(await balanceOf(player.id)).toBe(400);
    const [payment] = await testDb().select().from(payments).where(eq(payments.roundId, round.id));
    expect(payment).toMatchObject({ userId: user.id, method: "credit", status: "completed", amountCents: 0, creditUsedCents: 600 });
    const [entry] = await testDb().select().from(entries).where(eq(entries.roundId, round.id));
    expect(entry?.paymentId).toBe(payment?.id);
  });

  it("without the ace fund costs $5", async () => {
    const { player, round, token } = await signedUpUser(500);
    await expectStatus(await signUp(token, creditSignUpBody(player.id, round.id, { ace: false, credit_used: 5 })), 201);
    expect(await balanceOf(player.id)).toBe(0);
  });

  it("answers 409 'You are signed up for this round.' to a second sign-up, and lets one of twenty racing ones in", async () => {
    const { player, round, token } = await signedUpUser(10_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => signUp(token, creditSignUpBody(player.id, round.id))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 201)) await expectError(r, 409, SIGNUP_MESSAGES.entered);
    expect(await testDb().select().from(entries).where(eq(entries.roundId, round.id))).toHaveLength(1);
    expect(await testDb().select().from(payments).where(eq(payments.roundId, round.id))).toHaveLength(1);
    expect(await balanceOf(player.id)).toBe(10_000 - 600);
    await expectError(await signUp(token, creditSignUpBody(player.id, round.id)), 409, SIGNUP_MESSAGES.entered);
  });

  it("never takes a balance below zero when sign-ups for several rounds race", async () => {
    const { player, token } = await signedUpUser(1_200); // two entries' worth
    const rs = await Promise.all(Array.from({ length: 6 }, () => makeRound({ openForRegistration: true })));
    const answers = await Promise.all(rs.map((r) => signUp(token, creditSignUpBody(player.id, r.id))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of answers) expect([201, 400, 409]).toContain(r.status);
    expect(await balanceOf(player.id)).toBe(0);
  });

  it("refuses what the rules refuse, changing nothing", async () => {
    const { player, round, token } = await signedUpUser(300);
    await expectError(await signUp(token, creditSignUpBody(player.id, round.id)), 400, SIGNUP_MESSAGES.notCovered);
    const other = await makePlayer();
    await expectError(await signUp(token, creditSignUpBody(other.id, round.id)), 403, SIGNUP_MESSAGES.notYours);
    const closed = await makeRound({ openForRegistration: false });
    await expectError(await signUp(token, creditSignUpBody(player.id, closed.id, { credit_used: 3 })), 409, SIGNUP_MESSAGES.closed);
    await expectError(await signUp(token, creditSignUpBody(player.id, 987_654_321)), 404, "Round not found");
    await expectError(
      await signUp(token, creditSignUpBody(player.id, round.id, { method: "cash" })),
      400,
      "method must be credit or paypal",
    );
    await expectError(
      await signUp(token, creditSignUpBody(player.id, round.id, { division: "XYZ" })),
      400,
      "Choose a division from the list",
    );
    await expectError(await signUp(token, creditSignUpBody(player.id, round.id, { credit_used: -1 })), 400);
    expect(await testDb().select().from(entries).where(eq(entries.roundId, round.id))).toEqual([]);
    expect(await balanceOf(player.id)).toBe(300);
  });

  it("needs a login and an approved claim", async () => {
    const { player, round } = await signedUpUser();
    await expectError(await signUp(undefined, creditSignUpBody(player.id, round.id)), 401);
    const pending = await makeUser();
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: pending.id, playerId: player.id, status: "pending" });
    await expectError(await signUp(await tokenFor(pending), creditSignUpBody(player.id, round.id)), 403, SIGNUP_MESSAGES.noClaim);
  });

  it("the new entry is part of the round's payouts at once (its division waits for its score)", async () => {
    const { player, round, token } = await signedUpUser(1_000);
    const rival = await makePlayer();
    await makeEntry({ roundId: round.id, playerId: rival.id, division: "MA2", score: 50, payoutCents: 450, result: "1/1|(MA2)" });
    await expectStatus(await signUp(token, creditSignUpBody(player.id, round.id)), 201);
    const rows = await testDb().select().from(entries).where(eq(entries.roundId, round.id));
    expect(rows.map((e) => [e.payoutCents, e.result])).toEqual([
      [0, null],
      [0, null],
    ]);
  });
});
