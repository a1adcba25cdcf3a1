import { and, eq, isNotNull } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries, leagueSettings, rounds } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { liveRound, orRefused } from "../live/live-object";
import { SETTINGS } from "~/lib/settings/league-settings";
import { shortCardsRefusal } from "~/lib/rainouts/end-early-words";
import type { CardHoles } from "../../../../workers/live/end-early";

// Ending a round early (ADR 50): rain stops play, and if every published card completed the
// league's `end_early_holes` (SETTINGS.endEarlyHoles), each player's result is their score to
// par over the holes their card completed; payouts and places follow as after finalising. The
// round's live object decides and writes (workers/live/end-early.ts), one at a time, so two
// organisers ending it at once end it once. Stored as the layout's par plus the score to par:
// ranking and payouts compare players of one round on one layout, so the offset changes nothing
// there, and the page shows the to-par back (app/lib/rainouts/end-early-words.ts).

export const END_EARLY_MESSAGES = {
  cancelled: "This round is cancelled: there is nothing to end.",
  ended: "This round has already ended early.",
} as const;

export type EndEarlyAdmin = { userId: number; name: string };

export type EndedEarlyResult = { endedAt: number; cards: CardHoles[]; players: number; changed: number };

/** What ending early reads from D1 first: the round's state, the league's holes, the doubles teams. */
async function endEarlyFacts(db: Db, roundId: number) {
  const [roundRows, settingRows, teamRows] = await db.batch([
    db
      .select({ cancelledAt: rounds.cancelledAt, endedEarlyAt: rounds.endedEarlyAt })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    db.select({ holes: leagueSettings.endEarlyHoles }).from(leagueSettings).where(eq(leagueSettings.leagueId, db.leagueId)),
    db
      .select({ entryId: entries.id, team: entries.team })
      .from(entries)
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId), isNotNull(entries.team))),
  ]);
  const [round] = roundRows;
  if (!round) throw notFound("Round not found");
  const teams = Object.fromEntries(teamRows.flatMap((r) => (r.team === null ? [] : [[r.entryId, r.team]]))) as Record<number, number>;
  return { round, minHoles: settingRows[0]?.holes ?? SETTINGS.endEarlyHoles.default, teams };
}

/**
 * Ends the round early as `admin`: 404 for a round not in the league, 409 for one cancelled,
 * finalised or already ended, without published cards, or with a card short of the holes
 * (naming each short card).
 */
export async function endRoundEarly(env: Env, db: Db, roundId: number, admin: EndEarlyAdmin): Promise<EndedEarlyResult> {
  const { round, minHoles, teams } = await endEarlyFacts(db, roundId);
  if (round.cancelledAt !== null) throw conflict(END_EARLY_MESSAGES.cancelled);
  if (round.endedEarlyAt !== null) throw conflict(END_EARLY_MESSAGES.ended);
  const caller = { userId: admin.userId, name: admin.name, role: "admin", playerId: null } as const;
  const answer = orRefused(await liveRound(env, db.leagueId, roundId).endEarly(caller, { minHoles, teams }));
  if (!answer.ended) throw conflict(shortCardsRefusal(answer.short, answer.needed));
  const { ended: _, ...done } = answer;
  return done;
}

/** The holes each card completed in a round that ended early, for its results page (none when its object cannot say). */
export async function earlyHolesOf(env: Env, leagueId: number, roundId: number): Promise<CardHoles[]> {
  try {
    return orRefused(await liveRound(env, leagueId, roundId).earlyHoles());
  } catch (err) {
    console.error("Could not read the holes of a round ended early", err);
    return [];
  }
}
