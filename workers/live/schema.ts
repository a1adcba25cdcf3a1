// The live round's own SQLite (ADR 26): the truth while the round is played. Everything
// lives in these tables, none of it in the instance, so hibernation loses nothing.
// ./roster-store.ts reads and writes the round's copy of its cards, ./change-log.ts the
// log, ./score-store.ts the scores and signatures, ./broadcast.ts the outbox.

const SCHEMA = [
  `create table if not exists round (id integer primary key check (id = 1), round_id integer not null, name text not null,
    starts_at integer not null, published_at integer, finalized_at integer, loaded_at integer not null,
    flushed_seq integer not null default 0)`,
  // The league the round is (./league.ts): every D1 read and write of the object is that league's.
  "create table if not exists league (id integer primary key check (id = 1), league_id integer not null)",
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
  // Wrong PINs per cardmate (a user) and player this round, and the cardmates and addresses
  // D1's daily PIN counts stopped, remembered so a stopped one costs no D1 call (ADR 26).
  `create table if not exists pin_tries (user_id integer not null, entry_id integer not null, wrong integer not null,
    primary key (user_id, entry_id))`,
  "create table if not exists pin_stops (key text primary key, until integer not null)",
  // How many changes each card took (./caps.ts), and the log by cell to count a cell's.
  "create table if not exists card_changes (card_id integer primary key, changes integer not null)",
  "create index if not exists changes_cell on changes (entry_id, kind, hole)",
  // Spectator sockets owed a state answer when their 5 s are up (./socket-limits.ts), and the
  // object's clocks: when its alarm is set for, when an unknown player last made it read its cards.
  "create table if not exists state_waits (socket text primary key, due integer not null)",
  "create table if not exists clocks (name text primary key, at integer not null)",
  // What changed since the last update every socket got (./broadcast.ts): players and cards.
  // A round ended early (ADR 50, ./end-early.ts): when, the holes each card completed, and each
  // entry's lead (itself, or its doubles team's first partner, whose score is the team's).
  "create table if not exists early (id integer primary key check (id = 1), at integer not null)",
  "create table if not exists early_holes (card_id integer not null, hole integer not null, primary key (card_id, hole))",
  "create table if not exists early_leads (entry_id integer primary key, lead_id integer not null)",
  "create table if not exists outbox (kind text not null, key text not null, primary key (kind, key))",
];

/** Creates the tables on the object's first start; cheap on every later one. */
export function createSchema(sql: SqlStorage): void {
  for (const statement of SCHEMA) sql.exec(statement);
}
