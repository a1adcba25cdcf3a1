import { and, asc, gte, lt, sql } from "drizzle-orm";
import { nowSeconds, wallParts, zonedTimeToEpoch } from "~/lib/shared/time";
import { type Db, inLeague } from "../../db/client";
import { entries, rounds } from "../../db/schema";
import { leagueUrls } from "~/lib/shared/league-url";

// Where the admin lands after logging in (ADR 39): tonight's round, ready to run. "Today"
// is the league's day in its time zone, not ±24 h: a round tomorrow evening is not tonight's.

/** A round to run today: dated today and without results yet. */
export type TodayRound = { id: number; name: string; startsAt: number; location: string };

/** The league's day containing `now`: [its first second, the next day's first second). */
export function leagueDay(timeZone: string, now: number): { from: number; to: number } {
  const p = wallParts(now, timeZone);
  const from = zonedTimeToEpoch({ year: p.year, month: p.month, day: p.day }, timeZone);
  // Date.UTC rolls day 32 into the next month; the zone's midnight of that wall date.
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  const to = zonedTimeToEpoch({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, timeZone);
  return { from, to };
}

/**
 * The rounds dated today that have no result yet (no score, no DNF), soonest first. A round
 * with results is done: a morning round already scored does not stand before tonight's.
 */
export function todayRounds(db: Db, timeZone: string, now = nowSeconds()): Promise<TodayRound[]> {
  const { from, to } = leagueDay(timeZone, now);
  return db
    .select({ id: rounds.id, name: rounds.name, startsAt: rounds.startsAt, location: rounds.location })
    .from(rounds)
    .where(
      and(
        inLeague(db, rounds),
        gte(rounds.startsAt, from),
        lt(rounds.startsAt, to),
        sql`not exists (select 1 from ${entries} where ${entries.leagueId} = ${sql`${rounds.leagueId}`} and ${entries.roundId} = ${sql`${rounds.id}`} and (${entries.score} > 0 or ${entries.dnf} = 1))`,
      ),
    )
    .orderBy(asc(rounds.startsAt), asc(rounds.id));
}

/** The default league's rounds page's list of today's rounds (its anchor). */
export const TODAY_LIST = leagueUrls(null).href("/admin/rounds#today");

/**
 * The page an admin lands on, in the league `urls` are of (the default league's unless
 * given): the night screen of today's one round to run, the rounds page's list of them
 * when there are several, otherwise the rounds page.
 */
export async function adminLanding(db: Db, timeZone: string, now = nowSeconds(), { href } = leagueUrls(null)): Promise<string> {
  const today = await todayRounds(db, timeZone, now);
  if (today.length === 1) return href(`/admin/round/night/${today[0].id}`);
  return href(today.length > 1 ? "/admin/rounds#today" : "/admin/rounds");
}
