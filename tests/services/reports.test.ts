import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { makeAce, makeEntry, makePlayer, makeRound, makeTransfer, testDb, uniq } from "../fixtures";
import { payments } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { moneyReport } from "~/.server/services/money/reports";
import { REPORT_COLUMNS, sumRows } from "~/lib/money/report";
import { zonedTimeToEpoch } from "~/lib/shared/time";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// The money report with the real D1. Tests in this file share one
// database: each test dates its rounds in years no other test here uses and reads its own
// rows back; the totals and the reconciliation are checked against sums the test computes
// itself from every row in the database.

const league = leagueFromEnv(env);
const at = (year: number, month: number, day: number, hour = 18) => zonedTimeToEpoch({ year, month, day, hour }, league.timeZone);

type PaymentInput = Partial<typeof payments.$inferInsert> & { roundId: number; playerId: number };
async function makePayment(input: PaymentInput) {
  await testDb()
    .insert(payments)
    .values({
      leagueId: DEFAULT_LEAGUE_ID,
      method: "paypal",
      status: "completed",
      amountCents: 0,
      division: "MA1",
      transactionId: `ORDER-${uniq()}`,
      ...input,
    });
}

describe("moneyReport per round and per season", () => {
  it("adds up each column for each round and season from entries, aces and completed PayPal payments only", async () => {
    const db = testDb();
    const a = await makeRound({
      startsAt: at(2091, 6, 15),
      feePdgaCents: 50,
      feeCourseCents: 100,
      feeOtherCents: 25,
      aceCents: 100,
      payoutCents: 450,
    });
    const b = await makeRound({
      startsAt: at(2092, 3, 10),
      feePdgaCents: 75,
      feeCourseCents: 0,
      feeOtherCents: 0,
      aceCents: 200,
      payoutCents: 500,
    });
    const [p1, p2, p3, p4] = await Promise.all([makePlayer(), makePlayer(), makePlayer(), makePlayer()]);
    // Round a: three entries, one opted out of the ace fund; credit used and added.
    await makeEntry({ roundId: a.id, playerId: p1.id, ace: true, creditUsedCents: 300 });
    await makeEntry({ roundId: a.id, playerId: p2.id, ace: false, creditAddedCents: 700 });
    await makeEntry({ roundId: a.id, playerId: p3.id, ace: true, creditUsedCents: 125, creditAddedCents: 200 });
    // Round b: two entries, one opted out.
    await makeEntry({ roundId: b.id, playerId: p1.id, ace: false, creditUsedCents: 775 });
    await makeEntry({ roundId: b.id, playerId: p4.id, ace: true });
    // An ace in round a, and one with no round dated in b's season.
    await makeAce({ playerId: p3.id, amountCents: 150, roundId: a.id, date: a.startsAt });
    await makeAce({ playerId: p4.id, amountCents: 80, date: at(2092, 7, 1) });
    // PayPal in every status: only completed ones are money in; credit payments are not PayPal.
    await makePayment({ roundId: a.id, playerId: p1.id, amountCents: 621, providerFeeCents: 71, leagueFeeCents: 15 });
    await makePayment({ roundId: a.id, playerId: p2.id, status: "refunded", amountCents: 500, providerFeeCents: 60, leagueFeeCents: 19 });
    await makePayment({ roundId: a.id, playerId: p3.id, status: "failed", amountCents: 400, providerFeeCents: 50, leagueFeeCents: 17 });
    await makePayment({ roundId: a.id, playerId: p3.id, status: "created", amountCents: 300, leagueFeeCents: 15 });
    await makePayment({ roundId: a.id, playerId: p3.id, method: "credit", amountCents: 0, creditUsedCents: 125, transactionId: null });
    await makePayment({ roundId: b.id, playerId: p4.id, amountCents: 1_000, providerFeeCents: null, leagueFeeCents: 29 });
    await makePayment({ roundId: b.id, playerId: p4.id, amountCents: 250, providerFeeCents: 40, leagueFeeCents: 14 });

    const report = await moneyReport(db, league);
    const roundA = {
      entries: 3,
      pdgaCents: 3 * 50,
      courseCents: 3 * 100,
      otherCents: 3 * 25,
      payoutCents: 3 * 450,
      aceInCents: 2 * 100,
      acesPaidCents: 150,
      creditUsedCents: 300 + 125,
      creditAddedCents: 700 + 200,
      paypalCents: 621,
      paypalFeeCents: 71,
      convenienceCents: 15,
      // Refunded whole before refunds had rows of their own: $5.00 back, none of it kept.
      paypalRefundsCents: 500,
      cashCents: 0,
      sidePotsInCents: 0,
      sidePotsPaidCents: 0,
    };
    const roundB = {
      entries: 2,
      pdgaCents: 2 * 75,
      courseCents: 0,
      otherCents: 0,
      payoutCents: 2 * 500,
      aceInCents: 1 * 200,
      acesPaidCents: 0,
      creditUsedCents: 775,
      creditAddedCents: 0,
      paypalCents: 1_000 + 250,
      paypalFeeCents: 40,
      convenienceCents: 29 + 14,
      paypalRefundsCents: 0,
      cashCents: 0,
      sidePotsInCents: 0,
      sidePotsPaidCents: 0,
    };
    expect(report.rounds.find((r) => r.id === a.id)).toEqual({ id: a.id, startsAt: a.startsAt, name: a.name, ...roundA });
    expect(report.rounds.find((r) => r.id === b.id)).toEqual({ id: b.id, startsAt: b.startsAt, name: b.name, ...roundB });
    expect(report.seasons.find((s) => s.season === 2091)).toEqual({ season: 2091, ...roundA });
    // The ace without a round counts in the season of its date.
    expect(report.seasons.find((s) => s.season === 2092)).toEqual({ season: 2092, ...roundB, acesPaidCents: 80 });
    // Newest first, in both tables.
    const roundIds = report.rounds.map((r) => r.id);
    expect(roundIds.indexOf(b.id)).toBeLessThan(roundIds.indexOf(a.id));
    const years = report.seasons.map((s) => s.season);
    expect(years).toEqual([...years].sort((x, y) => y - x));
  });

  it("puts a round on New Year's Eve in the league's time zone in that year's season, whatever UTC says", async () => {
    const late = await makeRound({ startsAt: at(2093, 12, 31, 21) });
    expect(new Date(late.startsAt * 1000).getUTCFullYear()).toBe(2094);
    await makeEntry({ roundId: late.id, playerId: (await makePlayer()).id });
    const report = await moneyReport(testDb(), league);
    expect(report.seasons.find((s) => s.season === 2093)).toMatchObject({ entries: 1, payoutCents: late.payoutCents });
    expect(report.seasons.find((s) => s.season === 2094)).toBeUndefined();
  });
});

