import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withAuditActor } from "../../workers/audit-actor";
import { makeUser } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, refusal, roundValues, testDb } from "../fixtures";
import { type Db, getDb } from "~/.server/db/client";
import { entries, payments, players, rounds, sidePotPlayers, waitlist } from "~/.server/db/schema";
import { choose } from "../registration-fixtures";
import { leagueFromEnv } from "~/.server/league";
import type { PayPal } from "~/.server/paypal/client";
import { auditChoices } from "~/.server/services/audit/audit-filters";
import { auditLogPage } from "~/.server/services/audit/audit-log";
import { acePotCents, acesInRound, listAces } from "~/.server/services/money/aces";
import { roundBalances } from "~/.server/services/money/balance";
import { addAce, addTransfer, deleteAce, deleteTransfer } from "~/.server/services/money/ledger";
import { giveBackPayment, takeBackCredit } from "~/.server/services/money/money-issues";
import { listPayments, paymentChoices } from "~/.server/services/money/payments";
import { keepEntry, recordRefund } from "~/.server/services/money/refunds";
import { moneyReport } from "~/.server/services/money/reports";
import { roundPayments } from "~/.server/services/money/round-money";
import { listTransfers, playerTransfersQuery } from "~/.server/services/money/transfers";
import { potStateOf, potStateQueries } from "~/.server/services/sidepots/pot-state";
import { playerPotWins, roundPots } from "~/.server/services/sidepots/pot-view";
import { settleHole } from "~/.server/services/sidepots/marks";
import { addPot, deletePot } from "~/.server/services/sidepots/side-pots";
import { potsForSignUp } from "~/.server/services/sidepots/signup-pots";
import { applyPaymentEvent } from "~/.server/services/signup/paypal-events";
import { claimForCapture, expireStaleOrders } from "~/.server/services/signup/paypal-expiry";
import { captureSignUp, paymentOfOrder, settleCreated } from "~/.server/services/signup/paypal-signup";
import { signUpFacts } from "~/.server/services/signup/signup";
import { saveFieldCaps } from "~/.server/services/waitlist/caps";
import { readField } from "~/.server/services/waitlist/field";
import { waitlistPlace } from "~/.server/services/waitlist/place";
import { queueWaitlistMails } from "~/.server/services/waitlist/waitlist-mails";
import { makeWaitlistMessages } from "~/.server/services/messages/waitlist-notices";
import { playerWaitlists, roundWaitlist } from "~/.server/services/waitlist/waitlist-view";

// Two leagues in one database (ADR 46): league A (the default) and B, with look-alike rows —
// the same player and round names, the same PayPal order and capture ids, a side pot of the
// same name — B's marked by SENTINEL where a page would show it. A's reads of money, side
// pots, sign-up, waitlist and audit see none of B's rows; A naming B's ids gets the domain's
// 404; and A's writes with B's ids, above all the money ones, leave every row of B as it was.

const SENTINEL = "Zqsentinel";
const league = leagueFromEnv(env);
const A = testDb;
const stamped = withAuditActor(env.DB, () => ({ userId: null, role: "system" }));
let B: Db;
let a: Awaited<ReturnType<typeof leagueA>>;
let b: Awaited<ReturnType<typeof leagueB>>;
/** A's report and pot as they stood before B had a row: B's rows must not move them. */
let reportBefore: Awaited<ReturnType<typeof moneyReport>>;
let potBefore: number;
const NOW = nowSec() + 60;

async function leagueA() {
  const p1 = await makePlayer({ firstName: "Sam", lastName: "Same" });
  const round = await makeRound({ name: "Week Same", startsAt: nowSec() - 60 });
  const entry = await makeEntry({ roundId: round.id, playerId: p1.id, ace: true, score: 50 });
  await makeTransfer({ fromPlayerId: null, toPlayerId: p1.id, amountCents: 1_000 });
  const potId = await addPot(A(), round.id, { name: "CTP Same", kind: "ctp", buyInCents: 200, holes: [3] });
  await A().insert(sidePotPlayers).values({ leagueId: A().leagueId, potId, entryId: entry.id });
  return { p1, round, entry, potId };
}

