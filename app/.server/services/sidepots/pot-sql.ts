import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";

// A side pot's money as SQL (ADR 30), one definition each, shared by the entry's price, the
// round's write and the books check.

/** What an entry's side pots add to its price: the buy-ins of the pots it is in. */
export const entrySidePotsCentsSql = (entryId: SQL) =>
  sql<number>`(select coalesce(sum(sp.buy_in_cents), 0) from side_pot_players spp join side_pots sp on sp.id = spp.pot_id
    where spp.league_id = (select own.league_id from entries own where own.id = ${entryId}) and spp.entry_id = ${entryId})`;

/**
 * The round's side pots as a round write reads them (opt-ins and marks): part of the
 * round's fingerprint, so settling plans from what holds when it writes (ADR 14). Keyed by
 * the round the same batch reads in the league; with `db` (a round write passes it) the
 * pots' league is named as well (ADR 46).
 */
export const potsFingerprintSql = (roundId: number | SQL, db?: Db) => {
  const pots = db ? sql`sp.league_id = ${db.leagueId} and sp.round_id = ${roundId}` : sql`sp.round_id = ${roundId}`;
  return sql<string>`(
  coalesce((select group_concat(x, ',') from (
    select 'p' || sp.id || ':' || coalesce(sp.settled_at, '') || ':' || sp.buy_in_cents as x from side_pots sp where ${pots}
    union all select 'e' || spp.pot_id || ':' || spp.entry_id from side_pot_players spp join side_pots sp on sp.id = spp.pot_id where ${pots}
    union all select 'm' || m.pot_id || ':' || m.hole || ':' || m.entry_id || ':' || m.settled from side_pot_marks m join side_pots sp on sp.id = m.pot_id where ${pots}
    order by 1)), ''))`;
};

/**
 * What the league's pots named `name` settled before `startsAt` rolled over: the prize of the
 * latest settled one less what it paid (zero when none was settled). A search by name, so it
 * names the league itself (ADR 46).
 */
export const rolloverBeforeSql = (db: Db, name: string | SQL, startsAt: number | SQL, exceptPotId: number | SQL) => sql<number>`coalesce((
  select sp.prize_cents - coalesce((select sum(w.amount_cents) from side_pot_wins w where w.pot_id = sp.id), 0)
  from side_pots sp join rounds r on r.id = sp.round_id
  where sp.league_id = ${db.leagueId} and sp.name = ${name} collate nocase and sp.settled_at is not null and sp.id <> ${exceptPotId}
    and (r.d < ${startsAt} or (r.d = ${startsAt} and sp.id < ${exceptPotId}))
  order by r.d desc, sp.id desc limit 1), 0)`;
