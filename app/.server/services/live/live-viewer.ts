import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import { and, eq } from "drizzle-orm";
import type { Session } from "../../auth/current-user";
import { type Db, inLeague } from "../../db/client";
import { rounds } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { cardsOfPlayer, livePublishedAt } from "./live-roster";
import type { LiveViewer } from "~/schemas/live";

// Who is opening a live round's socket (ADR 26): anyone may watch; scoring takes a
// session, an admin's or that of a player on one of the round's published cards.

export async function assertRoundExists(db: Db, roundId: number): Promise<void> {
  await roundPublished(db, roundId);
}

/** Whether the round's cards are published, as D1 has it (the round's object may hold an older copy); 404 without the round. */
export async function roundPublished(db: Db, roundId: number): Promise<boolean> {
  const [round] = await db
    .select({ publishedAt: livePublishedAt })
    .from(rounds)
    .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));
  if (!round) throw notFound("Round not found");
  return round.publishedAt !== null;
}

export const SPECTATOR: LiveViewer = { role: "spectator", userId: null, playerId: null, cardIds: [] };

/** A scorer's socket: 401 without a session, 403 for a player on none of the round's published cards. */
export async function scorerOf(db: Db, session: Session | null, roundId: number): Promise<LiveViewer> {
  if (!session) throw new AppError("unauthorized", "Please log in to score, or open the socket with ?as=spectator to watch.");
  // The league's staff run live scoring (ADR 47).
  if (can(standingOf(session), "runNight")) return { role: "admin", userId: session.user.id, playerId: null, cardIds: [] };
  const playerId = session.user.linkedPlayerId;
  const cardIds = playerId === null ? [] : await cardsOfPlayer(db, roundId, playerId);
  if (cardIds.length === 0)
    throw new AppError("forbidden", "You are not on a published scorecard of this round: only its players and admins score it.");
  return { role: "player", userId: session.user.id, playerId, cardIds };
}
