import { z } from "zod";
import { nowSeconds, startOfYear } from "~/lib/time";

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

export type League = { name: string; timeZone: string };

/** The league's settings from the Worker's vars, checked once per request. */
export function leagueFromEnv(env: Partial<Record<keyof z.input<typeof LeagueEnvSchema>, string>>): League {
  const parsed = LeagueEnvSchema.parse(env);
  return { name: parsed.LEAGUE_NAME, timeZone: parsed.LEAGUE_TIMEZONE };
}

/** Start of the current league year: "this year" counts from here. */
export function currentYearStart(league: League, now = nowSeconds()): number {
  return startOfYear(now, league.timeZone);
}
