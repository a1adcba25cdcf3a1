// Cancelling a rained-out round (ADR 50): everything paid for it — the entry, the ace fee, a
// side pot's buy-in, from credit, PayPal or cash — comes back as league credit in one batch;
// the round's ace fees (and its aces, unless they stand) leave the pot, refused if the pot
// would go below zero; nothing of the round is deleted; no write changes a cancelled round's
// entries; twenty cancels at once cancel once. The books balance after each (tests/setup.ts).
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DAY,
  balanceOf,
  leagueTestDb,
  makeAce,
  makeEntry,
  makePlayer,
  makeRound,
  makeTransfer,
  nowSec,
  refusal,
  testDb,
} from "../fixtures";
import { PRICE, expectBooksBalance, makePayment, paidEntry } from "../money-fixtures";
import { ctpPot } from "../sidepot-fixtures";
import { makeLeague } from "../message-fixtures";
import { env } from "cloudflare:workers";
import { leagueFromEnv } from "~/.server/league";
import { moneyReport } from "~/.server/services/money/reports";
import { entries, roundCancellations, rounds, transfers, waitlist } from "~/.server/db/schema";
import { acePotAtSql } from "~/.server/services/money/ace-pot";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { settleAllWaitlists, settleWaitlist } from "~/.server/services/entries/waitlist-promote";
import { cancelRound } from "~/.server/services/rainouts/cancel";
import { cancelledRoundMessage } from "~/.server/services/rounds/round-write";
import { CANCEL_MESSAGES } from "~/lib/rainouts/messages";

const db = testDb;
const cancel = (roundId: number, acesStand = false) => cancelRound(db(), roundId, { reason: "weather", acesStand, userId: null });
const roundRow = async (id: number) => (await db().select().from(rounds).where(eq(rounds.id, id)))[0];
const potNow = async () => Number((await db().all<{ p: number }>(sql`select ${acePotAtSql(db(), nowSec() + 10 * DAY)} as p`))[0]?.p);
const cancelTransfers = (roundId: number) => db().select().from(transfers).where(eq(transfers.cancelRoundId, roundId));

/** Adds a paid entry for a new player to `roundId`, from `creditCents` of credit (and a cash payment for the rest). */
async function enterPaid(roundId: number, opts: { creditCents?: number; cashCents?: number; ace?: boolean } = {}) {
  const player = await makePlayer({ division: "MA2" });
  if (opts.creditCents) await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: opts.creditCents });
  const entry = await makeEntry({
    roundId,
    playerId: player.id,
    division: "MA2",
    creditUsedCents: opts.creditCents ?? 0,
    ace: opts.ace ?? true,
  });
  return { player, entry };
}