/** League B's rows, through B's own query builder and services; its books balanced (checked at the end). */
async function leagueB(db: Db) {
  const user = await makeUser();
  await choose(user.id, { notifyWaitlist: true }, db.leagueId);
  const base = { leagueId: db.leagueId, division: "MA1" };
  const [p1, p2] = await db
    .insert(players)
    .values([
      { ...base, firstName: "Sam", lastName: "Same" },
      { ...base, firstName: "Olga", lastName: SENTINEL },
    ])
    .returning();
  const round = async (name: string, startsAt: number, open = false) =>
    (
      await db
        .insert(rounds)
        .values({ ...roundValues({ name, startsAt, location: SENTINEL, openForRegistration: open }), leagueId: db.leagueId })
        .returning()
    )[0];
  // Earlier than A's round: its unpaid "CTP Same" would block paying A's, were the name searched across leagues.
  const played = await round("Week Same", nowSec() - 2 * DAY);
  const future = await round("Week Next", nowSec() + 7 * DAY, true);
  const [paid] = await db
    .insert(payments)
    .values({
      leagueId: db.leagueId,
      userId: user.id,
      roundId: played.id,
      playerId: p1.id,
      method: "paypal",
      status: "completed",
      amountCents: 600,
      transactionId: "ORDER-DONE",
      captureId: "CAP-SAME",
      division: "MA1",
    })
    .returning();
  const [created] = await db
    .insert(payments)
    .values({
      leagueId: db.leagueId,
      userId: user.id,
      roundId: future.id,
      playerId: p2.id,
      method: "paypal",
      status: "created",
      amountCents: 600,
      transactionId: "ORDER-SAME",
      division: "MA1",
      updatedAt: nowSec() - 2 * DAY,
    })
    .returning();
  const [e1, e2] = await db
    .insert(entries)
    .values([
      { leagueId: db.leagueId, roundId: played.id, playerId: p1.id, division: "MA1", ace: true, score: 48, paymentId: paid.id },
      { leagueId: db.leagueId, roundId: played.id, playerId: p2.id, division: "MA1", ace: true, score: 49 },
    ])
    .returning();
  const transferId = await addTransfer(db, {
    date: nowSec(),
    fromPlayerId: null,
    toPlayerId: p2.id,
    amountCents: 5_000,
    description: `Credit ${SENTINEL}`,
  });
  const aceId = await addAce(db, { date: nowSec() - DAY, playerId: p2.id, amountCents: 150 });
  const potId = await addPot(db, played.id, { name: "CTP Same", kind: "ctp", buyInCents: 200, holes: [3] });
  await db.insert(sidePotPlayers).values({ leagueId: db.leagueId, potId, entryId: e2.id });
  const [place] = await db
    .insert(waitlist)
    .values({ leagueId: db.leagueId, roundId: future.id, playerId: p1.id, userId: user.id, division: "MA1" })
    .returning();
  // Offered: the trigger writes B's notice, fresh and unmailed.
  await db
    .update(waitlist)
    .set({ status: "offered", offeredAt: nowSec(), offerExpiresAt: nowSec() + DAY })
    .where(sql`${waitlist.id} = ${place.id}`);
  return { user, p1, p2, played, future, paid, created, e1, e2, transferId, aceId, potId, placeId: place.id };
}

const B_TABLES = [
  "players",
  "rounds",
  "entries",
  "payments",
  "payment_refunds",
  "transfers",
  "aces",
  "side_pots",
  "side_pot_players",
  "side_pot_marks",
  "side_pot_wins",
  "waitlist",
  "waitlist_notices",
] as const;

/** Every row of B's money, pot and waitlist tables, as the database holds them. */
async function rowsOfB() {
  const out: Record<string, unknown[]> = {};
  for (const t of B_TABLES) {
    const { results } = await env.DB.prepare(`select * from "${t}" where league_id = ? order by 1, 2, 3`).bind(B.leagueId).all();
    out[t] = results;
  }
  return out;
}

beforeAll(async () => {
  a = await leagueA();
  potBefore = await acePotCents(A(), undefined, NOW);
  reportBefore = await moneyReport(A(), league, NOW);
  const row = await env.DB.prepare("insert into leagues (slug) values ('other-b') returning id").first<{ id: number }>();
  B = getDb(stamped, Number(row?.id));
  b = await leagueB(B);
});

const noSentinel = (value: unknown) => expect(JSON.stringify(value)).not.toContain(SENTINEL);

