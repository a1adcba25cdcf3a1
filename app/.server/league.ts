import { z } from "zod";
import { DEFAULT_LEAGUE_ID } from "./db/tables/leagues";
import { nowSeconds, startOfYear, wallParts, zonedTimeToEpoch } from "~/lib/shared/time";

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const LeagueEnvSchema = z.object({
  LEAGUE_NAME: z.string().min(1).default("Disc Golf League"),
  LEAGUE_TIMEZONE: z.string().refine(isTimeZone, "LEAGUE_TIMEZONE must be an IANA time zone").default("America/Chicago"),
});

/** The request's league (ADR 46): the default league until a path names another. */
export type League = { id: number; name: string; timeZone: string };

// The vars seldom change within an isolate, and checking the zone makes an
// Intl.DateTimeFormat (~0.4 ms): the last good answer is kept for the same vars.
let checked: { name?: string; timeZone?: string; league: League } | undefined;

/** The default league with its name and zone from the Worker's vars, checked once per isolate and vars. */
export function leagueFromEnv(env: Partial<Record<keyof z.input<typeof LeagueEnvSchema>, string>>): League {
  if (checked && checked.name === env.LEAGUE_NAME && checked.timeZone === env.LEAGUE_TIMEZONE) return checked.league;
  const parsed = LeagueEnvSchema.parse(env);
  const league = Object.freeze({ id: DEFAULT_LEAGUE_ID, name: parsed.LEAGUE_NAME, timeZone: parsed.LEAGUE_TIMEZONE });
  checked = { name: env.LEAGUE_NAME, timeZone: env.LEAGUE_TIMEZONE, league };
  return league;
}

/** Start of the current league year: "this year" counts from here. */
export function currentYearStart(league: League, now = nowSeconds()): number {
  return startOfYear(now, league.timeZone);
}

/** The league year `season` as [start, end) in epoch seconds. */
export function seasonSpan(league: League, season: number): { from: number; to: number } {
  return {
    from: zonedTimeToEpoch({ year: season, month: 1, day: 1 }, league.timeZone),
    to: zonedTimeToEpoch({ year: season + 1, month: 1, day: 1 }, league.timeZone),
  };
}

/** The current league year, e.g. 2026. */
export function currentSeason(league: League, now = nowSeconds()): number {
  return wallParts(now, league.timeZone).year;
}