describe("cancelling a round", () => {
  it("gives back the entry, ace fee and side pot from credit, PayPal and cash, keeps every row, and says how much", async () => {
    // Ann: $2 credit + PayPal ($4 + its $0.17 fee). Bob: $3 cash + PayPal. Cat: all credit, and a $2 CTP from credit.
    const ann = await paidEntry({ creditCents: 200, paypal: true, startsIn: -3600 });
    const round = ann.round;
    const bob = await enterPaid(round.id);
    await makePayment({ roundId: round.id, playerId: bob.player.id, amountCents: 315, leagueFeeCents: 15, providerFeeCents: 30 });
    await makePayment({
      roundId: round.id,
      playerId: bob.player.id,
      method: "cash",
      amountCents: 300,
      captureId: null,
      transactionId: null,
    });
    const cat = await enterPaid(round.id, { creditCents: PRICE + 200 });
    await db().update(entries).set({ creditUsedCents: PRICE }).where(eq(entries.id, cat.entry.id));
    await ctpPot(round.id, [cat.entry.id], { buyInCents: 200 });
    const before = { ann: await balanceOf(ann.player.id), bob: await balanceOf(bob.player.id), cat: await balanceOf(cat.player.id) };
    expect(before).toEqual({ ann: 0, bob: 0, cat: 0 });
    const potBefore = await potNow();

    const done = await cancel(round.id);

    // Ann $2.00 + $4.17, Bob $3.00 + $3.15, Cat $6.00 + $2.00.
    expect(await balanceOf(ann.player.id)).toBe(617);
    expect(await balanceOf(bob.player.id)).toBe(615);
    expect(await balanceOf(cat.player.id)).toBe(800);
    expect(done.value.totalCents).toBe(617 + 615 + 800);
    expect(done.value.given).toHaveLength(3);
    // Every entry stays, with its cards and payments: a restore brings them back.
    expect(await db().select().from(entries).where(eq(entries.roundId, round.id))).toHaveLength(3);
    const row = await roundRow(round.id);
    expect(row).toMatchObject({ cancelReason: "weather", cancelAcesStand: false });
    expect(row?.cancelledAt).not.toBeNull();
    // Its three ace fees left the pot.
    expect(await potNow()).toBe(potBefore - 3 * row!.aceCents);
    // Players are told, ratings and tags played again without it.
    expect(done.followUps.map((f) => f.kind).sort()).toEqual(["notify", "rerate", "sync-tags"]);
    await expectBooksBalance();
  });

  it("lets the waitlist's offers go, keeping each player's place in line, and offers no place while cancelled", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY, openForRegistration: true, fieldCap: 5 });
    const waiting = await makePlayer();
    await db()
      .insert(waitlist)
      .values({
        leagueId: round.leagueId,
        roundId: round.id,
        playerId: waiting.id,
        userId: 1,
        division: "MA1",
        status: "offered",
        offeredAt: nowSec(),
        offerExpiresAt: nowSec() + 3600,
      });
    await cancel(round.id);
    const [place] = await db().select().from(waitlist).where(eq(waitlist.roundId, round.id));
    expect(place).toMatchObject({ status: "waiting", offeredAt: null, offerExpiresAt: null });
    // The field has room, yet the cron's settling offers nothing on a cancelled round.
    expect(await settleWaitlist(db(), round.id)).toMatchObject({ offered: 0, autoEntered: 0 });
    expect(await settleAllWaitlists(db())).toEqual([]);
    const [still] = await db().select().from(waitlist).where(eq(waitlist.roundId, round.id));
    expect(still?.status).toBe("waiting");
  });

  it("is refused, changing nothing, when its fees leaving the pot would take the pot below zero", async () => {
    // The round's $1 × 3 fees are the pot's only money, and a $3 ace was paid from them the next day.
    const round = await makeRound({ startsAt: nowSec() - 3 * DAY, aceCents: 100 });
    for (let i = 0; i < 3; i++) await enterPaid(round.id, { creditCents: PRICE });
    const later = await makeRound({ startsAt: nowSec() - 2 * DAY, aceCents: 0 });
    const pot = await potNow();
    const ace = await makeAce({
      playerId: (await makePlayer()).id,
      amountCents: Math.max(pot, 1),
      date: later.startsAt,
      roundId: later.id,
    });
    const err = await refusal(cancel(round.id));
    expect(err.status).toBe(409);
    expect(err.message.startsWith(CANCEL_MESSAGES.pot(""))).toBe(true);
    expect((await roundRow(round.id))?.cancelledAt).toBeNull();
    expect(await cancelTransfers(round.id)).toHaveLength(0);
    expect(await db().select().from(roundCancellations).where(eq(roundCancellations.roundId, round.id))).toHaveLength(0);
    await db().run(sql`delete from aces where id = ${ace.id}`);
  });

  it("takes the round's own aces out of the pot with its fees, unless the admin says they stand", async () => {
    const round = await makeRound({ startsAt: nowSec() - DAY, aceCents: 100 });
    for (let i = 0; i < 4; i++) await enterPaid(round.id, { creditCents: PRICE });
    await makeAce({ playerId: (await makePlayer()).id, amountCents: 300, date: round.startsAt + 600, roundId: round.id });
    const pot = await potNow();
    await cancel(round.id);
    // Fees −$4, the ace +$3: it no longer counts.
    expect(await potNow()).toBe(pot - 400 + 300);
    await expectBooksBalance();
  });

  it("with its aces standing, pays them from the pot without its fees: refused when the pot cannot", async () => {
    // A league of its own, so the pot is this test's alone: $3 of fees last week, then tonight's $2 and a $4 ace.
    const league = await makeLeague("Rain League");
    const ldb = leagueTestDb(league.id);
    const enter = async (roundId: number) =>
      makeEntry({ leagueId: league.id, roundId, playerId: (await makePlayer({ leagueId: league.id })).id, division: "MA1" });
    const lastWeek = await makeRound({ leagueId: league.id, startsAt: nowSec() - 7 * DAY, aceCents: 100 });
    for (let i = 0; i < 3; i++) await enter(lastWeek.id);
    const tonight = await makeRound({ leagueId: league.id, startsAt: nowSec() - 3600, aceCents: 100 });
    for (let i = 0; i < 2; i++) await enter(tonight.id);
    const player = await makePlayer({ leagueId: league.id });
    await makeAce({ leagueId: league.id, playerId: player.id, amountCents: 400, date: tonight.startsAt + 600, roundId: tonight.id });
    const cancelIn = (acesStand: boolean) => cancelRound(ldb, tonight.id, { reason: "lightning", acesStand, userId: null });
    // Standing, the $4 ace would be paid from last week's $3 alone.
    const err = await refusal(cancelIn(true));
    expect(err.status).toBe(409);
    expect(err.message.startsWith(CANCEL_MESSAGES.pot(""))).toBe(true);
    // Not standing, the ace leaves with the fees: $3 in the pot.
    await cancelIn(false);
    const [row] = await ldb.all<{ p: number }>(sql`select ${acePotAtSql(ldb, nowSec())} as p`);
    expect(Number(row?.p)).toBe(300);
    const report = await moneyReport(ldb, { ...leagueFromEnv(env), id: league.id, timeZone: "America/Denver" });
    expect(report.reconciliation.ace.balanced).toBe(true);
    expect(report.reconciliation.ledger.balanced).toBe(true);
  });

  it("twenty cancels at once cancel once and give back once", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => cancel(w.round.id)));
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as Error).message).toBe(CANCEL_MESSAGES.already(w.round.name));
    expect(await cancelTransfers(w.round.id)).toHaveLength(2);
    expect(await balanceOf(w.player.id)).toBe(617);
    await expectBooksBalance();
  });

  it("is refused once its payouts were credited", async () => {
    const round = await makeRound({ startsAt: nowSec() - DAY });
    const { entry } = await enterPaid(round.id, { creditCents: PRICE });
    await db().update(entries).set({ creditAddedCents: 450, creditedForCents: 450 }).where(eq(entries.id, entry.id));
    const err = await refusal(cancel(round.id));
    expect([err.status, err.message]).toEqual([409, CANCEL_MESSAGES.credited(round.name)]);
    expect((await roundRow(round.id))?.cancelledAt).toBeNull();
  });

  it("leaves a cancelled round's entries alone: a withdrawal is refused until it is restored", async () => {
    const w = await paidEntry({ creditCents: PRICE });
    await cancel(w.round.id);
    const err = await refusal(withdrawEntry(db(), w.entry.id, { admin: true }));
    expect([err.status, err.message]).toEqual([409, cancelledRoundMessage(w.round.name)]);
    expect(await balanceOf(w.player.id)).toBe(PRICE);
    const still = await db()
      .select()
      .from(entries)
      .where(and(eq(entries.id, w.entry.id)));
    expect(still).toHaveLength(1);
  });
});
