import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AuditEntry, type AuditRaw, type Names, auditEntry, referencedIds } from "./audit-words";
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

const filterSql = (f: PageFilter): SQL | undefined => {
  const where: SQL[] = [];
  if (f.playerId) where.push(sql`(a.player_id = ${f.playerId} or a.other_player_id = ${f.playerId})`);
  if (f.linkedToUserId) {
    const linked = linkedPlayerSql(sql`${f.linkedToUserId}`);
    where.push(sql`(a.player_id = ${linked} or a.other_player_id = ${linked})`);
  }
  if (f.roundId) where.push(sql`a.round_id = ${f.roundId}`);
  if (f.actorId) where.push(sql`a.actor_user_id = ${f.actorId}`);
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : undefined;
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
  // The page and the names it speaks of, asked together (one batch, ADR 41).
  const [raw, named] = await Promise.all([
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
    ${filterSql(filter)}
    order by a.id desc
    limit ${pageSize + 1} offset ${offset}`),
    db.all<NameRow>(referencedNamesSql(filterSql(filter), pageSize, offset)),
  ]);
  const rows = raw.slice(0, pageSize);
  const names = namesFor(rows, named);
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

type NameRow = { kind: "player" | "round"; id: number; name: string };

/**
 * The players and rounds a page's changed transfers and aces name in their before and
 * after (a side moved to another player, an ace to another round: see referencedIds),
 * read by the same filter and page as the rows, so beside them rather than after them.
 */
function referencedNamesSql(where: SQL | undefined, pageSize: number, offset: number): SQL {
  const shown = sql`(select a.table_name, a.before, a.after from audit_log a ${where} order by a.id desc limit ${pageSize} offset ${offset})`;
  const values = (keys: SQL) => sql`
    select j.value from ${shown} s, json_each(case when json_valid(s.before) then s.before else '{}' end) j
      where s.table_name in ('transfers', 'aces') and j.key in ${keys} and j.type in ('integer', 'real')
    union select j.value from ${shown} s, json_each(case when json_valid(s.after) then s.after else '{}' end) j
      where s.table_name in ('transfers', 'aces') and j.key in ${keys} and j.type in ('integer', 'real')`;
  return sql`
    select 'player' as kind, p.id, ${fullNameSql("p")} as name from players p
      where p.id in (${values(sql`('from_player_id', 'to_player_id', 'player_id')`)})
    union all
    select 'round' as kind, r.id, r.n as name from rounds r where r.id in (${values(sql`('round_id')`)})`;
}

/** The names of the players and rounds the rows speak of: the joins give each row's own, the names read beside them the rest. */
function namesFor(rows: AuditRaw[], named: NameRow[]): Names {
  const names: Names = { players: new Map(), rounds: new Map() };
  for (const r of rows) {
    if (r.playerId && r.playerName) names.players.set(r.playerId, r.playerName);
    if (r.otherPlayerId && r.otherName) names.players.set(r.otherPlayerId, r.otherName);
    if (r.roundId && r.roundName) names.rounds.set(r.roundId, r.roundName);
  }
  const wanted = referencedIds(rows);
  for (const n of named) {
    const id = Number(n.id);
    if (n.kind === "player" && wanted.players.has(id) && !names.players.has(id)) names.players.set(id, n.name);
    if (n.kind === "round" && wanted.rounds.has(id) && !names.rounds.has(id)) names.rounds.set(id, n.name);
  }
  return names;
}
