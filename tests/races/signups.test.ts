import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { balanceOf, creditSignUpBody, makeEntry, makePlayer, makeRound, makeTransfer, testDb } from "../fixtures";
import {
  adminToken,
  answersOf,
  expectPayoutsMatchScores,
  later,
  offsets,
  oneWayOrTheOther,
  RUNS,
  roundEntries,
  withStatus,
} from "./race-fixtures";
import { claims, payments, rounds } from "~/.server/db/schema";
import { SIGNUP_MESSAGES } from "~/.server/services/signup/signup";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// Sign-ups by credit fired at once (POST /api/entries): the unique entry index, the balance
// guard and commitRoundChange's fingerprint (ADR 12, 14) must leave one entry, one payment,
// one debit, and the round's payouts rewritten with it.

const PRICE = 600; // $0.50 PDGA + $4.50 payout + $1 ace fund (tests/fixtures.ts makeRound)

/** A user whose approved claim is a player holding `credit` cents. */
async function claimedPlayer(credit: number) {
  const [user, player] = await Promise.all([makeUser(), makePlayer({ division: "MA2" })]);
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  if (credit) await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: credit });
  return { user, player, token: await tokenFor(user) };
}

/** An open round whose MA1 and MA2 fields are scored and paid, so a new MA2 entry withdraws MA2's prizes. */
async function scoredRound(admin: string) {
  const round = await makeRound({ openForRegistration: true });
  const rivals = await Promise.all([1, 2, 3, 4].map(() => makePlayer()));
  for (const [i, p] of rivals.entries()) {
    await makeEntry({ roundId: round.id, playerId: p.id, division: i < 2 ? "MA1" : "MA2", score: 50 + i });
  }
  await expectStatus(await call("POST", "/api/admin/entry/payouts", { token: admin, body: { round_id: round.id } }), 200);
  const paid = (await roundEntries(round.id)).filter((e) => e.division === "MA2" && e.payoutCents > 0);
  expect(paid.length, "MA2 is paid before the sign-up").toBeGreaterThan(0);
  return round;
}

const signUp = (token: string, playerId: number, roundId: number) =>
  call("POST", "/api/entries", {
    token,
    body: creditSignUpBody(playerId, roundId),
  });

const paymentsOfRound = (roundId: number) => testDb().select().from(payments).where(eq(payments.roundId, roundId));

describe("20 sign-ups by credit for one player and round at once", () => {
  it.each(RUNS)("run %i: one entry, one credit payment, one debit, 19 × 409, and the round's payouts follow", async () => {
    const admin = await adminToken();
    const [w, round] = await Promise.all([claimedPlayer(2_000), scoredRound(admin)]);
    const answers = await answersOf(Array.from({ length: 20 }, () => signUp(w.token, w.player.id, round.id)));

    const [won, ...more] = oneWayOrTheOther(answers, 201, SIGNUP_MESSAGES.entered);
    expect(more).toHaveLength(0);
    expect(withStatus(answers, 409)).toHaveLength(19);
    const mine = (await roundEntries(round.id)).filter((e) => e.playerId === w.player.id);
    expect(mine).toHaveLength(1);
    expect(won?.body.entry.id).toBe(mine[0]?.id);
    const paid = await paymentsOfRound(round.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      userId: w.user.id,
      playerId: w.player.id,
      method: "credit",
      status: "completed",
      creditUsedCents: PRICE,
    });
    expect(mine[0]).toMatchObject({ paymentId: paid[0]?.id, creditUsedCents: PRICE });
    expect(await testDb().select().from(payments).where(eq(payments.userId, w.user.id))).toHaveLength(1);
    expect(await balanceOf(w.player.id)).toBe(2_000 - PRICE);
    // MA2 now has an entry without a score: its prizes are withdrawn; MA1's stay.
    await expectPayoutsMatchScores(round.id);
    const rows = await roundEntries(round.id);
    expect(rows.filter((e) => e.division === "MA2").every((e) => e.payoutCents === 0 && e.result === null)).toBe(true);
    expect(rows.some((e) => e.division === "MA1" && e.payoutCents > 0)).toBe(true);
  });
});

