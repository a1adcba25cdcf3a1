import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { type RoundPayment, roundMoneyOf, roundPayments } from "../money/round-money";
import { type EntryRow, entriesForRound } from "../entries/entries";
import { getRound } from "../rounds/rounds";
import { type CashSplit, cashSplit } from "~/lib/night/night-cash";
import { fullName } from "~/lib/players/player-name";
import type { RoundFees } from "~/lib/signup/pricing";

// The night's cash summary (ADR 38): the cash the round took, split by what it paid for,
// each record with who recorded it, the voided ones beside, who still owes, the credit
// used. Who recorded a record is the actor of its insert in the audit log (ADR 20): the log
// is append-only and names the actor by construction, so no column of the payment could say
// it better, and records made before this summary existed have it too. The totals are the
// reports' definitions (services/money/reports.ts): cash completed or refunded since,
// credit used as the entries hold it, so the two agree to the cent.

export type CashLine = {
  paymentId: number;
  playerName: string;
  amountCents: number;
  at: number;
  note: string | null;
  recordedBy: string;
  voided: { reason: string; by: string } | null;
};

export type NightCash = {
  split: CashSplit;
  records: CashLine[];
  byRecorder: { name: string; cents: number; records: number }[];
  owing: { name: string; owedCents: number }[];
  owedCents: number;
  creditUsedCents: number;
};

type CashRecordRow = {
  id: number;
  name: string;
  amount: number;
  at: number;
  status: string;
  data: string | null;
  reason: string | null;
  by: string | null;
  voidedBy: string | null;
};

const UNKNOWN = "Not recorded";

/**
 * Every cash record of the round, voided ones too, with the actors of its insert and of its
 * void. The log is read through its round index (a payment's rows carry its round), so a
 * league with years of history reads only this round's rows.
 */
export const cashRowsSql = (db: Db, roundId: number) => sql`
    select p.id, ${fullNameSql("pl")} as name, p.amount_cents as amount, p.created_at as at, p.status,
      p.payment_data as data, p.void_reason as reason,
      (select a.actor_name from audit_log a where a.league_id = p.league_id and a.round_id = p.round_id and a.table_name = 'payments' and a.row_id = p.id
        and a.action = 'insert' order by a.id limit 1) as by,
      (select a.actor_name from audit_log a where a.league_id = p.league_id and a.round_id = p.round_id and a.table_name = 'payments' and a.row_id = p.id
        and a.action = 'update' and a.after ->> 'status' = 'voided' order by a.id desc limit 1) as voidedBy
    from payments p join players pl on pl.id = p.player_id
    where p.round_id = ${roundId} and p.league_id = ${db.leagueId} and p.method = 'cash' and p.status in ('completed', 'refunded', 'voided')
    order by p.id`;

function noteOf(data: string | null): string | null {
  if (!data) return null;
  try {
    const note = (JSON.parse(data) as { note?: unknown }).note;
    return typeof note === "string" ? note : null;
  } catch {
    return null;
  }
}

/** The round's cash records with who recorded and voided them: the summary's one read of its own. */
export const cashRecordRows = (db: Db, roundId: number) => db.all<CashRecordRow>(cashRowsSql(db, roundId));

/** The summary on its own: the round, its entries and payments, and its cash records. */
export async function nightCash(db: Db, roundId: number): Promise<NightCash> {
  const [round, list, paid, rows] = await Promise.all([
    getRound(db, roundId),
    entriesForRound(db, roundId),
    roundPayments(db, roundId),
    cashRecordRows(db, roundId),
  ]);
  return nightCashOf(round, list, paid, rows);
}

/** The summary from rows already read (the night screen reads the entries and payments for its list). */
export function nightCashOf(
  round: RoundFees & { cancelledAt?: number | null },
  list: EntryRow[],
  paid: RoundPayment[],
  rows: CashRecordRow[],
): NightCash {
  // A cancelled round's money went back as credit (ADR 50): nobody owes for it.
  const off = round.cancelledAt != null;
  const named = list.map((e) => ({ ...e, name: fullName(e) }));
  const money = roundMoneyOf(round, named, paid);
  const records = rows.map(
    (r): CashLine => ({
      paymentId: Number(r.id),
      playerName: r.name,
      amountCents: Number(r.amount),
      at: Number(r.at),
      note: noteOf(r.data),
      recordedBy: r.by ?? UNKNOWN,
      voided: r.status === "voided" ? { reason: r.reason ?? "", by: r.voidedBy ?? UNKNOWN } : null,
    }),
  );
  const byRecorder = new Map<string, { name: string; cents: number; records: number }>();
  for (const r of records.filter((x) => !x.voided)) {
    const sum = byRecorder.get(r.recordedBy) ?? { name: r.recordedBy, cents: 0, records: 0 };
    sum.cents += r.amountCents;
    sum.records += 1;
    byRecorder.set(r.recordedBy, sum);
  }
  const owing = named
    .map((e) => ({ name: e.name, owedCents: off ? 0 : (money.byEntry.get(e.id)?.owedCents ?? 0) }))
    .filter((o) => o.owedCents > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    split: cashSplit(round, list, paid),
    records,
    byRecorder: [...byRecorder.values()].sort((a, b) => b.cents - a.cents || a.name.localeCompare(b.name)),
    owing,
    owedCents: off ? 0 : money.owedCents,
    creditUsedCents: list.reduce((s, e) => s + e.creditUsedCents, 0),
  };
}