/** Sums over every row in the database, computed here without the report's SQL. */
async function independentSums() {
  const db = testDb();
  const entries = await db.all<{ player_id: number; ace: number; credit_used_cents: number; credit_added_cents: number; round_id: number }>(
    sql`select player_id, ace, credit_used_cents, credit_added_cents, round_id from entries`,
  );
  const rounds = new Map(
    (
      await db.all<{ id: number; d: number; fee_pdga_cents: number; payout_cents: number; ace_cents: number }>(sql`select * from rounds`)
    ).map((r) => [r.id, r]),
  );
  const transfers = await db.all<{ from_player_id: number | null; to_player_id: number | null; amt_cents: number }>(
    sql`select from_player_id, to_player_id, amt_cents from transfers`,
  );
  const aces = await db.all<{ d: number; amt_cents: number; round_id: number | null }>(sql`select d, amt_cents, round_id from aces`);
  const now = Math.floor(Date.now() / 1000);
  const paid = await db.all<{
    id: number;
    amount_cents: number;
    provider_fee_cents: number | null;
    league_fee_cents: number;
    method: string;
    status: string;
  }>(sql`select id, amount_cents, provider_fee_cents, league_fee_cents, method, status from payments`);
  const refundRows = await db.all<{ payment_id: number; amount_cents: number }>(sql`select payment_id, amount_cents from payment_refunds`);
  const players = (await db.all<{ id: number }>(sql`select id from players`)).map((p) => p.id);
  const balance = new Map(players.map((id) => [id, 0]));
  const add = (id: number | null, cents: number) => id !== null && balance.set(id, (balance.get(id) ?? 0) + cents);
  for (const e of entries) add(e.player_id, e.credit_added_cents - e.credit_used_cents);
  for (const t of transfers) {
    add(t.to_player_id, t.amt_cents);
    add(t.from_player_id, -t.amt_cents);
  }
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
  const paypal = paid.filter((p) => p.method === "paypal" && p.status === "completed");
  // What PayPal gave back: a payment refunded before refunds had rows was refunded whole.
  const refundedOf = (p: (typeof paid)[number]) =>
    p.status === "refunded"
      ? p.amount_cents
      : Math.min(
          p.amount_cents,
          sum(
            refundRows.filter((r) => r.payment_id === p.id),
            (r) => r.amount_cents,
          ),
        );
  const kept = paid.filter((p) => p.method === "paypal" && (p.status === "completed" || p.status === "refunded"));
  return {
    entries: entries.length,
    pdgaCents: sum(entries, (e) => rounds.get(e.round_id)!.fee_pdga_cents),
    payoutCents: sum(entries, (e) => rounds.get(e.round_id)!.payout_cents),
    aceInCents: sum(entries, (e) => (e.ace ? rounds.get(e.round_id)!.ace_cents : 0)),
    acesPaidCents: sum(aces, (a) => a.amt_cents),
    // The pot now (ADR 21): fees of rounds started by now, less aces dated until now.
    acePrepaidCents: sum(entries, (e) => (e.ace && rounds.get(e.round_id)!.d > now ? rounds.get(e.round_id)!.ace_cents : 0)),
    acesAheadCents: sum(aces, (a) => (a.d > now ? a.amt_cents : 0)),
    looseAces: { count: aces.filter((a) => a.round_id === null).length, cents: sum(aces, (a) => (a.round_id === null ? a.amt_cents : 0)) },
    creditUsedCents: sum(entries, (e) => e.credit_used_cents),
    creditAddedCents: sum(entries, (e) => e.credit_added_cents),
    paypalCents: sum(kept, (p) => p.amount_cents - refundedOf(p)),
    paypalRefundsCents: sum(kept, refundedOf),
    cashCents: sum(
      paid.filter((p) => p.method === "cash" && p.status === "completed"),
      (p) => p.amount_cents,
    ),
    paypalFeeCents: sum(paypal, (p) => p.provider_fee_cents ?? 0),
    convenienceCents: sum(paypal, (p) => p.league_fee_cents),
    balancesCents: sum([...balance.values()], (b) => b),
    leagueInCents: sum(transfers, (t) => (t.from_player_id === null ? t.amt_cents : 0)),
    leagueOutCents: sum(transfers, (t) => (t.to_player_id === null ? t.amt_cents : 0)),
  };
}

