import { desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { players, transfers } from "../db/schema";
import { assertPlayerExists } from "./players";
import { toDollars } from "~/lib/money";

export type TransferDto = {
  id: number;
  d: number;
  fromPlayer: number | null;
  toPlayer: number | null;
  amt: number;
  description: string;
  /** Names; null means the league itself. */
  fPlayer: string | null;
  tPlayer: string | null;
};

const fromP = alias(players, "from_p");
const toP = alias(players, "to_p");

function selectTransfers(db: Db) {
  return db
    .select({
      id: transfers.id,
      d: transfers.d,
      fromPlayer: transfers.fromPlayerId,
      toPlayer: transfers.toPlayerId,
      amtCents: transfers.amtCents,
      description: transfers.description,
      fPlayer: sql<string | null>`${fromP.fn} || ' ' || ${fromP.ln}`,
      tPlayer: sql<string | null>`${toP.fn} || ' ' || ${toP.ln}`,
    })
    .from(transfers)
    .leftJoin(fromP, eq(fromP.id, transfers.fromPlayerId))
    .leftJoin(toP, eq(toP.id, transfers.toPlayerId));
}

type TransferRow = Awaited<ReturnType<typeof selectTransfers>>[number];
const transferDto = ({ amtCents, ...r }: TransferRow): TransferDto => ({ ...r, amt: toDollars(amtCents) });

export async function listTransfers(db: Db): Promise<TransferDto[]> {
  const rows = await selectTransfers(db).orderBy(desc(transfers.d), desc(transfers.id));
  return rows.map(transferDto);
}

export async function transfersByPlayer(db: Db, playerId: number): Promise<TransferDto[]> {
  await assertPlayerExists(db, playerId);
  const rows = await selectTransfers(db)
    .where(or(eq(transfers.fromPlayerId, playerId), eq(transfers.toPlayerId, playerId)))
    .orderBy(desc(transfers.d), desc(transfers.id));
  return rows.map(transferDto);
}
