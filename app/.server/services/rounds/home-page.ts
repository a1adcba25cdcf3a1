import type { Db } from "../../db/client";
import { type LowScore, type RoundRow, lowScoresOf, lowScoresQuery, roundsFromQuery, seasonSpanQuery, seasonsOf } from "./rounds";

export type SeasonRounds = { seasons: number[]; rounds: RoundRow[]; lows: Map<number, LowScore> };

/**
 * What the rounds page reads — the seasons there are, a season's rounds (from `from`, and
 * before `to` when given) and the low scores of those dated in [from, lowsTo) — in one D1
 * batch: one round trip instead of two, one after the other.
 */
export async function seasonRounds(db: Db, timeZone: string, from: number, to: number | undefined, lowsTo: number): Promise<SeasonRounds> {
  const [span, rounds, lows] = await db.batch([seasonSpanQuery(db), roundsFromQuery(db, from, to), lowScoresQuery(db, from, lowsTo)]);
  return { seasons: seasonsOf(span, timeZone), rounds, lows: lowScoresOf(lows) };
}
