import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { P, excessBackCentsSql, givenBackCentsSql, leftCentsSql, refundedCentsSql, staleCreditSql as staleCredit } from "./money-sql";
import { entrySidePotsCentsSql } from "../sidepots/pot-sql";
import { type BookFlag, MAX_FLAGS } from "~/lib/money/book-flags";
import { fullNameSql } from "../../db/player-name";

// The books check's flags (ADR 22, ADR 37, ADR 50) as six queries, read in the report's own batch
// (one snapshot with its sums). Each lists the newest rounds first, of the request's league
// only: its root table and any search beside it name the league (ADR 46).

const where = sql`r.id as round_id, r.n as round_name, r.d as round_d, ${fullNameSql("pl")} as name`;

/**
 * (a) Undecided refunds of a payment whose (round, player) entry still stands, not given back
 * as credit. A cancelled round's entries stand for nothing: its money went back (ADR 50).
 */
export const refundStandingSql = (db: Db) => sql`
  select e.id as entry_id, ${where}, sum(pr.amount_cents) as cents, max(pr.kind = 'reversal') as reversal
  from payment_refunds pr
  join payments p on p.id = pr.payment_id
  join entries e on e.league_id = p.league_id and e.round_id = p.round_id and e.player_id = p.player_id
  join rounds r on r.id = p.round_id join players pl on pl.id = p.player_id
  where pr.league_id = ${db.leagueId} and pr.resolution is null and ${givenBackCentsSql(sql`p.id`)} is null
    and r.cancelled_at is null
  group by e.id order by r.d desc, e.id limit ${MAX_FLAGS}`;

/** (b) Money received with no entry of that round and player standing, and not given back. */
export const unenteredSql = (db: Db) => sql`
  select p.id as payment_id, p.method, ${where}, ${leftCentsSql(P)} as cents
  from payments p join rounds r on r.id = p.round_id join players pl on pl.id = p.player_id
  where p.league_id = ${db.leagueId} and p.method in ('paypal', 'cash') and p.status = 'completed'
    and not exists (select 1 from entries e where e.league_id = p.league_id and e.round_id = p.round_id and e.player_id = p.player_id)
    and ${givenBackCentsSql(sql`p.id`)} is null and ${leftCentsSql(P)} > 0
  order by r.d desc, p.id limit ${MAX_FLAGS}`;

/** (c) Given back as credit (a withdrawal's give-back or an entry's excess), then refunded by PayPal as well: what the player got twice. */
const twiceSql = sql`coalesce(${givenBackCentsSql(sql`p.id`)}, 0) + ${excessBackCentsSql(sql`p.id`)} + ${refundedCentsSql(P)} - p.amount_cents`;
export const overpaidSql = (db: Db) => sql`
  select p.id as payment_id, ${where}, ${twiceSql} as cents
  from payments p join rounds r on r.id = p.round_id join players pl on pl.id = p.player_id
  where p.league_id = ${db.leagueId} and (${givenBackCentsSql(sql`p.id`)} is not null or ${excessBackCentsSql(sql`p.id`)} > 0) and ${twiceSql} > 0
  order by r.d desc, p.id limit ${MAX_FLAGS}`;

/**
 * (d) An entry paid more than its price: its credit used and what its (round, player)'s
 * payments pay (lib/money/entry-money.ts paysCents, the same sums) above the round's fees, its ace
 * fee and its side pots' buy-ins. Not in a cancelled round, whose payments went back (ADR 50).
 */
