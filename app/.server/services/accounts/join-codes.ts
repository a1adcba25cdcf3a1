import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, uniqueViolation } from "../../db/client";
import { leagueRowColumns, leagues, memberships, rateLimits } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
import { type League, leagueOf } from "../../league";
import { LIMITS, TOO_MANY, consume } from "../../rate-limit";
import { isJoinCodeShape, newJoinCode } from "~/lib/accounts/join-codes";
import type { LeagueRole } from "~/lib/accounts/roles";

// Joining a league by its code (ADR 47): the code names the league, whatever league the
// request was made in; joining makes a `player` membership, which runs nothing (STAFF_ROLES),
// and leaves any role the account already holds there as it is. Memberships and leagues are
// the deployment's rows: the write is one statement that holds only while the league is open.

export const JOIN_MESSAGES = {
  noLeague: "No league has this code",
  closed: "This league is closed: it takes no new players.",
  suspended: "This league is suspended: it takes no new players for now.",
  paused: "This league is not taking new players right now. Please try again in a few minutes.",
  noCodeYet: "This league has no join code yet.",
} as const;

/** A league as the join page shows it, found by its code. */
export type CodedLeague = Pick<League, "id" | "slug" | "name" | "isDefault"> & { open: boolean; refusal: string | null };

/** Why a league takes no one now, or null: closed for good, suspended, or paused (frozen, moved). */
export function joinRefusal(row: Pick<League, "status" | "suspendedAt" | "closedAt">): string | null {
  if (row.closedAt !== null) return JOIN_MESSAGES.closed;
  if (row.suspendedAt !== null) return JOIN_MESSAGES.suspended;
  return row.status === "active" ? null : JOIN_MESSAGES.paused;
}

const refusalError = (message: string) => (message === JOIN_MESSAGES.paused ? new AppError("unavailable", message) : forbidden(message));

/** The key a client's code guesses are counted under (ADR 7's limits, LIMITS.joinCode). */
export const joinGuessKey = (client: string) => `join:ip:${client}`;

/**
 * The league a code names, as the join page shows it (a read only: no write in a GET), or null.
 * A client over its guesses (counted by each join, below) is refused here as well.
 */
export async function leagueByCode(
  db: Db,
  vars: Parameters<typeof leagueOf>[1],
  code: string,
  client: string,
): Promise<CodedLeague | null> {
  const now = Math.floor(Date.now() / 1000);
  const [rows, [guesses]] = await Promise.all([
    isJoinCodeShape(code) ? db.select(leagueRowColumns).from(leagues).where(eq(leagues.joinCode, code)) : Promise.resolve([]),
    db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, joinGuessKey(client)), sql`${rateLimits.windowStart} > ${now - LIMITS.joinCode.windowSeconds}`)),
  ]);
  if (guesses && guesses.count >= LIMITS.joinCode.max) throw new AppError("rate_limited", TOO_MANY);
  const [row] = rows;
  if (!row) return null;
  const league = leagueOf(row, vars);
  const refusal = joinRefusal(league);
  return { id: league.id, slug: league.slug, name: league.name, isDefault: league.isDefault, open: refusal === null, refusal };
}

export type Joined = { league: Pick<League, "id" | "slug" | "name" | "isDefault">; role: LeagueRole; joined: boolean };

/**
 * `userId` joins the league `code` names as a player. Every attempt counts against the
 * client's guesses first (429 over them); a code no league has is 404; a closed, suspended
 * or paused league refuses. A member already (any role) stays as they are: `joined` false.
 */
export async function joinLeague(
  db: Db,
  vars: Parameters<typeof leagueOf>[1],
  userId: number,
  code: string,
  client: string,
): Promise<Joined> {
  await consume(db, [joinGuessKey(client), LIMITS.joinCode]);
  const [row] = isJoinCodeShape(code) ? await db.select(leagueRowColumns).from(leagues).where(eq(leagues.joinCode, code)) : [];
  if (!row) throw notFound(JOIN_MESSAGES.noLeague);
  const league = leagueOf(row, vars);
  const refusal = joinRefusal(league);
  if (refusal) throw refusalError(refusal);
  const [inserted, [now]] = await db.batch([
    // Holds only while the league is still open and still has this code: a close or a new code meanwhile makes it nothing.
    db
      .insert(memberships)
      .select(
        db
          .select({
            leagueId: leagues.id,
            userId: sql`${userId}`.as("user_id"),
            role: sql`'player'`.as("role"),
            grantedBy: sql`null`.as("granted_by"),
            grantedAt: sql`unixepoch()`.as("granted_at"),
          })
          .from(leagues)
          .where(openLeague(league.id, code)),
      )
      .onConflictDoNothing()
      .returning({ role: memberships.role }),
    db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.leagueId, league.id), eq(memberships.userId, userId))),
  ]);
  if (!now) {
    // The league closed, was suspended or took a new code between the read and the write.
    const [again] = await db.select(leagueRowColumns).from(leagues).where(eq(leagues.id, league.id));
    const late = again ? joinRefusal(again) : null;
    throw late ? refusalError(late) : notFound(JOIN_MESSAGES.noLeague);
  }
  const { id, slug, name, isDefault } = league;
  return { league: { id, slug, name, isDefault }, role: now.role, joined: inserted.length > 0 };
}

/** The league `leagueId`, while it takes members: active, not suspended, not closed; with `code`, still that code. */
export const openLeague = (leagueId: number, code?: string) =>
  and(
    eq(leagues.id, leagueId),
    eq(leagues.status, "active"),
    isNull(leagues.suspendedAt),
    isNull(leagues.closedAt),
    code === undefined ? undefined : eq(leagues.joinCode, code),
  );

/** The league's code as it is (null: none yet). A read: the members page shows it. */
export async function joinCodeOf(db: Db, leagueId: number): Promise<string | null> {
  const [row] = await db.select({ code: leagues.joinCode }).from(leagues).where(eq(leagues.id, leagueId));
  return row?.code ?? null;
}

/**
 * Gives the league a code: a new one in place of its old (`replace`, the owner's "New code":
 * the old one stops working at once), or its first one if it has none (otherwise its own is
 * kept). A code another league drew already is drawn again.
 */
export async function setJoinCode(db: Db, leagueId: number, replace: boolean): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newJoinCode();
    try {
      const [row] = await db
        .update(leagues)
        .set({ joinCode: code })
        .where(and(eq(leagues.id, leagueId), replace ? undefined : isNull(leagues.joinCode)))
        .returning({ code: leagues.joinCode });
      if (row?.code) return row.code;
      const kept = await joinCodeOf(db, leagueId);
      if (kept) return kept;
      throw notFound("League not found");
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
    }
  }
  throw new AppError("conflict", "No free code was found. Please try again.");
}
