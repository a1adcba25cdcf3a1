import { and, asc, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { cardPlayers, cards, entries, players, rounds } from "../../db/schema";
import { getLeagueSettings } from "../settings/league-settings";
import { type PlayerNight, playerNight } from "./player-night";
import { type CheckInWindow, checkInWindow, startLabels } from "~/lib/night/night";

// What a round's page shows of its league night (ADR 25): the published cards, to everyone,
// and to a signed-in player their own check-in, what they owe and their card.

export type PublishedCard = { number: number; startLabel: string | null; teeTime: number | null; names: string[] };

/** The round's cards once published, in card order with their players' names; none before. */
export async function publishedCards(db: Db, roundId: number): Promise<PublishedCard[]> {
  const rows = await db
    .select({
      cardId: cards.id,
      number: cards.number,
      startHole: cards.startHole,
      startSlot: cards.startSlot,
      teeTime: cards.teeTime,
      name: fullNameSql(players),
    })
    .from(cards)
    .innerJoin(rounds, eq(rounds.id, cards.roundId))
    .leftJoin(cardPlayers, and(eq(cardPlayers.leagueId, cards.leagueId), eq(cardPlayers.cardId, cards.id)))
    .leftJoin(entries, eq(entries.id, cardPlayers.entryId))
    .leftJoin(players, eq(players.id, entries.playerId))
    .where(and(inLeague(db, cards), sql`${cards.roundId} = ${roundId} and ${rounds.cardsPublishedAt} is not null`))
    .orderBy(asc(cards.number), asc(cardPlayers.position));
  const out = new Map<number, PublishedCard & { startHole: number | null; startSlot: number }>();
  for (const r of rows) {
    const card = out.get(r.cardId) ?? {
      number: r.number,
      startHole: r.startHole,
      startSlot: r.startSlot,
      startLabel: null,
      teeTime: r.teeTime,
      names: [],
    };
    if (r.name) card.names.push(r.name);
    out.set(r.cardId, card);
  }
  const list = [...out.values()];
  const labels = startLabels(list);
  return list.map((c, i) => ({ number: c.number, startLabel: labels[i] ?? null, teeTime: c.teeTime, names: c.names }));
}

export type MyNight = PlayerNight & { window: CheckInWindow };

/** The signed-in player's night in the round with the check-in window, or null when they have no entry. */
export async function myNight(db: Db, roundId: number, playerId: number, startsAt: number): Promise<MyNight | null> {
  const [night, settings] = await Promise.all([playerNight(db, roundId, playerId), getLeagueSettings(db)]);
  return night ? { ...night, window: checkInWindow(startsAt, settings.checkInOpensMinutes) } : null;
}
