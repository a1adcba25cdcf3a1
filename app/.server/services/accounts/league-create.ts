import { sql } from "drizzle-orm";
import { type Db, readTogether, uniqueViolation } from "../../db/client";
import { AppError, conflict, notFound } from "../../errors";
import { type Counter, LIMITS, countEach, refund } from "../../rate-limit";
import { newJoinCode } from "~/lib/accounts/join-codes";
import { LEAGUE_CREATE_MESSAGES, type LeagueFields, type StartedBy, leagueCreateStatements } from "./league-create-sql";
import type { NewLeague, StartLeague } from "~/schemas/leagues";

// A league is made with its owner (ADR 46, 47) by the operator (`npm run league:create`,
// POST /api/admin/leagues) or by any signed-in user, who owns it (/leagues/new, POST
// /api/leagues). All send the same statements (./league-create-sql.ts), so all refuse and write alike.

export type CreatedLeague = { id: number; slug: string; name: string; timeZone: string };

/** How many leagues one account may have started in all (the operator's own are not counted: it is not limited). */
export const MOST_LEAGUES_STARTED = 20;

export const LEAGUE_START_MESSAGES = {
  perDay: `You can start ${LIMITS.leagueStartUser.max} leagues a day. Try again tomorrow.`,
  perClient: "Too many leagues were started from this network today. Try again tomorrow.",
  inAll: `You have started ${MOST_LEAGUES_STARTED} leagues, the most one account may start. Ask the site's operator for more.`,
} as const;

/** Makes the league; 404 when the owner has no account, 409 when the address is taken. */
export async function createLeague(db: Db, league: NewLeague, actor: { userId: number; name: string }): Promise<CreatedLeague> {
  const [[owner], [taken]] = await Promise.all([
    db.all<{ id: number; name: string }>(sql`select id, name from users where email = ${league.owner_email}`),
    db.all<{ id: number }>(sql`select id from leagues where lower(slug) = ${league.slug}`),
  ]);
  if (!owner) throw notFound(LEAGUE_CREATE_MESSAGES.noOwner);
  if (taken) throw conflict(LEAGUE_CREATE_MESSAGES.taken(league.slug));
  const made = await makeLeague(db, league, { userId: actor.userId, role: "admin", name: actor.name }, owner);
  if (!made) throw new Error("the league insert left no row");
  return made;
}

/**
 * A signed-in user starts a league and is its owner (and its `created_by`). Limits: 3 a day
 * per user and 10 a day per client address, counted before any work so a burst cannot pass
 * them together; 20 in all per user, counted in the insert itself (./league-create-sql.ts).
 * A refusal of the work (the address taken, the 20) gives its day's counts back. The
 * operator is not limited: it makes leagues for others, and is trusted with the deployment.
 */
export async function startLeague(
  db: Db,
  league: StartLeague,
  user: { id: number; name: string; isOperator: boolean },
  client: string,
): Promise<CreatedLeague> {
  const counters: Counter[] = user.isOperator
    ? []
    : [
        [`league-start:user:${user.id}`, LIMITS.leagueStartUser],
        [`league-start:ip:${client}`, LIMITS.leagueStartClient],
      ];
  const [counts, [taken]] = await Promise.all([
    countEach(db, ...counters),
    db.all<{ id: number }>(sql`select id from leagues where lower(slug) = ${league.slug}`),
  ]);
  if ((counts[0] ?? 0) > LIMITS.leagueStartUser.max) throw new AppError("rate_limited", LEAGUE_START_MESSAGES.perDay);
  if ((counts[1] ?? 0) > LIMITS.leagueStartClient.max) throw new AppError("rate_limited", LEAGUE_START_MESSAGES.perClient);
  try {
    if (taken) throw conflict(LEAGUE_CREATE_MESSAGES.addressTaken);
    const startedBy: StartedBy = { userId: user.id, most: user.isOperator ? null : MOST_LEAGUES_STARTED };
    const made = await makeLeague(db, league, { userId: user.id, role: "admin", name: user.name }, user, startedBy);
    if (!made) throw conflict(LEAGUE_START_MESSAGES.inAll);
    return made;
  } catch (err) {
    if (counters.length > 0) await refund(db, ...counters);
    throw err;
  }
}

/**
 * One batch (one transaction): the league, its owner's audit row and role, and its id; null
 * when the user's count refused it. A join code that another league drew meanwhile (one in
 * about 887 million) is drawn again once.
 */
async function makeLeague(
  db: Db,
  league: LeagueFields,
  actor: { userId: number; role: "admin"; name: string },
  owner: { id: number; name: string },
  startedBy?: StartedBy,
): Promise<CreatedLeague | null> {
  for (let attempt = 0; ; attempt++) {
    const statements = leagueCreateStatements(league, actor, owner, newJoinCode(), startedBy);
    try {
      const results = await readTogether<unknown[]>(db, statements);
      const [row] = results.at(-1) as { id: number }[];
      return row ? { id: row.id, slug: league.slug, name: league.name, timeZone: league.time_zone } : null;
    } catch (err) {
      const violated = uniqueViolation(err);
      if (violated?.includes("join_code") && attempt === 0) continue;
      // Two people making the same address at once: one makes it.
      if (violated) throw conflict(startedBy ? LEAGUE_CREATE_MESSAGES.addressTaken : LEAGUE_CREATE_MESSAGES.taken(league.slug));
      throw err;
    }
  }
}
