import { sql } from "drizzle-orm";
import { type Db, readTogether } from "../../db/client";
import type { League } from "../../league";
import { aceCountsSql, acePotAtSql, feesCountSql } from "./ace-pot";
import { balanceCentsSql } from "../players/balance-sql";
import {
  type OverpaidEntryRow,
  type OverpaidRow,
  type RefundStandingRow,
  type StaleCreditRow,
  type RefundAskedRow,
  refundAskedSql,
  type UnenteredRow,
  bookFlags,
  overpaidEntrySql,
  overpaidSql,
  refundStandingSql,
  staleCreditSql,
  unenteredSql,
} from "./book-flags";
import { P, refundedCentsSql } from "./money-sql";
import type { BookFlag } from "~/lib/money/book-flags";
import {
  REPORT_COLUMNS,
  type Reconciliation,
  type ReportSums,
  type RoundReport,
  type SeasonReport,
  reconcile,
  sumRows,
  zeroSums,
} from "~/lib/money/report";
import { nowSeconds, wallParts } from "~/lib/shared/time";

// The admin's money report: per round and per season, what came in and
// went out, and whether the books balance. Definitions: ADR 15 (fees and sign-up) and
// "Balance, ace pot, transfers". One GROUP BY query per table, never one per round.

/**
 * One row per round: the fees are entries × the round's amounts; PayPal money is what
 * completed (or since refunded) payments brought less what PayPal gave back (ADR 22), its
 * fees those of payments still completed (failed ones are not money in, a created one is
 * an unfinished order); cash is what admins recorded. Each source is summed by round on
 * its own before the join, so no row is counted once per row of another table. A payment
 * of a cancelled round refunded because its player asked for it back (ADR 50) keeps its
 * fee here: PayPal keeps its fee on a refund, so it is the league's cost.
 */
const perRound = (db: Db) => sql`
  select r.id, r.d as startsAt, r.n as name,
    coalesce(e.entries, 0) as entries,
    coalesce(e.entries, 0) * r.fee_pdga_cents as pdga,
    coalesce(e.entries, 0) * r.fee_course_cents as course,
    coalesce(e.entries, 0) * r.fee_other_cents as other,
    coalesce(e.entries, 0) * r.payout_cents as payout,
    case when ${feesCountSql("r")} then coalesce(e.ace_entries, 0) * r.ace_cents else 0 end as ace_in,
    -- A cancelled round's aces are paid from the pot only if they stand (ADR 50, aceCountsSql).
    case when r.cancelled_at is not null and not r.cancel_aces_stand then 0 else coalesce(a.paid, 0) end as aces_paid,
    coalesce(e.credit_used, 0) as credit_used,
    coalesce(e.credit_added, 0) as credit_added,
    coalesce(pay.collected, 0) as paypal,
    coalesce(pay.provider_fees, 0) as paypal_fees,
    coalesce(pay.league_fees, 0) as convenience,
    coalesce(pay.refunds, 0) as paypal_refunds,
    coalesce(pay.cash, 0) as cash,
    coalesce(sp.pots_in, 0) as pots_in,
    coalesce(sp.pots_paid, 0) as pots_paid
  from rounds r
  left join (select round_id, count(*) as entries, sum(ace) as ace_entries,
               sum(credit_used_cents) as credit_used, sum(credit_added_cents) as credit_added
             from entries where league_id = ${db.leagueId} group by round_id) e on e.round_id = r.id
  left join (select round_id, sum(amt_cents) as paid from aces where league_id = ${db.leagueId} and round_id is not null group by round_id) a
    on a.round_id = r.id
  left join (select round_id,
               sum(case when method = 'paypal' then amount_cents - refunded end) as collected,
               sum(case when method = 'paypal' then refunded end) as refunds,
               sum(case when method = 'paypal' and (status = 'completed' or refund_asked_at is not null)
                 then coalesce(provider_fee_cents, 0) end) as provider_fees,
               sum(case when method = 'paypal' and status = 'completed' then league_fee_cents end) as league_fees,
               sum(case when method = 'cash' then amount_cents end) as cash
             from (select p.*, ${refundedCentsSql(P)} as refunded from payments p
                   where p.league_id = ${db.leagueId} and p.method in ('paypal', 'cash') and p.status in ('completed', 'refunded'))
             group by round_id) pay on pay.round_id = r.id
  left join (select s.round_id,
               sum(s.buy_in_cents * (select count(*) from side_pot_players x where x.pot_id = s.id)) as pots_in,
               sum((select coalesce(sum(w.amount_cents), 0) from side_pot_wins w where w.pot_id = s.id)) as pots_paid
             from side_pots s join rounds sr on sr.id = s.round_id
             where s.league_id = ${db.leagueId} and ${feesCountSql("sr")} group by s.round_id) sp on sp.round_id = r.id
  where r.league_id = ${db.leagueId}`;

