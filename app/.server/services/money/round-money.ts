import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { COUNTED_STATUSES, MONEY_METHODS, PAYMENTS, excessBackCentsSql, givenBackCentsSql, refundedCentsSql } from "./money-sql";
import { payments, players } from "../../db/schema";
import { type EntryMoney, type MoneyPayment, entryMoney, leftCents, overpaidCents } from "~/lib/money/entry-money";
import { type RoundFees, entryTotalCents } from "~/lib/signup/pricing";
import { fullNameSql } from "../../db/player-name";

// The money of one round's entries as the entries screen shows it (ADR 22): per entry what
// paid for it (credit, PayPal, cash), what it owes, what a withdrawal would give back and
// PayPal's refunds; and the round's money without a standing entry, for the admin to sort out.

export type RoundPayment = MoneyPayment & {
  playerId: number;
  playerName: string;
  status: string;
  /** Refunds the admin has not decided on (no resolution). */
  unresolvedCents: number;
  reversed: boolean;
};

export type EntryMoneyView = EntryMoney & {
  /** What PayPal gave back of this entry's payments, and how much of it waits for the admin's decision. */
  refundedCents: number;
  unresolvedCents: number;
  reversed: boolean;
  /** Its cash records an admin may still void (ADR 37): none of them given back as credit. */
  cash: CashRecord[];
};

/** A cash record that pays for an entry, as the "void the duplicate cash" fix lists it. */
export type CashRecord = { paymentId: number; amountCents: number };

/**
 * Money of the round that no standing entry accounts for: paid with no entry, given back
 * twice, or an entry paid more than its price (ADR 37) with the cash records that could be
 * the duplicate.
 */
export type MoneyIssue =
  | { kind: "unentered"; paymentId: number; playerName: string; method: "paypal" | "cash"; leftCents: number }
  | { kind: "overpaid"; paymentId: number; playerName: string; overCents: number }
  | { kind: "overpaid-entry"; entryId: number; playerName: string; overCents: number; cash: CashRecord[] };

/** The round's PayPal and cash payments (completed, or refunded since), with their refunds and give-backs. */
export async function roundPayments(db: Db, roundId: number | SQL<number>): Promise<RoundPayment[]> {
  return paymentsOfRows(await roundPaymentsQuery(db, roundId));
}

/**
 * The same as one query that a batch can hold (the round's state reads it with its entries,
 * ADR 14). Every column has its own alias: D1 answers a batch's rows as objects, so two
 * columns of one name would shift the rest.
 */
export function roundPaymentsQuery(db: Db, roundId: number | SQL) {
  return db
    .select({
      id: payments.id,
      playerId: payments.playerId,
      playerName: fullNameSql(players).as("player_name"),
      method: payments.method,
      status: payments.status,
      amountCents: payments.amountCents,
      leagueFeeCents: payments.leagueFeeCents,
      refundedCents: refundedCentsSql(PAYMENTS).mapWith(Number).as("refunded"),
      unresolvedCents: sql<number>`(select coalesce(sum(r.amount_cents), 0) from payment_refunds r
        where r.league_id = ${PAYMENTS.leagueId} and r.payment_id = ${PAYMENTS.id} and r.resolution is null)`
        .mapWith(Number)
        .as("unresolved"),
      reversed:
        sql<number>`exists (select 1 from payment_refunds r where r.league_id = ${PAYMENTS.leagueId} and r.payment_id = ${PAYMENTS.id} and r.kind = 'reversal')`
          .mapWith(Boolean)
          .as("reversed"),
      givenBackCents: givenBackCentsSql(PAYMENTS.id).as("given_back"),
      excessBackCents: excessBackCentsSql(PAYMENTS.id).mapWith(Number).as("excess_back"),
    })
    .from(payments)
    .innerJoin(players, eq(players.id, payments.playerId))
    .where(
      and(
        inLeague(db, payments),
        eq(payments.roundId, roundId),
        inArray(payments.method, [...MONEY_METHODS]),
        inArray(payments.status, [...COUNTED_STATUSES]),
      ),
    )
    .orderBy(payments.id);
}

export type PaymentRow = Awaited<ReturnType<typeof roundPaymentsQuery>>[number];

export function paymentsOfRows(rows: PaymentRow[]): RoundPayment[] {
  return rows.map((r) => ({
    ...r,
    method: r.method as RoundPayment["method"],
    givenBackCents: r.givenBackCents === null ? null : Number(r.givenBackCents),
  }));
}

/** A cash record still as recorded: completed, none of it given back as credit. */
const voidable = (p: RoundPayment) =>
  p.method === "cash" && p.status === "completed" && p.givenBackCents === null && p.excessBackCents === 0;

/** An entry's money facts; `sidePotsCents` the buy-ins of the side pots it is in (ADR 30). */
type MoneyEntry = { id: number; playerId: number; ace: boolean; creditUsedCents: number; sidePotsCents: number; name?: string };

/** Each entry's money, the round's total owed, and the money no standing entry accounts for. */
export function roundMoneyOf(round: RoundFees, entries: readonly MoneyEntry[], payments: readonly RoundPayment[]) {
  const byEntry = new Map<number, EntryMoneyView>();
  for (const e of entries) {
    const mine = payments.filter((p) => p.playerId === e.playerId);
    const counted = mine.filter((p) => p.givenBackCents === null);
    byEntry.set(e.id, {
      ...entryMoney(entryTotalCents(round, e.ace, e.sidePotsCents), e.creditUsedCents, mine),
      refundedCents: counted.reduce((s, p) => s + p.refundedCents, 0),
      unresolvedCents: counted.reduce((s, p) => s + p.unresolvedCents, 0),
      reversed: counted.some((p) => p.reversed),
      cash: mine.filter(voidable).map((p) => ({ paymentId: p.id, amountCents: p.amountCents })),
    });
  }
  const entered = new Set(entries.map((e) => e.playerId));
  const issues: MoneyIssue[] = [];
  for (const e of entries) {
    const overCents = byEntry.get(e.id)?.overCents ?? 0;
    if (overCents === 0) continue;
    const playerName = e.name ?? payments.find((p) => p.playerId === e.playerId)?.playerName ?? "";
    issues.push({ kind: "overpaid-entry", entryId: e.id, playerName, overCents, cash: byEntry.get(e.id)?.cash ?? [] });
  }
  for (const p of payments) {
    if (!entered.has(p.playerId) && p.status === "completed" && leftCents(p) > 0) {
      issues.push({ kind: "unentered", paymentId: p.id, playerName: p.playerName, method: p.method, leftCents: leftCents(p) });
    }
    if (overpaidCents(p) > 0) issues.push({ kind: "overpaid", paymentId: p.id, playerName: p.playerName, overCents: overpaidCents(p) });
  }
  const owedCents = [...byEntry.values()].reduce((s, m) => s + m.owedCents, 0);
  return { byEntry, owedCents, issues };
}

/** What withdrawing `entry` would give back now, by how it was paid (the round page's confirmation), from the round's payments. */
export function withdrawalBack(round: RoundFees, entry: MoneyEntry, payments: RoundPayment[]): EntryMoney["back"] {
  const money = roundMoneyOf(round, [entry], payments).byEntry.get(entry.id);
  return money?.back ?? { creditCents: entry.creditUsedCents, paypalCents: 0, cashCents: 0 };
}