describe("league A's money reads see none of league B's rows", () => {
  it("the ace pot, the aces, the transfers and the payments are A's alone", async () => {
    expect(await acePotCents(A(), undefined, NOW)).toBe(potBefore);
    const aces = await listAces(A());
    expect(aces.map((x) => x.id)).not.toContain(b.aceId);
    const transfers = await listTransfers(A(), { page: 1, pageSize: 100 });
    expect(transfers.rows.map((t) => t.id)).not.toContain(b.transferId);
    expect(transfers.page).toMatchObject({ total: transfers.rows.length });
    noSentinel(transfers);
    const list = await listPayments(A());
    expect(list.map((p) => p.id)).not.toContain(b.paid.id);
    expect(list.map((p) => p.id)).not.toContain(b.created.id);
    const choices = await paymentChoices(A());
    expect(choices.rounds.map((r) => r.id)).not.toContain(b.played.id);
    expect(choices.users.map((u) => u.id)).not.toContain(b.user.id);
  });

  it("the money report, its reconciliation and its flags are as they were before B had a row", async () => {
    const report = await moneyReport(A(), league, NOW);
    expect(report).toEqual(reportBefore);
    expect(report.rounds.map((r) => r.id)).not.toContain(b.played.id);
    expect(report.flags.map((f) => f.roundId)).not.toContain(b.played.id);
  });

  it("a round's money reads by B's round id find nothing in A", async () => {
    expect((await refusal(acePotCents(A(), b.played.id))).status).toBe(404);
    expect(await acesInRound(A(), b.played.id)).toEqual([]);
    expect([...(await roundBalances(A(), b.played.id)).keys()]).toEqual([]);
    expect(await roundPayments(A(), b.played.id)).toEqual([]);
    expect(await playerTransfersQuery(A(), b.p2.id)).toEqual([]);
  });
});

describe("league A's writes with league B's ids are 404s and change nothing in B", () => {
  it("transfers, aces, give-backs and refund decisions", async () => {
    const before = await rowsOfB();
    const credit = { date: nowSec(), fromPlayerId: null, amountCents: 100, description: "x" };
    expect((await refusal(addTransfer(A(), { ...credit, toPlayerId: b.p2.id }))).status).toBe(404);
    expect((await refusal(addTransfer(A(), { ...credit, fromPlayerId: b.p2.id, toPlayerId: a.p1.id }))).status).toBe(404);
    expect((await refusal(deleteTransfer(A(), b.transferId))).message).toBe("Transfer not found");
    expect((await refusal(addAce(A(), { date: nowSec(), playerId: b.p2.id, amountCents: 1 }))).message).toBe("Player not found");
    expect((await refusal(deleteAce(A(), b.aceId))).message).toBe("Ace not found");
    expect((await refusal(giveBackPayment(A(), b.paid.id))).message).toBe("Payment not found");
    expect((await refusal(takeBackCredit(A(), b.paid.id))).message).toBe("Payment not found");
    expect((await refusal(keepEntry(A(), b.e1.id))).message).toBe("Entry not found");
    expect(await rowsOfB()).toEqual(before);
  });

  it("PayPal: B's order and capture ids are no payment in A, and A's webhook events and expiry leave B's alone", async () => {
    const before = await rowsOfB();
    expect(await paymentOfOrder(A(), "ORDER-SAME")).toBeUndefined();
    const completed = { kind: "capture-completed", eventId: "EV-1", orderId: "ORDER-SAME", captureId: "CAP-NEW" } as const;
    expect((await applyPaymentEvent(A(), { ...completed, amountCents: 600, currency: "USD", feeCents: 30 })).value).toBe(
      "no payment for order ORDER-SAME",
    );
    expect((await applyPaymentEvent(A(), { kind: "capture-denied", eventId: "EV-2", orderId: "ORDER-SAME", captureId: "C" })).value).toBe(
      "no payment for order ORDER-SAME",
    );
    const refund = {
      kind: "capture-refunded",
      eventId: "EV-3",
      captureId: "CAP-SAME",
      refundId: "R-1",
      reversal: false,
      refundCents: 600,
    } as const;
    await expect(recordRefund(A(), refund)).rejects.toThrow("no payment for capture CAP-SAME");
    await expireStaleOrders(A(), nowSec());
    expect(await claimForCapture(A(), b.created.id, nowSec())).toBe(false);
    await settleCreated(A(), b.created.id, { status: "failed" });
    const paypal = {} as PayPal; // never reached: the order is not A's
    expect((await refusal(captureSignUp(A(), paypal, b.user.id, "ORDER-SAME"))).status).toBe(404);
    expect(await rowsOfB()).toEqual(before);
    // B's own expiry still expires B's stale order: the same statement, B's league.
    await expireStaleOrders(B, nowSec());
    expect((await paymentOfOrder(B, "ORDER-SAME"))?.status).toBe("expired");
  });

  it("side pots: B's pot and round are 404s, and B's unpaid pot of the same name does not hold up A's", async () => {
    const before = await rowsOfB();
    expect((await refusal(addPot(A(), b.played.id, { name: "CTP", kind: "custom", buyInCents: 100, holes: [] }))).message).toBe(
      "Round not found",
    );
    expect((await refusal(deletePot(A(), b.played.id, b.potId))).message).toBe("Side pot not found");
    expect((await refusal(settleHole(A(), b.played.id, { potId: b.potId, hole: 3, entryIds: [] }, b.user.id))).message).toBe(
      "Side pot not found",
    );
    expect((await refusal(potsForSignUp(A(), b.future.id, [b.potId]))).message).toBe("Side pot not found");
    expect(await roundPots(A(), b.played.id)).toEqual([]);
    expect(await playerPotWins(A(), b.p2.id)).toEqual([]);
    expect(await rowsOfB()).toEqual(before);

    const [pot] = potStateOf(await A().batch(potStateQueries(A(), a.round.id) as never));
    expect(pot).toMatchObject({ id: a.potId, earlierUnpaid: null, laterPaid: null, rolloverInCents: 0, entryIds: [a.entry.id] });
    const [view] = await roundPots(A(), a.round.id);
    noSentinel(view);
  });
});