/**
 * What the side pots hold by their own figures (ADR 30): the buy-ins of pots not yet paid,
 * and for each name the last paid pot's prize less what it paid (its rollover, which each
 * paid pot took in from the one before). Against buy-ins − wins, this catches a pot whose
 * players or wins changed after its rollover moved on.
 */
const sidePotsHeld = (db: Db) => sql`
  select coalesce((select sum(s.buy_in_cents * (select count(*) from side_pot_players x where x.pot_id = s.id))
      from side_pots s join rounds sr on sr.id = s.round_id
      where s.league_id = ${db.leagueId} and s.settled_at is null and ${feesCountSql("sr")}), 0)
    + coalesce((select sum(last.prize_cents - (select coalesce(sum(w.amount_cents), 0) from side_pot_wins w where w.pot_id = last.id))
      from side_pots last join rounds lr on lr.id = last.round_id
      where last.league_id = ${db.leagueId} and last.settled_at is not null and not exists (
        select 1 from side_pots o join rounds r2 on r2.id = o.round_id
        where o.league_id = ${db.leagueId} and o.name = last.name collate nocase and o.settled_at is not null and o.id <> last.id
          and (r2.d > lr.d or (r2.d = lr.d and o.id > last.id)))), 0) as held`;

type SumsRow = Record<"entries" | "pdga" | "course" | "other" | "payout" | "ace_in" | "aces_paid", number> &
  Record<"credit_used" | "credit_added" | "paypal" | "paypal_fees" | "convenience" | "paypal_refunds" | "cash", number> &
  Record<"pots_in" | "pots_paid", number>;

type RoundSumsRow = SumsRow & { id: number; startsAt: number; name: string };
type LooseAceDayRow = { day: number; cents: number };
type MoneyRow = { balances: number; league_in: number; league_out: number };
type LooseRow = { count: number; cents: number };
type PotRow = { pot: number; ahead: number };
type HeldRow = { held: number };

const sums = (r: SumsRow): ReportSums => ({
  entries: Number(r.entries),
  pdgaCents: Number(r.pdga),
  courseCents: Number(r.course),
  otherCents: Number(r.other),
  payoutCents: Number(r.payout),
  aceInCents: Number(r.ace_in),
  acesPaidCents: Number(r.aces_paid),
  creditUsedCents: Number(r.credit_used),
  creditAddedCents: Number(r.credit_added),
  paypalCents: Number(r.paypal),
  paypalFeeCents: Number(r.paypal_fees),
  convenienceCents: Number(r.convenience),
  paypalRefundsCents: Number(r.paypal_refunds),
  cashCents: Number(r.cash),
  sidePotsInCents: Number(r.pots_in),
  sidePotsPaidCents: Number(r.pots_paid),
});

export type MoneyReport = {
  rounds: RoundReport[];
  seasons: SeasonReport[];
  /** Every round's and every ace's money: the seasons' sum. */
  totals: ReportSums;
  /** Aces recorded without a round: in their date's season and the totals, under no round. */
  looseAces: { count: number; cents: number };
  reconciliation: Reconciliation;
  /** What the books check flags for the admin to act on (ADR 22). */
  flags: BookFlag[];
};

/**
 * The report, newest first. A season is a calendar year in the league's zone, which SQL
 * cannot compute, so the seasons are summed here from the rounds' rows and the loose aces'
 * days (seasonsOf). The tables and the balances check come from one
 * batch: one snapshot, so a write landing mid-report cannot make the books look out. The
 * ace pot is the one definition GET /api/ace reads, as of `now` (ADR 21).
 */
