import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AuditEntry, type AuditRaw, type Names, PLAYER_KEYS, auditEntry } from "./audit-words";
import { fullNameSql } from "../../db/player-name";
import { linkedPlayerSql } from "../players/claim-state";

// Reading the audit log (ADR 20): newest first, a page at a time, filtered by player, round
// or actor, each row put into words. Every filter walks its own index of audit_log (player
// or other player, round, actor — each ends in the id, so the order comes from the index);
// the unfiltered page walks the table backwards from its newest row and stops at the page.

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = { playerId?: number; roundId?: number; actorId?: number };
/** A page model's filter: the player a user's approved claim links them to, read in the same query. */
type PageFilter = AuditFilter & { linkedToUserId?: number };
export type AuditPage = { entries: AuditEntry[]; page: number; pageSize: number; hasMore: boolean };

const filterSql = (db: Db, f: PageFilter): SQL => {
  // The league's own log (ADR 46): audit rows carry the league of the row they record. A
  // player filter names it in each of its two sides instead, so each walks its own index.
  const where: SQL[] = f.playerId || f.linkedToUserId ? [] : [sql`a.league_id = ${db.leagueId}`];
  // Either side of a row, each with the league first: SQLite walks the two player indexes.
  const either = (player: SQL) =>
    sql`((a.league_id = ${db.leagueId} and a.player_id = ${player}) or (a.league_id = ${db.leagueId} and a.other_player_id = ${player}))`;
  if (f.playerId) where.push(either(sql`${f.playerId}`));
  if (f.linkedToUserId) where.push(either(linkedPlayerSql(db, sql`${f.linkedToUserId}`)));
  if (f.roundId) where.push(sql`a.round_id = ${f.roundId}`);
  if (f.actorId) where.push(sql`a.actor_user_id = ${f.actorId}`);
  return sql`where ${sql.join(where, sql` and `)}`;
};

/**
 * One page of the log (1 = newest) and whether an older one follows: one row more than a
 * page is read instead of counting, so no page ever counts the whole table.
 */
export async function auditLogPage(
  db: Db,
  filter: PageFilter,
  opts: { page?: number; pageSize?: number; timeZone: string },
): Promise<AuditPage> {
  const page = opts.page ?? 1;
  const pageSize = opts.pageSize ?? AUDIT_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  // One trip: the page, and the names its rows' before and after speak of (read in SQL
  // from the same page, not from the first read's answer).
  const [raw, referenced] = await Promise.all([
    db.all<AuditRaw>(sql`
    select a.id, a.at, a.actor_user_id as actorUserId, a.actor_name as actorName, a.actor_role as actorRole,
      a.table_name as tableName, a.row_id as rowId, a.action, a.player_id as playerId,
      a.other_player_id as otherPlayerId, a.round_id as roundId, a.before, a.after,
      ${fullNameSql("p")} as playerName, ${fullNameSql("o")} as otherName, r.n as roundName,
      pr.payment_id as refundPaymentId
    from audit_log a
    left join players p on p.id = a.player_id
    left join players o on o.id = a.other_player_id
    left join rounds r on r.id = a.round_id
    left join payment_refunds pr on a.table_name = 'payment_refunds' and pr.id = a.row_id
    ${filterSql(db, filter)}
    order by a.id desc
    limit ${pageSize + 1} offset ${offset}`),
    db.all<{ kind: "player" | "round"; id: number; name: string }>(referencedNamesSql(db, filter, pageSize, offset)),
  ]);
  const rows = raw.slice(0, pageSize);
  const names = namesFor(rows, referenced);
  return {
    entries: rows.map((row) => auditEntry(row, names, opts.timeZone)),
    page,
    pageSize,
    hasMore: raw.length > pageSize,
  };
}

/** How many of the latest changes a user's or a player's admin view shows before linking to the log. */
export const HISTORY_SIZE = 10;

/** The latest changes to one player's money (either side of a transfer). */
export const playerMoneyHistory = (db: Db, playerId: number, timeZone: string) =>
  auditLogPage(db, { playerId }, { pageSize: HISTORY_SIZE, timeZone });

/** The latest changes to the money of the player a user's approved claim links them to (none without one). */
export const linkedPlayerMoneyHistory = (db: Db, userId: number, timeZone: string) =>
  auditLogPage(db, { linkedToUserId: userId }, { pageSize: HISTORY_SIZE, timeZone });

/** The latest money changes one user made. */
export const userMoneyChanges = (db: Db, userId: number, timeZone: string) =>
  auditLogPage(db, { actorId: userId }, { pageSize: HISTORY_SIZE, timeZone });

/**
 * The players and rounds the before and after of a page's transfers and aces name (a
 * changed side of a transfer, an ace moved to another player or round): the same page,
 * its values' ids, their names.
 */
const referencedNamesSql = (db: Db, filter: AuditFilter, pageSize: number, offset: number) => {
  // Subqueries, not a CTE: a statement the read runner batches starts with "select".
  const page = sql`(select a.table_name, a.before, a.after from audit_log a ${filterSql(db, filter)} order by a.id desc limit ${pageSize} offset ${offset})`;
  const valuesOf = (side: SQL) =>
    sql`select j.key as k, j.value as v from ${page} page, json_each(case when json_valid(${side}) then ${side} else '{}' end) j
      where page.table_name in ('transfers', 'aces') and j.type in ('integer', 'real')`;
  const idsAt = (keys: string[]) =>
    sql`select v from (${valuesOf(sql`page.before`)} union ${valuesOf(sql`page.after`)}) where k in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`;
  return sql`select 'player' as kind, p.id as id, ${fullNameSql("p")} as name from players p
    where p.league_id = ${db.leagueId} and p.id in (${idsAt(PLAYER_KEYS)})
    union all
    select 'round', r.id, r.n from rounds r where r.league_id = ${db.leagueId} and r.id in (${idsAt(["round_id"])})`;
};

/** The names of the players and rounds the rows speak of: each row's own (its joins), and those its values name. */
function namesFor(rows: AuditRaw[], referenced: { kind: "player" | "round"; id: number; name: string }[]): Names {
  const names: Names = { players: new Map(), rounds: new Map() };
  for (const r of referenced) (r.kind === "player" ? names.players : names.rounds).set(Number(r.id), r.name);
  for (const r of rows) {
    if (r.playerId && r.playerName) names.players.set(r.playerId, r.playerName);
    if (r.otherPlayerId && r.otherName) names.players.set(r.otherPlayerId, r.otherName);
    if (r.roundId && r.roundName) names.rounds.set(r.roundId, r.roundName);
  }
  return names;
}
