import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { cardPlayers, cards, entries, players, rounds } from "../../db/schema";
import { roundMoneyOf, roundPayments } from "../money/round-money";
import { entryMoneyColumns } from "./entry-money-columns";
import { startLabel } from "~/lib/cards/cards";

// One player's league night in one round (ADR 25): their entry, whether they are checked
// in, what they still owe, and their card once the round's cards are published. The round
// page, the home page and the check-in answer all read it here.

export type PlayerCard = {
  cardId: number;
  number: number;
  /** A shotgun start's hole and its label ("7", or "7A" when cards share it); null with tee times. */
  startHole: number | null;
  startLabel: string | null;
  teeTime: number | null;
  /** The others on the card, in card order. */
  mates: { playerId: number; name: string }[];
};

export type PlayerNight = {
  entryId: number;
  checkedInAt: number | null;
  owedCents: number;
  /** Null until the round's cards are published (or when the player is on none). */
  card: PlayerCard | null;
};

/**
 * The player's night in the round, or null when they have no entry in it. The round and the
 * player may be given as SQL (the home page's next round, a user's linked player): every
 * read is then still asked at once, one trip (ADR 41). The card's mates are read by the
 * cards the player's entry is on, beside the entry, and kept only for the card it names.
 */
export async function playerNight(
  db: Db,
  roundId: number | SQL<number>,
  playerId: number | SQL<number | null>,
): Promise<PlayerNight | null> {
  const [[row], payments, allMates] = await Promise.all([
    db
      .select({
        // The entry's id aliased in it: the card's id is an "id" too.
        ...entryMoneyColumns,
        published: rounds.cardsPublishedAt,
        cardId: sql<number | null>`${cards.id}`.as("card_id"),
        number: cards.number,
        startHole: cards.startHole,
        startSlot: cards.startSlot,
        teeTime: cards.teeTime,
        sharing:
          sql<number>`(select count(*) from ${cards} c2 where c2.league_id = ${cards.leagueId} and c2.round_id = ${roundId} and c2.start_hole = ${cards.startHole})`.mapWith(
            Number,
          ),
      })
      .from(entries)
      .innerJoin(rounds, eq(rounds.id, entries.roundId))
      .leftJoin(cardPlayers, eq(cardPlayers.entryId, entries.id))
      .leftJoin(cards, eq(cards.id, cardPlayers.cardId))
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId), eq(entries.playerId, playerId))),
    roundPayments(db, roundId),
    db
      .select({ cardId: cardPlayers.cardId, playerId: entries.playerId, name: fullNameSql(players) })
      .from(cardPlayers)
      .innerJoin(entries, eq(entries.id, cardPlayers.entryId))
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(
        and(
          inLeague(db, cardPlayers),
          inArray(
            cardPlayers.cardId,
            db
              .select({ cardId: cardPlayers.cardId })
              .from(cardPlayers)
              .innerJoin(entries, eq(entries.id, cardPlayers.entryId))
              .where(and(inLeague(db, entries), eq(entries.roundId, roundId), eq(entries.playerId, playerId))),
          ),
          sql`${entries.playerId} <> ${playerId}`,
        ),
      )
      .orderBy(cardPlayers.position),
  ]);
  if (!row) return null;
  const money = roundMoneyOf(
    row,
    [{ id: row.entryId, playerId: row.playerId, ace: row.ace, creditUsedCents: row.creditUsedCents, sidePotsCents: row.sidePotsCents }],
    payments,
  );
  const owedCents = money.byEntry.get(row.entryId)?.owedCents ?? 0;
  const night = { entryId: row.entryId, checkedInAt: row.checkedInAt, owedCents, card: null };
  if (row.published === null || row.cardId === null || row.number === null) return night;
  const mates = allMates.filter((m) => m.cardId === row.cardId).map(({ playerId, name }) => ({ playerId, name }));
  return {
    ...night,
    card: {
      cardId: row.cardId,
      number: row.number,
      startHole: row.startHole,
      startLabel: row.startHole === null ? null : startLabel({ hole: row.startHole, slot: row.startSlot ?? 0 }, row.sharing),
      teeTime: row.teeTime,
      mates,
    },
  };
}
