import { z } from "zod";
import { DEFAULT_LEAGUE_ID, type LEAGUE_STATUSES } from "./db/tables/leagues";
import { isTimeZone, nowSeconds, startOfYear, wallParts, zonedTimeToEpoch } from "~/lib/shared/time";

const LeagueEnvSchema = z.object({
  LEAGUE_NAME: z.string().min(1).default("Disc Golf League"),
  LEAGUE_TIMEZONE: z.string().refine(isTimeZone, "LEAGUE_TIMEZONE must be an IANA time zone").default("America/Chicago"),
});

type LeagueVars = Partial<Record<keyof z.input<typeof LeagueEnvSchema>, string>>;

/**
 * The request's league (ADR 46), named by the path: `/l/{slug}/…`, or the default league at
 * the root. Its status and epoch are as this isolate last saw them (workers/league-directory.ts).
 */
export type League = {
  id: number;
  slug: string;
  name: string;
  timeZone: string;
  status: (typeof LEAGUE_STATUSES)[number];
  epoch: number;
  isDefault: boolean;
  /** Set while the operator has it suspended: 403 to all but its owner and the operator, no writes. */
  suspendedAt: number | null;
  /** Set once its owner closed it: read-only for good. */
  closedAt: number | null;
};

/** Where the path put a request (workers/league-path.ts): its league, null on a deployment page of a deployment without a default. */
export type RequestLeague = {
  league: League | null;
  /** A league's page whose league does not exist: the page's 404. */
  missing: boolean;
  /** An /api path (`/api/…` or `/l/{slug}/api/…`): its refusals take the /api's envelope. */
  api: boolean;
};

/** A `leagues` row as the directory keeps it: a name or zone not set yet is null. */
export type LeagueRow = Omit<League, "name" | "timeZone"> & { name: string | null; timeZone: string | null };

// The vars seldom change within an isolate, and checking the zone makes an
// Intl.DateTimeFormat (~0.4 ms): the last good answer is kept for the same vars.
let checked: { name?: string; timeZone?: string; parsed: z.output<typeof LeagueEnvSchema> } | undefined;

function varsOf(env: LeagueVars) {
  if (checked && checked.name === env.LEAGUE_NAME && checked.timeZone === env.LEAGUE_TIMEZONE) return checked.parsed;
  const parsed = LeagueEnvSchema.parse(env);
  checked = { name: env.LEAGUE_NAME, timeZone: env.LEAGUE_TIMEZONE, parsed };
  return parsed;
}

/**
 * A league from its row. The vars seed what the row has not set yet: the default league
 * made by migration 0024 has no name or zone of its own until its owner gives it one, and
 * until then the deployment's LEAGUE_NAME and LEAGUE_TIMEZONE are its (ADR 46).
 */
export function leagueOf(row: LeagueRow, env: LeagueVars): League {
  if (row.name !== null && row.timeZone !== null) return { ...row, name: row.name, timeZone: row.timeZone };
  const vars = varsOf(env);
  return { ...row, name: row.name ?? vars.LEAGUE_NAME, timeZone: row.timeZone ?? vars.LEAGUE_TIMEZONE };
}

/**
 * The default league as migration 0024 made it, named by the vars: what a queue job, the
 * cron and the live round's object act for until they carry a league of their own.
 */
export function leagueFromEnv(env: LeagueVars): League {
  return leagueOf(
    {
      id: DEFAULT_LEAGUE_ID,
      slug: "league",
      name: null,
      timeZone: null,
      status: "active",
      epoch: 0,
      isDefault: true,
      suspendedAt: null,
      closedAt: null,
    },
    env,
  );
}

/** Start of the current league year: "this year" counts from here. */
export function currentYearStart(league: Pick<League, "timeZone">, now = nowSeconds()): number {
  return startOfYear(now, league.timeZone);
}

/** The league year `season` as [start, end) in epoch seconds. */
export function seasonSpan(league: Pick<League, "timeZone">, season: number): { from: number; to: number } {
  return {
    from: zonedTimeToEpoch({ year: season, month: 1, day: 1 }, league.timeZone),
    to: zonedTimeToEpoch({ year: season + 1, month: 1, day: 1 }, league.timeZone),
  };
}

/** The current league year, e.g. 2026. */
export function currentSeason(league: Pick<League, "timeZone">, now = nowSeconds()): number {
  return wallParts(now, league.timeZone).year;
}
