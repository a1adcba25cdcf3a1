// The whole demo league as plain rows: a pure function of "now" and the time zone.
import { DAY_SECONDS } from "../../app/lib/shared/time";
import { buildAccounts } from "./accounts";
import { withCashAtTheCourse } from "./cash";
import { seedCourses } from "./courses";
import { settleMoney } from "./money";
import { buildEntries } from "./play";
import { buildPlayers, pickDemoPlayers } from "./players";
import { mulberry32 } from "./rng";
import { buildRounds } from "./schedule";
import type { League } from "./types";

/** Fixed seeds, one stream per concern, so changing one part leaves the others alone. */
const SEED = 20_260_115;

export function buildLeague(now: number, timeZone: string): League & { pot: number } {
  const { courses, layouts } = seedCourses();
  const rounds = buildRounds(mulberry32(SEED + 1), now, timeZone, layouts);
  const first = rounds[0];
  if (!first) throw new Error("no rounds scheduled");
  const players = buildPlayers(mulberry32(SEED + 2), first.startsAt - 45 * DAY_SECONDS);
  const demo = pickDemoPlayers(players);
  const entries = buildEntries(mulberry32(SEED + 3), rounds, players, demo, now);
  const { transfers, aces, pot } = settleMoney(mulberry32(SEED + 4), rounds, entries, players);
  const { users, claims, payments } = buildAccounts(rounds, entries, demo, now);
  const paid = withCashAtTheCourse(rounds, entries, payments);
  return { courses, layouts, players, rounds, entries, transfers, aces, users, claims, payments: paid, pot };
}
