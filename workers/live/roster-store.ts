import type { LiveRoster, RosterCard } from "~/.server/services/live/live-roster";
import type { LiveCard, LiveHole } from "~/lib/live/live-state";

// The round's copy of its cards from D1 in its own SQLite (ADR 26; the tables are in
// ./schema.ts): the round, its holes, its cards and who is on them.

export type RoundRow = {
  roundId: number;
  name: string;
  startsAt: number;
  publishedAt: number | null;
  finalizedAt: number | null;
  loadedAt: number;
};

/** A card as the round holds it: the protocol's card without its players. */
export type CardRow = Omit<LiveCard, "entryIds">;

export type PlayerRow = { entryId: number; cardId: number; position: number; playerId: number; name: string; division: string };

export function roundRow(sql: SqlStorage): RoundRow | null {
  return (
    sql
      .exec<RoundRow>(
        `select round_id as roundId, name, starts_at as startsAt, published_at as publishedAt, finalized_at as finalizedAt,
          loaded_at as loadedAt from round`,
      )
      .toArray()[0] ?? null
  );
}

export const holesOf = (sql: SqlStorage): LiveHole[] => sql.exec<LiveHole>("select hole, par from holes order by hole").toArray();

const CARD_COLUMNS = "id, number, start_hole as startHole, tee_time as teeTime, started_at as startedAt, locked_at as lockedAt";
const PLAYER_COLUMNS = "entry_id as entryId, card_id as cardId, position, player_id as playerId, name, division";

export const cardsOf = (sql: SqlStorage): CardRow[] => sql.exec<CardRow>(`select ${CARD_COLUMNS} from cards order by number`).toArray();

export const cardsWhere = (sql: SqlStorage, ids: number[]): CardRow[] =>
  sql
    .exec<CardRow>(`select ${CARD_COLUMNS} from cards where id in (select value from json_each(?)) order by number`, JSON.stringify(ids))
    .toArray();

export const cardById = (sql: SqlStorage, id: number): CardRow | null =>
  sql.exec<CardRow>(`select ${CARD_COLUMNS} from cards where id = ?`, id).toArray()[0] ?? null;

export const playersOf = (sql: SqlStorage): PlayerRow[] =>
  sql.exec<PlayerRow>(`select ${PLAYER_COLUMNS} from players order by card_id, position`).toArray();

export const playerByEntry = (sql: SqlStorage, entryId: number): PlayerRow | null =>
  sql.exec<PlayerRow>(`select ${PLAYER_COLUMNS} from players where entry_id = ?`, entryId).toArray()[0] ?? null;

/** The players of `entryIds` and every player of `cardIds`. */
export const playersWhere = (sql: SqlStorage, entryIds: number[], cardIds: number[]): PlayerRow[] =>
  sql
    .exec<PlayerRow>(
      `select ${PLAYER_COLUMNS} from players where entry_id in (select value from json_each(?)) or card_id in (select value from json_each(?))
        order by card_id, position`,
      JSON.stringify(entryIds),
      JSON.stringify(cardIds),
    )
    .toArray();

export const playersOnCard = (sql: SqlStorage, cardId: number): PlayerRow[] =>
  sql.exec<PlayerRow>(`select ${PLAYER_COLUMNS} from players where card_id = ? order by position`, cardId).toArray();

function putCard(sql: SqlStorage, card: RosterCard): void {
  sql.exec("delete from players where card_id = ?", card.id);
  sql.exec(
    `insert into cards (id, number, start_hole, tee_time, started_at) values (?, ?, ?, ?, ?)
      on conflict (id) do update set number = excluded.number, start_hole = excluded.start_hole, tee_time = excluded.tee_time,
        started_at = coalesce(cards.started_at, excluded.started_at)`,
    card.id,
    card.number,
    card.startHole,
    card.teeTime,
    card.startedAt,
  );
  for (const p of card.players) {
    sql.exec(
      "insert or replace into players (entry_id, card_id, position, player_id, name, division) values (?, ?, ?, ?, ?, ?)",
      p.entryId,
      card.id,
      p.position,
      p.playerId,
      p.name,
      p.division,
    );
  }
}

/**
 * Takes in the round as D1 has it: cards that have not started here follow D1 (they may
 * still be re-made), started ones keep the players they started with, and the holes are
 * kept once any card has started.
 */
export function storeRoster(sql: SqlStorage, roster: LiveRoster, now: number): void {
  const { round } = roster;
  sql.exec(
    `insert into round (id, round_id, name, starts_at, published_at, loaded_at) values (1, ?, ?, ?, ?, ?)
      on conflict (id) do update set name = excluded.name, starts_at = excluded.starts_at, published_at = excluded.published_at,
        loaded_at = excluded.loaded_at`,
    round.id,
    round.name,
    round.startsAt,
    round.publishedAt,
    now,
  );
  const started = new Set(cardsOf(sql).flatMap((c) => (c.startedAt === null ? [] : [c.id])));
  if (started.size === 0) {
    sql.exec("delete from holes");
    for (const h of roster.holes) sql.exec("insert into holes (hole, par) values (?, ?)", h.hole, h.par);
  }
  const inD1 = new Set(roster.cards.map((c) => c.id));
  for (const card of cardsOf(sql)) {
    if (inD1.has(card.id) || started.has(card.id)) continue;
    sql.exec("delete from players where card_id = ?", card.id);
    sql.exec("delete from cards where id = ?", card.id);
  }
  for (const card of roster.cards) {
    if (!started.has(card.id)) putCard(sql, card);
    // A started card keeps its players, but one whose entry left it in D1 (withdrawn before
    // ADR 34 refused that) leaves the copy too: Finalise and the leaderboard count D1's field.
    else
      sql.exec(
        "delete from players where card_id = ? and entry_id not in (select value from json_each(?))",
        card.id,
        JSON.stringify(card.players.map((p) => p.entryId)),
      );
  }
}

/** A card just started in D1, with the players it starts with. */
export const storeStartedCard = (sql: SqlStorage, card: RosterCard): void => putCard(sql, card);

export function setFinalized(sql: SqlStorage, at: number | null): void {
  sql.exec("update round set finalized_at = ?", at);
}

export function lockCard(sql: SqlStorage, cardId: number, at: number): void {
  sql.exec("update cards set locked_at = ? where id = ? and locked_at is null", at, cardId);
}