export async function moneyReport(db: Db, league: League, now = nowSeconds()): Promise<MoneyReport> {
  const [
    roundRows,
    looseAceDays,
    [money],
    [loose],
    [pot],
    refundRows,
    unenteredRows,
    overpaidRows,
    overpaidEntryRows,
    staleRows,
    [held],
    askedRows,
  ] = await readTogether<
    [
      RoundSumsRow,
      LooseAceDayRow,
      MoneyRow,
      LooseRow,
      PotRow,
      RefundStandingRow,
      UnenteredRow,
      OverpaidRow,
      OverpaidEntryRow,
      StaleCreditRow,
      HeldRow,
      RefundAskedRow,
    ]
  >(db, [
    sql`${perRound(db)} order by r.d desc, r.id desc`,
    sql`select d as day, sum(amt_cents) as cents from aces where league_id = ${db.leagueId} and round_id is null group by d`,
    sql`
      select (select coalesce(sum(${balanceCentsSql(sql`p.id`)}), 0) from players p where p.league_id = ${db.leagueId}) as balances,
        coalesce(sum(case when from_player_id is null then amt_cents end), 0) as league_in,
        coalesce(sum(case when to_player_id is null then amt_cents end), 0) as league_out
      from transfers where league_id = ${db.leagueId}`,
    sql`select count(*) as count, coalesce(sum(amt_cents), 0) as cents from aces where league_id = ${db.leagueId} and round_id is null`,
    sql`select ${acePotAtSql(db, now)} as pot,
        (select coalesce(sum(a.amt_cents), 0) from aces a where a.league_id = ${db.leagueId} and a.d > ${now} and ${aceCountsSql("a")}) as ahead`,
    refundStandingSql(db),
    unenteredSql(db),
    overpaidSql(db),
    overpaidEntrySql(db),
    staleCreditSql(db),
    sidePotsHeld(db),
    refundAskedSql(db),
  ]);

  const rounds = roundRows.map((r) => ({ id: Number(r.id), startsAt: Number(r.startsAt), name: r.name, ...sums(r) }));
  const seasons = seasonsOf(rounds, looseAceDays, league.timeZone);
  const totals = sumRows(seasons);
  return {
    rounds,
    seasons,
    totals,
    looseAces: { count: Number(loose?.count ?? 0), cents: Number(loose?.cents ?? 0) },
    reconciliation: reconcile({
      balancesCents: Number(money?.balances ?? 0),
      creditAddedCents: totals.creditAddedCents,
      creditUsedCents: totals.creditUsedCents,
      leagueInCents: Number(money?.league_in ?? 0),
      leagueOutCents: Number(money?.league_out ?? 0),
      aceInCents: totals.aceInCents,
      acesPaidCents: totals.acesPaidCents,
      // Like with like: the pot now holds the fees of started rounds and the aces paid until now.
      acePrepaidCents: roundRows.reduce((cents, r) => cents + (Number(r.startsAt) > now ? Number(r.ace_in) : 0), 0),
      acesAheadCents: Number(pot?.ahead ?? 0),
      acePotCents: Number(pot?.pot ?? 0),
      sidePotsInCents: totals.sidePotsInCents,
      sidePotsPaidCents: totals.sidePotsPaidCents,
      sidePotsHeldCents: Number(held?.held ?? 0),
    }),
    flags: bookFlags(refundRows, unenteredRows, overpaidRows, overpaidEntryRows, staleRows, askedRows),
  };
}

/**
 * The seasons' sums, newest first: each round's and each loose ace's money in the league
 * year its date falls in (in the league's zone, which SQL cannot compute; summing here
 * rather than grouping in SQL by year boundaries keeps the report one batch, ADR 41).
 * A loose ace is money paid out of the pot under no round.
 */
function seasonsOf(rounds: RoundReport[], looseAceDays: LooseAceDayRow[], timeZone: string): SeasonReport[] {
  const bySeason = new Map<number, ReportSums>();
  const add = (d: number, sums: Partial<ReportSums>) => {
    const season = wallParts(d, timeZone).year;
    const total = bySeason.get(season) ?? zeroSums();
    for (const { key } of REPORT_COLUMNS) total[key] += sums[key] ?? 0;
    bySeason.set(season, total);
  };
  for (const r of rounds) add(r.startsAt, r);
  for (const a of looseAceDays) add(Number(a.day), { acesPaidCents: Number(a.cents) });
  return [...bySeason].sort(([a], [b]) => b - a).map(([season, sums]) => ({ season, ...sums }));
}
