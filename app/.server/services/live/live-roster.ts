import { type SQL, and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { accountIn, afterGuard, idsOf } from "../../db/account-names";
import { cardPlayers, cards, claims, entries, layoutHoles, players, rounds, users } from "../../db/schema";
import { notFound } from "../../errors";
import { holesWithoutLayout } from "~/lib/courses/layouts";
import type { LiveHole } from "~/lib/live/live-state";

// What live scoring reads from D1 (ADR 26): a round's holes, its cards and who is on them,
// and the moment a card starts. The round's Durable Object keeps its own copy; a card's
// players are read again when it starts, and stay as they were from then on, because the
// card editor refuses a card whose started_at is set (ADR 25).

export type RosterPlayer = {
  entryId: number;
  playerId: number;
  name: string;
  division: string;
  position: number;
};

export type RosterCard = {
  id: number;
  number: number;
  startHole: number | null;
  teeTime: number | null;
  startedAt: number | null;
  players: RosterPlayer[];
};

export type LiveRoster = {
  round: { id: number; name: string; startsAt: number; publishedAt: number | null };
  holes: LiveHole[];
  cards: RosterCard[];
};

const cardColumns = { id: cards.id, number: cards.number, startHole: cards.startHole, teeTime: cards.teeTime, startedAt: cards.startedAt };
const playerColumns = {
  cardId: cardPlayers.cardId,
  entryId: entries.id,
  playerId: entries.playerId,
  name: fullNameSql(players),
  division: entries.division,
  position: cardPlayers.position,
};

/** The league's card places (ADR 46) that `where` picks, with their entries and players. */
const playersQuery = (db: Db, where: SQL | undefined) =>
  db
    .select(playerColumns)
    .from(cardPlayers)
    .innerJoin(entries, eq(entries.id, cardPlayers.entryId))
    .innerJoin(players, eq(players.id, entries.playerId))
    .innerJoin(cards, eq(cards.id, cardPlayers.cardId))
    .where(and(inLeague(db, cardPlayers), where));

type PlayerRow = Awaited<ReturnType<ReturnType<typeof playersQuery>["orderBy"]>>[number];
type CardRow = Omit<RosterCard, "players">;

function withPlayers(cardRows: CardRow[], playerRows: PlayerRow[]): RosterCard[] {
  return cardRows.map((c) => ({
    ...c,
    players: playerRows.filter((p) => p.cardId === c.id).map(({ cardId: _, ...p }) => p),
  }));
}

/**
 * When the round's cards were published, as the live round counts them: never while the round
 * is cancelled, whose cards are void until it is restored (ADR 50).
 */
export const livePublishedAt = sql<number | null>`(case when ${rounds.cancelledAt} is null then ${rounds.cardsPublishedAt} end)`;

/** The round's holes and cards (a draft's cards too: `publishedAt` says whether they count); 404 without the round. */
export async function liveRoster(db: Db, roundId: number): Promise<LiveRoster> {
  const [roundRows, holeRows, cardRows, playerRows] = await db.batch([
    db
      .select({ id: rounds.id, name: rounds.name, startsAt: rounds.startsAt, publishedAt: livePublishedAt })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    db
      .select({ hole: layoutHoles.hole, par: layoutHoles.par })
      .from(layoutHoles)
      .innerJoin(rounds, and(eq(rounds.leagueId, layoutHoles.leagueId), eq(rounds.layoutId, layoutHoles.layoutId)))
      .where(and(inLeague(db, layoutHoles), eq(rounds.id, roundId)))
      .orderBy(asc(layoutHoles.hole)),
    db
      .select(cardColumns)
      .from(cards)
      .where(and(inLeague(db, cards), eq(cards.roundId, roundId)))
      .orderBy(asc(cards.number)),
    playersQuery(db, eq(cards.roundId, roundId)).orderBy(asc(cardPlayers.cardId), asc(cardPlayers.position)),
  ]);
  const [round] = roundRows;
  if (!round) throw notFound("Round not found");
  return { round, holes: holeRows.length ? holeRows : holesWithoutLayout(), cards: withPlayers(cardRows, playerRows) };
}

/**
 * Starts a card at its first accepted score: sets started_at if it is not set (the card
 * editor's guard is `started_at is null`, so from here on the card is frozen) and reads
 * its players in the same transaction. Null when the round's cards are not published or
 * the card is not the round's.
 */
export async function startCard(db: Db, roundId: number, cardId: number, now: number): Promise<RosterCard | null> {
  const published = sql`exists (select 1 from ${rounds} where ${rounds.id} = ${roundId} and ${rounds.leagueId} = ${db.leagueId} and ${livePublishedAt} is not null)`;
  const [, cardRows, playerRows] = await db.batch([
    db
      .update(cards)
      .set({ startedAt: now })
      .where(and(inLeague(db, cards), eq(cards.id, cardId), eq(cards.roundId, roundId), isNull(cards.startedAt), published)),
    db
      .select(cardColumns)
      .from(cards)
      .where(and(inLeague(db, cards), eq(cards.id, cardId), eq(cards.roundId, roundId), isNotNull(cards.startedAt))),
    playersQuery(db, eq(cardPlayers.cardId, cardId)).orderBy(asc(cardPlayers.position)),
  ]);
  return withPlayers(cardRows, playerRows)[0] ?? null;
}

/** The published cards of the round that `playerId` is on (at most one). */
export async function cardsOfPlayer(db: Db, roundId: number, playerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .innerJoin(cardPlayers, and(eq(cardPlayers.leagueId, cards.leagueId), eq(cardPlayers.cardId, cards.id)))
    .innerJoin(entries, eq(entries.id, cardPlayers.entryId))
    .innerJoin(rounds, eq(rounds.id, cards.roundId))
    .where(and(inLeague(db, cards), eq(cards.roundId, roundId), eq(entries.playerId, playerId), isNotNull(livePublishedAt)));
  return rows.map((r) => r.id);
}

// The scoring PIN is the account's (ADR 46): the claim that links a player to an account is
// the league's, so the account is read after the claim, by its id, never joined to it.

/** The scoring PIN hash of the user whose approved claim is `playerId` (null: no such user, or no PIN set). */
export async function pinHashOfPlayer(db: Db, playerId: number): Promise<string | null> {
  const [claim] = await db
    .select({ userId: claims.userId })
    .from(claims)
    .where(and(inLeague(db, claims), eq(claims.playerId, playerId), eq(claims.status, "approved")));
  if (!claim) return null;
  await afterGuard(db);
  const [row] = await db.select({ hash: users.scoringPinHash }).from(users).where(eq(users.id, claim.userId));
  return row?.hash ?? null;
}

/**
 * Which of the round's players a cardmate can sign for with a PIN: an approved claim whose
 * user set one. For every player entered, so the score page asks before it knows the card:
 * the claims with its other reads, the accounts after them.
 */
export async function roundPlayersWithPin(db: Db, roundId: number): Promise<number[]> {
  const linked = await db
    .select({ playerId: claims.playerId, userId: claims.userId })
    .from(claims)
    .where(
      and(
        inLeague(db, claims),
        inArray(
          claims.playerId,
          db
            .select({ playerId: entries.playerId })
            .from(entries)
            .where(and(inLeague(db, entries), eq(entries.roundId, roundId))),
        ),
        eq(claims.status, "approved"),
      ),
    );
  if (linked.length === 0) return [];
  await afterGuard(db);
  const pinned = await db
    .select({ id: users.id })
    .from(users)
    .where(and(accountIn(idsOf(linked.map((l) => l.userId))), isNotNull(users.scoringPinHash)));
  const withPin = new Set(pinned.map((u) => u.id));
  return linked.filter((l) => withPin.has(l.userId)).map((l) => l.playerId);
}
