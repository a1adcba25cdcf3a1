import { type SQL, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { players, rounds } from "../../db/schema";
import { type AuditEntry, type AuditRaw, type Names, auditEntry, referencedIds } from "./audit-words";
import { fullNameSql } from "../../db/player-name";

// Reading the audit log (ADR 20): newest first, a page at a time, filtered by player, round
// or actor, each row put into words. Every filter walks its own index of audit_log (player
// or other player, round, actor — each ends in the id, so the order comes from the index);
// the unfiltered page walks the table backwards from its newest row and stops at the page.

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilter = { playerId?: number; roundId?: number; actorId?: number };
export type AuditPage = { entries: AuditEntry[]; page: number; pageSize: number; hasMore: boolean };

const filterSql = (f: AuditFilter): SQL | undefined => {
  const where: SQL[] = [];
  if (f.playerId) where.push(sql`(a.player_id = ${f.playerId} or a.other_player_id = ${f.playerId})`);
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
  filter: AuditFilter,
  opts: { page?: number; pageSize?: number; timeZone: string },
): Promise<AuditPage> {
  const page = opts.page ?? 1;
  const pageSize = opts.pageSize ?? AUDIT_PAGE_SIZE;
  const raw = await db.all<AuditRaw>(sql`
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
    limit ${pageSize + 1} offset ${(page - 1) * pageSize}`);
  const rows = raw.slice(0, pageSize);
  const names = await namesFor(db, rows);
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

/** The latest money changes one user made. */
export const userMoneyChanges = (db: Db, userId: number, timeZone: string) =>
  auditLogPage(db, { actorId: userId }, { pageSize: HISTORY_SIZE, timeZone });

// D1 binds at most 100 parameters a statement.
const CHUNK = 90;

async function inChunks<T>(ids: number[], read: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

/**
 * The names of the players and rounds the rows speak of: the joins give each row's own,
 * and a changed side of a transfer or an ace moved to another player or round names one
 * more (rare: then one more read).
 */
async function namesFor(db: Db, rows: AuditRaw[]): Promise<Names> {
  const names: Names = { players: new Map(), rounds: new Map() };
  for (const r of rows) {
    if (r.playerId && r.playerName) names.players.set(r.playerId, r.playerName);
    if (r.otherPlayerId && r.otherName) names.players.set(r.otherPlayerId, r.otherName);
    if (r.roundId && r.roundName) names.rounds.set(r.roundId, r.roundName);
  }
  const wanted = referencedIds(rows);
  const playerIds = [...wanted.players].filter((id) => !names.players.has(id));
  const roundIds = [...wanted.rounds].filter((id) => !names.rounds.has(id));
  const [foundPlayers, foundRounds] = await Promise.all([
    inChunks(playerIds, (ids) =>
      db
        .select({ id: players.id, name: fullNameSql(players) })
        .from(players)
        .where(inArray(players.id, ids)),
    ),
    inChunks(roundIds, (ids) => db.select({ id: rounds.id, name: rounds.name }).from(rounds).where(inArray(rounds.id, ids))),
  ]);
  for (const p of foundPlayers) names.players.set(p.id, p.name);
  for (const r of foundRounds) names.rounds.set(r.id, r.name);
  return names;
}