describe("six players signing up for one round at once, each request sent three times", () => {
  it.each(RUNS)("run %i: each player entered at most once, paid once, debited once", async () => {
    const admin = await adminToken();
    const [round, ...ws] = await Promise.all([scoredRound(admin), ...[1, 2, 3, 4, 5, 6].map(() => claimedPlayer(1_000))]);
    const sent = ws.flatMap((w) => [w, w, w]);
    const answers = await answersOf(sent.map((w) => signUp(w.token, w.player.id, round.id)));
    // Six commits at most: a request replanned after each still has attempts left (eight), so
    // every loser ends by finding its player's entry, and every player gets in.
    oneWayOrTheOther(answers, 201, SIGNUP_MESSAGES.entered);
    const rows = await roundEntries(round.id);
    const paid = await paymentsOfRound(round.id);
    for (const [i, w] of ws.entries()) {
      const wins = answers.filter((a, j) => a.status === 201 && sent[j] === w);
      const entered = rows.filter((e) => e.playerId === w.player.id);
      expect(wins.length, `player ${i + 1}: at most one 201`).toBeLessThanOrEqual(1);
      expect(entered).toHaveLength(wins.length);
      expect(paid.filter((p) => p.playerId === w.player.id)).toHaveLength(entered.length);
      expect(await balanceOf(w.player.id)).toBe(1_000 - PRICE * entered.length);
    }
    expect(withStatus(answers, 201)).toHaveLength(6);
    await expectPayoutsMatchScores(round.id);
  });
});

describe("an admin adding the player while the player signs up", () => {
  it.each(RUNS)("run %i: one entry; the loser is told the player is in; a refused sign-up leaves no payment", async (run) => {
    const admin = await adminToken();
    const [w, round] = await Promise.all([claimedPlayer(2_000), scoredRound(admin)]);
    const name = `${w.player.firstName} ${w.player.lastName}`;
    const [d1, d2] = offsets(run);
    const add = { values: { round_id: round.id, player: w.player.id, division: "MA2" } };
    const [mine, theirs] = await answersOf([
      later(d1, () => signUp(w.token, w.player.id, round.id)),
      later(d2, () => call("POST", "/api/admin/entry/add", { token: admin, body: add })),
    ]);
    expect(
      [mine?.status, theirs?.status].filter((s) => s !== 409),
      "exactly one of the two enters",
    ).toHaveLength(1);
    if (mine?.status === 409) expect(mine.body.error).toBe(SIGNUP_MESSAGES.entered);
    if (theirs?.status === 409) expect(theirs.body.error).toBe(`${name} is already entered in this round.`);
    expect((await roundEntries(round.id)).filter((e) => e.playerId === w.player.id)).toHaveLength(1);
    const paid = await paymentsOfRound(round.id);
    expect(paid).toHaveLength(mine?.status === 201 ? 1 : 0);
    expect(await balanceOf(w.player.id)).toBe(mine?.status === 201 ? 2_000 - PRICE : 2_000);
    await expectPayoutsMatchScores(round.id);
  });
});

describe("an admin deleting the round while a player signs up", () => {
  it.each(RUNS)("run %i: either the round is gone with no entry or payment, or it stays with one of each", async (run) => {
    const admin = await adminToken();
    const [w, round] = await Promise.all([claimedPlayer(1_000), makeRound({ openForRegistration: true })]);
    const [d1, d2] = offsets(run);
    const [signed, deleted] = await answersOf([
      later(d1, () => signUp(w.token, w.player.id, round.id)),
      later(d2, () => call("POST", "/api/admin/round/delete", { token: admin, body: { id: round.id } })),
    ]);
    const [still] = await testDb().select().from(rounds).where(eq(rounds.id, round.id));
    const [rows, paid] = await Promise.all([roundEntries(round.id), paymentsOfRound(round.id)]);
    if (signed?.status === 201) {
      expect(deleted).toMatchObject({
        status: 409,
        body: { error: "This round has 1 entry and 1 payment, so it cannot be deleted. Remove its entries first." },
      });
      expect(still).toBeDefined();
      expect([rows.length, paid.length]).toEqual([1, 1]);
      expect(await balanceOf(w.player.id)).toBe(1_000 - PRICE);
    } else {
      expect(signed).toMatchObject({ status: 404, body: { error: "Round not found" } });
      expect(deleted?.status).toBe(200);
      expect(still).toBeUndefined();
      expect([rows.length, paid.length]).toEqual([0, 0]);
      expect(await balanceOf(w.player.id)).toBe(1_000);
    }
  });
});
