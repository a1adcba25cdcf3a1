import type { Db } from "../db/client";
import { type PlayerSummary, playerSummaryOf, playerSummaryQueries } from "../services/players/players";
import { type PlayerRound, playerRoundRows, playerRoundsQuery } from "../services/rounds/rounds";
import { type TransferRow, playerTransfersQuery } from "../services/money/transfers";
import { type BestScores, bestScoresOf, bestScoresQuery } from "../services/players/best-scores";

export type PlayerPageData = { player: PlayerSummary; rounds: PlayerRound[]; transfers: TransferRow[]; best: BestScores };

/**
 * What a player's public page reads — the summary (stats, claims), their rounds, their
 * transfers and their best score per layout — in one D1 batch: one round trip instead of six (each service checked the
 * player exists on its own), and one transaction, so the parts agree.
 */
export async function playerPageData(db: Db, id: number, yearStart: number): Promise<PlayerPageData> {
  const [stats, claimList] = playerSummaryQueries(db, id, yearStart);
  const [statRows, claimRows, roundRows, transferRows, bestRows] = await db.batch([
    stats,
    claimList,
    playerRoundsQuery(db, id),
    playerTransfersQuery(db, id),
    bestScoresQuery(db, id),
  ]);
  // No such player: the summary's 404 (its stats query finds no row).
  const player = playerSummaryOf([statRows, claimRows]);
  return { player, rounds: playerRoundRows(roundRows), transfers: transferRows, best: bestScoresOf(bestRows) };
}
