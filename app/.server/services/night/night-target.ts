import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { entries, players, rounds } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { approvedPlayerSql, ownClaim } from "../players/own-claim";
import { getLeagueSettings } from "../settings/league-settings";
import { type CheckInWindow, checkInWindow, windowState } from "~/lib/night/night";
import { formatTime } from "~/lib/shared/time";

// Who a league-night action (check in, undo) is about and whether it may happen now: an
// admin names any entry of the round; a player acts on their own entry (their approved
// claim's player), and only while check-in is open. Shared by check-in.ts and walk-up.ts.

/** Who acts: an admin, or a signed-in user acting on their own entry. */
export type NightActor = { admin: boolean; userId: number };

export const NIGHT_MESSAGES = {
  noClaim: "Claim your player record first; an admin approves it before you can check in.",
  notYours: "You can only check in your own entry.",
  notEntered: (round: string) => `You are not entered in ${round}.`,
  played: (round: string) => `${round} has scores, so its check-in is closed.`,
  before: (round: string, w: CheckInWindow, tz: string) =>
    `Check-in for ${round} opens at ${formatTime(w.opensAt, tz)} and closes at ${formatTime(w.closesAt, tz)}, when it starts.`,
  closed: (round: string, w: CheckInWindow, tz: string) =>
    `Check-in for ${round} closed at ${formatTime(w.closesAt, tz)}, when it started. Ask an admin.`,
} as const;

export type NightRound = { id: number; name: string; startsAt: number; played: boolean; window: CheckInWindow };

export type NightTarget = { round: NightRound; entryId: number; playerId: number; name: string; checkedInAt: number | null };

/** The round with what the night's rules need: its start, whether it has scores, and its check-in window. */
export async function nightRound(db: Db, roundId: number): Promise<NightRound> {
  const [[round], settings] = await Promise.all([
    db
      .select({
        id: rounds.id,
        name: rounds.name,
        startsAt: rounds.startsAt,
        played:
          sql<number>`exists (select 1 from ${entries} where league_id = ${db.leagueId} and round_id = ${roundId} and score > 0)`.mapWith(
            Boolean,
          ),
      })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    getLeagueSettings(db),
  ]);
  if (!round) throw notFound("Round not found");
  return { ...round, window: checkInWindow(round.startsAt, settings.checkInOpensMinutes) };
}

/**
 * The entry an action is about: `entryId` (an admin's, or a player's own), or the player's
 * own entry of the round when none is named. 404 for no such entry in the round, 403 for
 * someone else's or without an approved claim.
 */
export async function nightTarget(db: Db, roundId: number, entryId: number | null, who: NightActor): Promise<NightTarget> {
  // One trip (ADR 41): a player's own entry is keyed by their approved claim's player in SQL.
  const which =
    entryId !== null ? eq(entries.id, entryId) : sql`${entries.playerId} = ${who.admin ? 0 : approvedPlayerSql(db, who.userId)}`;
  const [round, claim, [entry]] = await Promise.all([
    nightRound(db, roundId),
    who.admin ? null : ownClaim(db, who.userId),
    db
      .select({ id: entries.id, playerId: entries.playerId, name: fullNameSql(players), checkedInAt: entries.checkedInAt })
      .from(entries)
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId), which)),
  ]);
  if (!who.admin && claim?.status !== "approved") throw new AppError("forbidden", NIGHT_MESSAGES.noClaim);
  if (!entry) throw notFound(entryId === null ? NIGHT_MESSAGES.notEntered(round.name) : "Entry not found");
  if (claim && entry.playerId !== claim.playerId) throw new AppError("forbidden", NIGHT_MESSAGES.notYours);
  return { round, entryId: entry.id, playerId: entry.playerId, name: entry.name, checkedInAt: entry.checkedInAt };
}

/** 409 unless the actor may change check-in now: an admin until the round has scores, a player inside the window. */
export function assertNightOpen(round: NightRound, who: NightActor, now: number, timeZone: string): void {
  if (round.played) throw conflict(NIGHT_MESSAGES.played(round.name));
  if (who.admin) return;
  const state = windowState(round.window, now);
  if (state === "before") throw conflict(NIGHT_MESSAGES.before(round.name, round.window, timeZone));
  if (state === "closed") throw conflict(NIGHT_MESSAGES.closed(round.name, round.window, timeZone));
}
