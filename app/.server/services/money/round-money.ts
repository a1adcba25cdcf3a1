import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { P, givenBackCentsSql, refundedCentsSql } from "./money-sql";
import { type EntryMoney, type MoneyPayment, entryMoney, leftCents, overpaidCents } from "~/lib/entry-money";
import { type RoundFees, entryTotalCents } from "~/lib/pricing";
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
};

/** Money of the round that no standing entry accounts for: paid with no entry, or given back twice. */
export type MoneyIssue =
  | { kind: "unentered"; paymentId: number; playerName: string; method: "paypal" | "cash"; leftCents: number }
  | { kind: "overpaid"; paymentId: number; playerName: string; overCents: number };

type Row = {
  id: number;
  player_id: number;
  name: string;
  method: "paypal" | "cash";
  status: string;
  amount: number;
  fee: number;
  refunded: number;
  unresolved: number;
  reversed: number;
  given_back: number | null;
};

/** The round's PayPal and cash payments (completed, or refunded since), with their refunds and give-backs. */
export async function roundPayments(db: Db, roundId: number): Promise<RoundPayment[]> {
  const rows = await db.all<Row>(sql`
    select p.id, p.player_id, ${fullNameSql("pl")} as name, p.method, p.status, p.amount_cents as amount,
      p.league_fee_cents as fee, ${refundedCentsSql(P)} as refunded,
      (select coalesce(sum(r.amount_cents), 0) from payment_refunds r where r.payment_id = p.id and r.resolution is null) as unresolved,
      exists (select 1 from payment_refunds r where r.payment_id = p.id and r.kind = 'reversal') as reversed,
      ${givenBackCentsSql(sql`p.id`)} as given_back
    from payments p join players pl on pl.id = p.player_id
    where p.round_id = ${roundId} and p.method in ('paypal', 'cash') and p.status in ('completed', 'refunded')
    order by p.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    playerId: Number(r.player_id),
    playerName: r.name,
    method: r.method,
    status: r.status,
    amountCents: Number(r.amount),
    leagueFeeCents: Number(r.fee),
    refundedCents: Number(r.refunded),
    givenBackCents: r.given_back === null ? null : Number(r.given_back),
    unresolvedCents: Number(r.unresolved),
    reversed: Boolean(r.reversed),
  }));
}

/** An entry's money facts; `sidePotsCents` the buy-ins of the side pots it is in (ADR 30). */
type MoneyEntry = { id: number; playerId: number; ace: boolean; creditUsedCents: number; sidePotsCents: number };

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
    });
  }
  const entered = new Set(entries.map((e) => e.playerId));
  const issues: MoneyIssue[] = [];
  for (const p of payments) {
    if (!entered.has(p.playerId) && p.status === "completed" && leftCents(p) > 0) {
      issues.push({ kind: "unentered", paymentId: p.id, playerName: p.playerName, method: p.method, leftCents: leftCents(p) });
    }
    if (overpaidCents(p) > 0) issues.push({ kind: "overpaid", paymentId: p.id, playerName: p.playerName, overCents: overpaidCents(p) });
  }
  const owedCents = [...byEntry.values()].reduce((s, m) => s + m.owedCents, 0);
  return { byEntry, owedCents, issues };
}

/** What withdrawing `entry` would give back now, by how it was paid (the round page's confirmation). */
export async function withdrawalBack(db: Db, round: RoundFees & { id: number }, entry: MoneyEntry): Promise<EntryMoney["back"]> {
  const money = roundMoneyOf(round, [entry], await roundPayments(db, round.id)).byEntry.get(entry.id);
  return money?.back ?? { creditCents: entry.creditUsedCents, paypalCents: 0, cashCents: 0 };
}
