import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { writeGuard } from "../../db/write-guard";
import { conflict } from "../../errors";
import { type FieldCaps, type FieldCount, capsOf, fullMessage } from "~/lib/waitlist/field-places";

// A round's field against its caps (ADR 28). A place is taken by an entry or held by an
// open offer (an offer past its deadline holds nothing, whether or not its expiry has been
// written yet). Pages and plans read the counts (readField); the write that fills a place
// carries the same rule as a guard (noRoomGuard), so two writers racing for the last place
// cannot both pass it: D1 runs one batch at a time.

/** An open offer: offered and not past its deadline. */
const openOffer = (alias: string) => sql.raw(`${alias}.status = 'offered' and ${alias}.offer_expires_at > unixepoch()`);

/**
 * What takes or holds a place in the round: its entries and its open offers, with their
 * divisions. Searches by the round's id and an offer's status, so it names the league (ADR 46).
 */
const placesSql = (db: Db, roundId: number, exceptPlayer: number | SQL) => sql`(
  select division from entries where league_id = ${db.leagueId} and round_id = ${roundId}
  union all
  select w.division from waitlist w where w.league_id = ${db.leagueId} and w.round_id = ${roundId} and ${openOffer("w")}
    and w.player_id <> ${exceptPlayer})`;

export type Field = {
  caps: FieldCaps;
  /** Places taken or held (entries and open offers). */
  taken: FieldCount;
  /** Entries only, by division: what "18 of 20 places" counts. */
  entered: FieldCount;
  /** Players waiting (not yet offered). */
  waiting: number;
  /** Offers past their deadline whose expiry is not written yet (the cron or the next write settles them). */
  lapsed: number;
  /** The divisions of the players waiting, in the list's order: what settling would give places to. */
  queue: string[];
  /** Whether places may be offered now: registration open and the round still to start. */
  open: boolean;
  startsAt: number;
};

type FieldRow = {
  fieldCap: number | null;
  divisionCaps: string | null;
  taken: string | null;
  entered: string | null;
  waiting: number;
  lapsed: number;
  queue: string | null;
  open: number;
  startsAt: number;
};

const countOf = (json: string | null): FieldCount => {
  const byDivision = JSON.parse(json ?? "{}") as Record<string, number>;
  return { total: Object.values(byDivision).reduce((s, n) => s + n, 0), byDivision };
};

/** The field's query, unrun, so a page's batch can carry it. */
export const fieldQuery = (db: Db, roundId: number) =>
  db.all<FieldRow>(sql`select r.field_cap as fieldCap, r.division_caps as divisionCaps,
    (select json_group_object(division, n) from (select division, count(*) as n from ${placesSql(db, roundId, 0)} group by division)) as taken,
    (select json_group_object(division, n) from (select division, count(*) as n from entries where league_id = ${db.leagueId} and round_id = ${roundId} group by division)) as entered,
    (select count(*) from waitlist where league_id = ${db.leagueId} and round_id = ${roundId} and status = 'waiting') as waiting,
    (select count(*) from waitlist where league_id = ${db.leagueId} and round_id = ${roundId} and status = 'offered'
      and offer_expires_at <= unixepoch()) as lapsed,
    (select json_group_array(division) from (select division from waitlist where league_id = ${db.leagueId} and round_id = ${roundId}
      and status = 'waiting' order by id)) as queue,
    r.open_for_registration as open, r.d as startsAt
    from rounds r where r.league_id = ${db.leagueId} and r.id = ${roundId}`);

export const fieldOf = (row: FieldRow | undefined): Field | null =>
  row
    ? {
        caps: capsOf(row.fieldCap, row.divisionCaps),
        taken: countOf(row.taken),
        entered: countOf(row.entered),
        waiting: Number(row.waiting),
        lapsed: Number(row.lapsed),
        queue: JSON.parse(row.queue ?? "[]") as string[],
        open: Boolean(row.open),
        startsAt: Number(row.startsAt),
      }
    : null;

export async function readField(db: Db, roundId: number): Promise<Field | null> {
  return fieldOf((await fieldQuery(db, roundId))[0]);
}

/** Whether the player holds an open offer of a place in the round. */
export const holdsOfferSql = (db: Db, roundId: number, playerId: number | SQL) =>
  sql`exists (select 1 from waitlist o where o.league_id = ${db.leagueId} and o.round_id = ${roundId} and o.player_id = ${playerId} and ${openOffer("o")})`;

/**
 * True when one more entry in `division` by `playerId` would pass the round's or the
 * division's cap, counting what others take or hold; false when the player holds an open
 * offer (the place is theirs) or nothing is capped.
 */
export function noRoomSql(db: Db, roundId: number, division: string | SQL, playerId: number | SQL): SQL {
  const cap = sql`json_extract(r.division_caps, '$.' || json_quote(${division}))`;
  return sql`(not ${holdsOfferSql(db, roundId, playerId)} and exists (select 1 from rounds r where r.league_id = ${db.leagueId} and r.id = ${roundId} and (
    (r.field_cap is not null and (select count(*) from ${placesSql(db, roundId, playerId)}) + 1 > r.field_cap)
    or (${cap} is not null and (select count(*) from ${placesSql(db, roundId, playerId)} where division = ${division}) + 1 > ${cap}))))`;
}

/** A batch item that aborts the batch (CHECK field_full) when the entry it precedes has no place. */
export const noRoomGuard = (db: Db, roundId: number, division: string, playerId: number) =>
  writeGuard(db, "fieldFull", noRoomSql(db, roundId, division, playerId));

export const ROUND_FULL = "The round is full.";
export const OVER_CAP_HINT = "To enter them anyway, tick “Over the cap”.";

/** The 409 for an entry with no place, read after the fact: which of the round or the division is full. */
export async function fullRefusal(db: Db, roundId: number, division: string, byAdmin = false) {
  const field = await readField(db, roundId);
  const full = (field && fullMessage(field.caps, field.taken, division)) ?? ROUND_FULL;
  return conflict(byAdmin ? `${full} ${OVER_CAP_HINT}` : full);
}

/** 409 unless the player may take a place in `division` now: a free one, or the one offered to them. */
export async function assertRoom(db: Db, roundId: number, division: string, playerId: number): Promise<void> {
  const [row] = await noRoomQuery(db, roundId, division, playerId);
  if (row?.full) throw await fullRefusal(db, roundId, division);
}

/** assertRoom's read, unrun (ADR 41); the division and the player may be SQL naming them (a subquery). */
export const noRoomQuery = (db: Db, roundId: number, division: string | SQL, playerId: number | SQL) =>
  db.all<{ full: number }>(sql`select ${noRoomSql(db, roundId, division, playerId)} as full`);
