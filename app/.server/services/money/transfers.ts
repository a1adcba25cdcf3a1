import { and, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type Db, inLeague } from "../../db/client";
import { players, transfers } from "../../db/schema";
import { assertPlayerExists } from "../players/players";
import { offsetOf, type Page, pageOf } from "~/lib/shared/paging";
import { fullNameSql } from "../../db/player-name";

/** Credit moved between players; a null side (id and name) is the league itself. */
export type TransferRow = {
  id: number;
  date: number;
  fromPlayerId: number | null;
  toPlayerId: number | null;
  amountCents: number;
  description: string;
  fromName: string | null;
  toName: string | null;
};

const fromP = alias(players, "from_p");
const toP = alias(players, "to_p");

function selectTransfers(db: Db) {
  return db
    .select({
      id: transfers.id,
      date: transfers.date,
      fromPlayerId: transfers.fromPlayerId,
      toPlayerId: transfers.toPlayerId,
      amountCents: transfers.amountCents,
      description: transfers.description,
      fromName: fullNameSql<string | null>(fromP),
      toName: fullNameSql<string | null>(toP),
    })
    .from(transfers)
    .leftJoin(fromP, eq(fromP.id, transfers.fromPlayerId))
    .leftJoin(toP, eq(toP.id, transfers.toPlayerId));
}

/** One page of every transfer, newest first, and how many there are in all. */
export async function listTransfers(db: Db, page: { page: number; pageSize: number }): Promise<{ rows: TransferRow[]; page: Page }> {
  const [rows, [count]] = await db.batch([
    selectTransfers(db)
      .where(inLeague(db, transfers))
      .orderBy(desc(transfers.date), desc(transfers.id))
      .limit(page.pageSize)
      .offset(offsetOf(page.page, page.pageSize)),
    db.select({ count: sql<number>`count(*)` }).from(transfers).where(inLeague(db, transfers)),
  ]);
  return { rows, page: pageOf(page.page, page.pageSize, Number(count?.count ?? 0)) };
}

export async function transfersByPlayer(db: Db, playerId: number): Promise<TransferRow[]> {
  // Asked together (one trip); the 404 still wins.
  const [, rows] = await Promise.all([assertPlayerExists(db, playerId), playerTransfersQuery(db, playerId)]);
  return rows;
}

/** A player's transfers, newest first, unrun (no check that the player exists): for a page's batch. */
export function playerTransfersQuery(db: Db, playerId: number) {
  return selectTransfers(db)
    .where(and(inLeague(db, transfers), or(eq(transfers.fromPlayerId, playerId), eq(transfers.toPlayerId, playerId))))
    .orderBy(desc(transfers.date), desc(transfers.id));
}
