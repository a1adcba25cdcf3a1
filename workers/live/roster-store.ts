import type { LiveRoster, RosterCard } from "~/.server/services/live/live-roster";
import type { LiveHole } from "~/lib/live-state";

// The live round's own SQLite (ADR 26): the truth while the round is played. Everything
// lives in these tables, none of it in the instance, so hibernation loses nothing. This
// file holds the schema and the round's copy of its cards from D1; ./score-store.ts the
// scores, the change log and the signatures.

const SCHEMA = [
  `create table if not exists round (id integer primary key check (id = 1), round_id integer not null, name text not null,
    starts_at integer not null, published_at integer, finalized_at integer, loaded_at integer not null,
    flushed_seq integer not null default 0)`,
  "create table if not exists holes (hole integer primary key, par integer not null)",
  `create table if not exists cards (id integer primary key, number integer not null, start_hole integer, tee_time integer,
    started_at integer, locked_at integer)`,
  `create table if not exists players (entry_id integer primary key, card_id integer not null, position integer not null,
    player_id integer not null, name text not null, division text not null)`,
  "create index if not exists players_card on players (card_id, position)",
  // Every accepted change, in the order accepted: seq is the server's sequence.
  `create table if not exists changes (seq integer primary key autoincrement, change_id text not null unique, user_id integer,
    user_name text not null, role text not null, kind text not null, entry_id integer not null, hole integer not null,
    value integer, settle integer not null, reason text, detail text, client_at integer not null, server_at integer not null)`,
  // Each scorer's current value of each cell: the card's value where they all agree.
  `create table if not exists marks (entry_id integer not null, field text not null, hole integer not null, user_id integer not null,
    user_name text not null, value integer not null, at integer not null, seq integer not null, primary key (entry_id, field, hole, user_id))`,
  `create table if not exists signatures (entry_id integer primary key, method text not null, total integer not null,
    dnf integer not null, user_id integer, at integer not null, seq integer not null)`,
  `create table if not exists pin_failures (entry_id integer primary key, failures integer not null, first_at integer not null,
    locked_until integer)`,
  // What changed since the last update every socket got (./broadcast.ts): players and cards.
  "create table if not exists outbox (kind text not null, id integer not null, primary key (kind, id))",
];

/** Creates the tables on the object's first start; cheap on every later one. */
export function createSchema(sql: SqlStorage): void {
  for (const statement of SCHEMA) sql.exec(statement);
}

export type RoundRow = {
  roundId: number;
  name: string;
  startsAt: number;
  publishedAt: number | null;
  finalizedAt: number | null;
  loadedAt: number;
};

export type CardRow = {
  id: number;
  number: number;
  startHole: number | null;
  teeTime: number | null;
  startedAt: number | null;
  lockedAt: number | null;
};

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
  for (const card of roster.cards) if (!started.has(card.id)) putCard(sql, card);
}

/** A card just started in D1, with the players it starts with. */
export const storeStartedCard = (sql: SqlStorage, card: RosterCard): void => putCard(sql, card);

export function setFinalized(sql: SqlStorage, at: number | null): void {
  sql.exec("update round set finalized_at = ?", at);
}

export function lockCard(sql: SqlStorage, cardId: number, at: number): void {
  sql.exec("update cards set locked_at = ? where id = ? and locked_at is null", at, cardId);
}