describe("moneyReport totals and reconciliation", () => {
  it("totals every row in the database; the rounds' sum plus the aces with no round makes the same totals", async () => {
    const [p, q] = await Promise.all([makePlayer(), makePlayer()]);
    const r = await makeRound({ startsAt: at(2095, 5, 5) });
    await makeEntry({ roundId: r.id, playerId: p.id, creditAddedCents: 1_234, creditUsedCents: 99 });
    await makeAce({ playerId: q.id, amountCents: 333, date: at(2095, 8, 8) });
    const report = await moneyReport(testDb(), league);
    const want = await independentSums();
    for (const { key } of REPORT_COLUMNS) if (key in want) expect(report.totals[key], key).toBe(want[key as keyof typeof want]);
    expect(report.looseAces).toEqual(want.looseAces);
    expect(report.totals).toEqual(sumRows(report.seasons));
    const fromRounds = sumRows(report.rounds);
    expect({ ...fromRounds, acesPaidCents: fromRounds.acesPaidCents + report.looseAces.cents }).toEqual(report.totals);
  });

  it("balances: Σ balances = credit added − credit used + league transfers, and the ace pot now is GET /api/ace's", async () => {
    const [p, q, s] = await Promise.all([makePlayer(), makePlayer(), makePlayer()]);
    // A round ahead, its fees prepaid; one played yesterday, with an ace paid in it.
    const r = await makeRound({ startsAt: at(2096, 4, 4), aceCents: 150 });
    const played = await makeRound({ startsAt: Math.floor(Date.now() / 1000) - 86_400, aceCents: 125 });
    await makeEntry({ roundId: played.id, playerId: q.id, ace: true });
    await makeAce({ playerId: q.id, amountCents: 100, roundId: played.id, date: played.startsAt });
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 2_500 }); // bought in
    await makeTransfer({ fromPlayerId: p.id, toPlayerId: q.id, amountCents: 400 }); // player to player
    await makeTransfer({ fromPlayerId: q.id, toPlayerId: null, amountCents: 300 }); // cashed out
    await makeEntry({ roundId: r.id, playerId: p.id, creditUsedCents: 650, ace: true });
    await makeEntry({ roundId: r.id, playerId: s.id, creditAddedCents: 875, ace: true });
    await makeAce({ playerId: s.id, amountCents: 120, roundId: r.id, date: r.startsAt });

    const before = (await moneyReport(testDb(), league)).reconciliation;
    const want = await independentSums();
    expect(before).toMatchObject({
      balancesCents: want.balancesCents,
      creditAddedCents: want.creditAddedCents,
      creditUsedCents: want.creditUsedCents,
      leagueInCents: want.leagueInCents,
      leagueOutCents: want.leagueOutCents,
      leagueNetCents: want.leagueInCents - want.leagueOutCents,
    });
    expect(before.ledger).toEqual({ expectedCents: want.balancesCents, actualCents: want.balancesCents, diffCents: 0, balanced: true });
    const answer = await call("GET", "/api/ace");
    expect(answer.status).toBe(200);
    const { pot } = (await answer.json()) as { pot: number };
    expect(before).toMatchObject({ acePrepaidCents: want.acePrepaidCents, acesAheadCents: want.acesAheadCents });
    expect(want.acePrepaidCents).toBeGreaterThanOrEqual(2 * 150);
    expect(want.acesAheadCents).toBeGreaterThanOrEqual(120);
    expect(before.ace).toEqual({
      expectedCents: want.aceInCents - want.acePrepaidCents - (want.acesPaidCents - want.acesAheadCents),
      actualCents: Math.round(pot * 100),
      diffCents: 0,
      balanced: true,
    });

    // More money each way moves both sides alike: still balanced.
    await makeTransfer({ fromPlayerId: null, toPlayerId: s.id, amountCents: 1_000 });
    await makeTransfer({ fromPlayerId: s.id, toPlayerId: null, amountCents: 250 });
    const after = (await moneyReport(testDb(), league)).reconciliation;
    expect(after.balancesCents - before.balancesCents).toBe(1_000 - 250);
    expect(after.leagueNetCents - before.leagueNetCents).toBe(1_000 - 250);
    expect(after.ledger.balanced).toBe(true);
  });

  // Out of balance cannot be made through the database: every entry and transfer names a
  // player that exists (foreign keys, which D1 will not turn off), so Σ balances always
  // equals the ledger here. tests/unit/report.test.ts gives reconcile() books that do not.
});