describe("sign-up and waitlist reads by B's ids find nothing in A", () => {
  it("the field, the list, a place and the sign-up facts", async () => {
    const before = await rowsOfB();
    expect(await readField(A(), b.future.id)).toBeNull();
    expect(await roundWaitlist(A(), b.future.id, nowSec())).toEqual([]);
    expect(await waitlistPlace(A(), b.future.id, b.p1.id)).toBeNull();
    expect(await playerWaitlists(A(), b.p1.id, nowSec())).toEqual({ places: [], notices: [], lapsed: [] });
    expect(await signUpFacts(A(), b.p1.id, b.future.id)).toBeNull();
    const caps = { total: 1, divisions: {}, version: b.future.version };
    expect((await refusal(saveFieldCaps(A(), b.future.id, caps))).message).toBe("Round not found");
    expect(await rowsOfB()).toEqual(before);
  });

  it("A's waitlist job neither queues nor tells nor marks B's notices", async () => {
    const before = await rowsOfB();
    const queued: unknown[] = [];
    await queueWaitlistMails(A(), { send: async (m: unknown) => void queued.push(m) } as unknown as Queue);
    expect(queued).toEqual([]);
    expect(await makeWaitlistMessages(A(), league)).toEqual([]);
    expect(await rowsOfB()).toEqual(before);
    // B's own job finds its notice.
    await queueWaitlistMails(B, { send: async (m: unknown) => void queued.push(m) } as unknown as Queue);
    expect(queued).toHaveLength(1);
  });
});

describe("league A's audit log shows none of league B's changes", () => {
  it("its pages, a B player's history and the filter's choices", async () => {
    const page = await auditLogPage(A(), {}, { pageSize: 1_000, timeZone: league.timeZone });
    expect(page.entries.some((e) => e.table === "transfers" && e.rowId === b.transferId)).toBe(false);
    expect(page.entries.some((e) => e.table === "aces" && e.rowId === b.aceId)).toBe(false);
    noSentinel(page);
    expect((await auditLogPage(A(), { playerId: b.p2.id }, { timeZone: league.timeZone })).entries).toEqual([]);
    const choices = await auditChoices(A(), { playerId: b.p2.id }, league.timeZone);
    expect(choices.rounds.map((r) => r.id)).not.toContain(b.played.id);
    expect(choices.player?.label).toBe(`player #${b.p2.id}`);
    // B's own log has them.
    const ofB = await auditLogPage(B, {}, { pageSize: 1_000, timeZone: league.timeZone });
    expect(ofB.entries.some((e) => e.table === "transfers" && e.rowId === b.transferId)).toBe(true);
  });
});

describe("league B's books", () => {
  it("balance on their own, as A's do (tests/setup.ts)", async () => {
    const { reconciliation: r } = await moneyReport(B, league, NOW);
    expect(r.ledger).toMatchObject({ balanced: true });
    expect(r.ace).toMatchObject({ balanced: true });
    expect(r.sidePots).toMatchObject({ balanced: true });
  });
});