export const overpaidEntrySql = (db: Db) => sql`
  select e.id as entry_id, ${where}, e.credit_used_cents + coalesce(m.pays, 0) - (r.fee_pdga_cents + r.fee_course_cents
      + r.fee_other_cents + r.payout_cents + (case when e.ace then r.ace_cents else 0 end) + ${entrySidePotsCentsSql(sql`e.id`)}) as cents
  from entries e join rounds r on r.league_id = e.league_id and r.id = e.round_id join players pl on pl.id = e.player_id
  left join (select p.round_id, p.player_id,
      sum(max(0, p.amount_cents - p.league_fee_cents - ${refundedCentsSql(P)} - ${excessBackCentsSql(sql`p.id`)})) as pays
    from payments p where p.league_id = ${db.leagueId} and p.method in ('paypal', 'cash') and p.status in ('completed', 'refunded') and ${givenBackCentsSql(sql`p.id`)} is null
    group by p.round_id, p.player_id) m on m.round_id = e.round_id and m.player_id = e.player_id
  where e.league_id = ${db.leagueId} and cents > 0 and r.cancelled_at is null
  order by r.d desc, e.id limit ${MAX_FLAGS}`;

/** (e) A round whose entries hold credit for payouts they no longer have (ADR 37): how many. */
export const staleCreditSql = (db: Db) => sql`
  select r.id as round_id, r.n as round_name, r.d as round_d, '' as name, count(*) as cents
  from entries e join rounds r on r.league_id = e.league_id and r.id = e.round_id
  where e.league_id = ${db.leagueId} and ${staleCredit("e")}
  group by r.id order by r.d desc limit ${MAX_FLAGS}`;

/**
 * (f) A cancelled round's PayPal payment its player asked back (ADR 50) whose refund is not
 * recorded: the job has not run yet, or PayPal refused it (the log says why). The credit was
 * taken back, so the admin refunds it in PayPal or gives it back as credit.
 */
export const refundAskedSql = (db: Db) => sql`
  select p.id as payment_id, ${where}, ${leftCentsSql(P)} as cents
  from payments p join rounds r on r.id = p.round_id join players pl on pl.id = p.player_id
  where p.league_id = ${db.leagueId} and p.method = 'paypal' and p.status = 'completed' and p.refund_asked_at is not null
    and ${leftCentsSql(P)} > 0
  order by r.d desc, p.id limit ${MAX_FLAGS}`;

type Base = { round_id: number; round_name: string; round_d: number; name: string; cents: number };
export type RefundStandingRow = Base & { entry_id: number; reversal: number };
export type UnenteredRow = Base & { payment_id: number; method: "paypal" | "cash" };
export type OverpaidRow = Base & { payment_id: number };
export type OverpaidEntryRow = Base & { entry_id: number };
export type StaleCreditRow = Base;
export type RefundAskedRow = Base & { payment_id: number };

const base = (r: Base) => ({
  roundId: Number(r.round_id),
  roundName: r.round_name,
  roundD: Number(r.round_d),
  playerName: r.name,
  cents: Number(r.cents),
});

/** The six queries' rows as flags, newest round first. */
export function bookFlags(
  a: RefundStandingRow[],
  b: UnenteredRow[],
  c: OverpaidRow[],
  d: OverpaidEntryRow[],
  e: StaleCreditRow[],
  f: RefundAskedRow[],
): BookFlag[] {
  const flags: BookFlag[] = [
    ...a.map((r) => ({ ...base(r), kind: "refund-standing" as const, entryId: Number(r.entry_id), reversal: Boolean(r.reversal) })),
    ...b.map((r) => ({ ...base(r), kind: "unentered" as const, paymentId: Number(r.payment_id), method: r.method })),
    ...c.map((r) => ({ ...base(r), kind: "overpaid" as const, paymentId: Number(r.payment_id) })),
    ...d.map((r) => ({ ...base(r), kind: "overpaid-entry" as const, entryId: Number(r.entry_id) })),
    ...e.map((r) => ({ ...base(r), kind: "stale-credit" as const, count: Number(r.cents) })),
    ...f.map((r) => ({ ...base(r), kind: "refund-asked" as const, paymentId: Number(r.payment_id) })),
  ];
  return flags.sort((x, y) => y.roundD - x.roundD);
}
