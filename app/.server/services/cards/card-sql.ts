import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { cardPlayers, cards, rounds } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";

// The statements every write of a round's cards is made of (ADR 25), as batch items: the
// guard that refuses a write planned from an old read of the cards, the bump of the round's
// cards_version that makes every other open editor's read old, and the inserts of whole
// arrangements as one JSON parameter each (ADR 13), so 38 cards of 150 players are two
// statements whatever D1's limit on parameters.

export const CARDS_CHANGED = "The scorecards changed since you opened them. Reload to see them.";

/** A card to write: its number, its start (a hole and the slot among cards sharing it, or a tee time) and its players in order. */
export type CardRow = { number: number; startHole: number | null; startSlot: number; teeTime: number | null; entryIds: number[] };

/** Players to put on a card of the round by its number, their positions from `from` on (a late arrival's: the card's length). */
export type CardPlacing = { number: number; entryIds: number[]; from?: number };

/** Aborts the batch when the round's cards are no longer at `version` (or, `noneStarted`, a card of it has started). */
export function cardsGuard(db: Db, roundId: number, version: number, opts: { noneStarted?: boolean } = {}) {
  const started = opts.noneStarted
    ? sql` or exists (select 1 from ${cards} where league_id = ${db.leagueId} and round_id = ${roundId} and started_at is not null)`
    : sql``;
  return writeGuard(
    db,
    "cardsChanged",
    sql`(select cards_version from ${rounds} where league_id = ${db.leagueId} and id = ${roundId}) is not ${version}${started}`,
  );
}

/** The round's cards changed: every editor that read them before must read them again. */
export const bumpCards = (db: Db, roundId: number, more: { unpublish?: boolean } = {}) =>
  db
    .update(rounds)
    .set({ cardsVersion: sql`${rounds.cardsVersion} + 1`, ...(more.unpublish ? { cardsPublishedAt: null } : {}) })
    .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));

/** Inserts `rows`' cards (numbers not already taken by a card of the round). */
export const insertCards = (db: Db, roundId: number, rows: CardRow[]) =>
  db
    .insert(cards)
    .select(sql`select null, ${db.leagueId}, ${roundId}, json_extract(v.value, '$.number'), json_extract(v.value, '$.startHole'),
      json_extract(v.value, '$.startSlot'), json_extract(v.value, '$.teeTime'), null, unixepoch()
    from json_each(${JSON.stringify(rows.map(({ entryIds: _players, ...card }) => card))}) v order by v.key`);

/**
 * Puts players on the round's cards of those numbers that have not started, in order.
 * Only entries of the round that are checked in (or `kept`: on a published card as read)
 * are placed: one whose check-in was undone meanwhile is left off, not put on a card it
 * no longer plays.
 */
export const insertCardPlayers = (db: Db, roundId: number, rows: CardPlacing[], kept: number[] = []) => {
  const placed = rows.flatMap((card) =>
    card.entryIds.map((entryId, i) => ({ number: card.number, entryId, position: (card.from ?? 0) + i })),
  );
  return db
    .insert(cardPlayers)
    .select(sql`select json_extract(v.value, '$.entryId'), ${db.leagueId}, c.id, json_extract(v.value, '$.position')
    from json_each(${JSON.stringify(placed)}) v
    join cards c on c.league_id = ${db.leagueId} and c.round_id = ${roundId} and c.number = json_extract(v.value, '$.number')
      and c.started_at is null
    join entries e on e.league_id = ${db.leagueId} and e.id = json_extract(v.value, '$.entryId') and e.round_id = ${roundId}
      and (e.checked_in_at is not null or e.id in (select value from json_each(${JSON.stringify(kept)})))
    order by v.key`);
};

/** Whether the league's entry is on a card of the round that is still a draft (cards not published). */
const onDraftCard = (db: Db, roundId: number, entryId: number) =>
  sql`exists (select 1 from ${cardPlayers} cp join ${cards} c on c.id = cp.card_id
    where cp.league_id = ${db.leagueId} and cp.entry_id = ${entryId} and c.round_id = ${roundId} and c.started_at is null)
    and ${unpublished(db, roundId)}`;

/** The league's round's cards are a draft. */
const unpublished = (db: Db, roundId: number) =>
  sql`(select cards_published_at from ${rounds} where league_id = ${db.leagueId} and id = ${roundId}) is null`;

/**
 * Takes an entry off a draft card (its check-in undone), bumping the cards' version first
 * when it was on one: an editor open on the draft then reloads instead of putting it back.
 */
export const leaveDraftCard = (db: Db, roundId: number, entryId: number) => [
  db
    .update(rounds)
    .set({ cardsVersion: sql`${rounds.cardsVersion} + 1` })
    .where(and(inLeague(db, rounds), eq(rounds.id, roundId), onDraftCard(db, roundId, entryId))),
  db
    .delete(cardPlayers)
    .where(
      and(
        inLeague(db, cardPlayers),
        eq(cardPlayers.entryId, entryId),
        sql`${cardPlayers.cardId} in (select id from ${cards} where league_id = ${db.leagueId} and round_id = ${roundId} and started_at is null)`,
        unpublished(db, roundId),
      ),
    ),
];

/** Before an entry is deleted (its card place goes with it by cascade): the cards changed if it was on one. */
export const bumpIfCarded = (db: Db, roundId: number, entryId: number) =>
  db
    .update(rounds)
    .set({ cardsVersion: sql`${rounds.cardsVersion} + 1` })
    .where(
      and(
        inLeague(db, rounds),
        eq(rounds.id, roundId),
        sql`exists (select 1 from ${cardPlayers} where league_id = ${db.leagueId} and entry_id = ${entryId})`,
      ),
    );
