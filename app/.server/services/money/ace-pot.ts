import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { writeGuard } from "../../db/write-guard";

// The ace pot, defined once as of a moment (ADR 21), and the rule that it never goes
// below zero at any moment, held inside the batch of every write that lowers it.

/**
 * Whether the round `r` (an alias) holds its ace fees: a cancelled round's fees left the pot
 * (ADR 50).
 */
export const feesCountSql = (r: string) => sql.raw(`${r}.cancelled_at is null`);

/**
 * Whether the ace `a` (an alias) is paid from the pot: not when its round was cancelled and
 * the admin did not say its aces stand (ADR 50).
 */
export const aceCountsSql = (a: string) =>
  sql.raw(`not exists (select 1 from rounds vr where vr.id = ${a}.round_id and vr.cancelled_at is not null and not vr.cancel_aces_stand)`);

/**
 * The pot as of moment `at` (epoch seconds, or SQL giving them): ace fees of the opted-in
 * entries of rounds that started at or before it, less aces dated at or before it. Every
 * view and check of the pot embeds this. A round's opted-in count is the row round_stats
 * keeps (ADR 16), so the pot reads one row a round and no entry. The league's pot: its
 * rounds and its aces only (ADR 46).
 */
export function acePotAtSql(db: Db, at: number | SQL): SQL<number> {
  return sql<number>`(
    coalesce((select sum(r.ace_cents * rs.ace_entries)
      from rounds r join round_stats rs on rs.round_id = r.id where r.league_id = ${db.leagueId} and r.d <= ${at} and ${feesCountSql("r")}), 0)
    - coalesce((select sum(a.amt_cents) from aces a where a.league_id = ${db.leagueId} and a.d <= ${at} and ${aceCountsSql("a")}), 0)
  )`;
}

/** A change to the pot's history: `cents` join it (or leave it, negative) at moment `t`, as a round's fees or as an ace. */
export type PotChange = { t: number; cents: number; kind: "fees" | "ace" };

/** The moments a change lowers the pot at, as [from, until) spans (until null: from then on). */
export type Span = [number, number | null];

/** Where the changes, summed, leave the pot lower than it was: only there may they be refused. */
export function loweredSpans(changes: readonly PotChange[]): Span[] {
  const byMoment = new Map<number, number>();
  for (const c of changes) byMoment.set(c.t, (byMoment.get(c.t) ?? 0) + c.cents);
  const spans: Span[] = [];
  let total = 0;
  let open: number | null = null;
  for (const t of [...byMoment.keys()].sort((a, b) => a - b)) {
    total += byMoment.get(t) ?? 0;
    if (total < 0 && open === null) open = t;
    if (total >= 0 && open !== null) {
      spans.push([open, t]);
      open = null;
    }
  }
  if (open !== null) spans.push([open, null]);
  return spans;
}

/**
 * True when the pot is below zero at some moment within `spans`. The pot only falls at
 * an ace, so it is the running sum over events — each round's start adds its fees, each
 * ace takes its amount, fees first at equal times — read at every event in a span and at
 * each span's start (a zero event there).
 */
function dipsSql(db: Db, spans: Span[]): SQL {
  const list = JSON.stringify(spans);
  return sql`exists (
    with ev(t, k, cents) as (
      select r.d, 0, r.ace_cents * rs.ace_entries from rounds r join round_stats rs on rs.round_id = r.id where r.league_id = ${db.leagueId} and ${feesCountSql("r")}
      union all select a.d, 1, -a.amt_cents from aces a where a.league_id = ${db.leagueId} and ${aceCountsSql("a")}
      union all select s.value ->> 0, 0, 0 from json_each(${list}) s),
    run as (select t, sum(cents) over (order by t, k) as pot from ev)
    select 1 from run join json_each(${list}) s
      on run.t >= s.value ->> 0 and (s.value ->> 1 is null or run.t < s.value ->> 1)
    where run.pot < 0)`;
}

/**
 * The batch item that aborts a write whose changes would leave the pot below zero at a
 * moment they lower it (none when they lower it nowhere). Moments the change does not
 * lower are not looked at: history that is already below zero blocks no unrelated write,
 * as a balance's legacy debt does not (ADR 14).
 */
export function potGuards(db: Db, changes: readonly PotChange[]) {
  const spans = loweredSpans(changes);
  return spans.length === 0 ? [] : [writeGuard(db, "potNegative", dipsSql(db, spans))];
}

/** What a change to a round's entries takes from the pot: the fees of opted-in entries it removes or opts out. */
export function entriesPotChanges(
  round: { startsAt: number; aceCents: number },
  before: readonly { id: number; ace: boolean }[],
  after: readonly { id: number | null; ace?: boolean }[],
): PotChange[] {
  const planned = new Map(after.map((e) => [e.id, e]));
  const lost = before.filter((e) => e.ace && (!planned.has(e.id) || planned.get(e.id)?.ace === false)).length;
  return lost > 0 && round.aceCents > 0 ? [{ t: round.startsAt, cents: -lost * round.aceCents, kind: "fees" }] : [];
}

/** A round's fees leaving the pot at its old start and joining at its new one, with its new ace fee. */
export function roundPotChanges(
  before: { startsAt: number; aceCents: number },
  after: { startsAt: number; aceCents: number },
  optedIn: number,
): PotChange[] {
  if (optedIn === 0 || (before.startsAt === after.startsAt && before.aceCents === after.aceCents)) return [];
  return [
    { t: before.startsAt, cents: -optedIn * before.aceCents, kind: "fees" },
    { t: after.startsAt, cents: optedIn * after.aceCents, kind: "fees" },
  ];
}

/** The pot changes of a save of several rounds: each round's fees by its date and ace fee as read now, and as saved. */
export async function roundsPotChanges(db: Db, saved: readonly { id: number; startsAt: number; aceCents: number }[]): Promise<PotChange[]> {
  if (saved.length === 0) return [];
  const now = await db.all<{ id: number; startsAt: number; aceCents: number; optedIn: number }>(sql`
    select r.id, r.d as startsAt, r.ace_cents as aceCents, coalesce(s.ace_entries, 0) as optedIn
    from rounds r left join round_stats s on s.round_id = r.id
    where r.league_id = ${db.leagueId} and r.id in (select value from json_each(${JSON.stringify(saved.map((r) => r.id))}))`);
  return saved.flatMap((r) => {
    const old = now.find((o) => o.id === r.id);
    return old ? roundPotChanges(old, r, old.optedIn) : [];
  });
}
