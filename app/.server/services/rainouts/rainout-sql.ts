import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { actorColumns } from "../audit/actor-columns";
import { auditLog } from "../../db/schema";
import { roundPaymentsFingerprintSql } from "../money/money-sql";

// What a cancel and a restore both read and write (ADR 50): the prints a restore must find
// unchanged, and the audit log's row for each step of a rain-out.

/**
 * The round's money as a cancel leaves it: each entry's id and version, and each PayPal or
 * cash payment's status, amount, refunds and give-backs, and whether it was asked back to
 * PayPal. A restore is refused unless it is the same: an entry added, withdrawn or changed,
 * or a payment given back, refunded or asked back since, all change it.
 */
export const moneyPrintSql = (db: Db, roundId: number | SQL) => sql<string>`(
  coalesce((select group_concat(id || ':' || version, ',')
    from (select id, version from entries where league_id = ${db.leagueId} and round_id = ${roundId} order by id)), '')
  || '|' || ${roundPaymentsFingerprintSql(roundId, db)}
  || '|' || coalesce((select group_concat(id, ',') from (select id from payments
    where league_id = ${db.leagueId} and round_id = ${roundId} and refund_asked_at is not null order by id)), ''))`;

/** The league's aces, all of them: any ace paid, changed or deleted since the cancel changes it. */
export const acesPrintSql = (db: Db) => sql<string>`(select count(*) || ':' || coalesce(max(id), 0) || ':'
  || coalesce(sum(amt_cents), 0) || ':' || coalesce(sum(d), 0) || ':' || coalesce(sum(player_id), 0) || ':' || coalesce(sum(round_id), 0)
  from aces where league_id = ${db.leagueId})`;

/** The audit log's table name for the steps of a rain-out (services/audit reads it). */
export const RAINOUT_AUDIT_TABLE = "rainouts";

export type RainoutStep = "cancelled" | "restored";

/** The step in the audit log, by the actor the batch set (ADR 20), with what the admin said. */
export function rainoutAudit(db: Db, roundId: number, step: RainoutStep, said: Record<string, string | number | boolean | null>) {
  return db.insert(auditLog).values({
    leagueId: db.leagueId,
    ...actorColumns(),
    tableName: RAINOUT_AUDIT_TABLE,
    rowId: roundId,
    action: "update",
    playerId: null,
    roundId,
    before: null,
    after: JSON.stringify({ step, ...said }),
  });
}
