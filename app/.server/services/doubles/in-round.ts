import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rounds } from "../../db/schema";
import type { RoundParticipant } from "../rounds/round-write";

/**
 * Doubles in a write to a round's entries (ADR 31, 45): every draw bumps the round's
 * teams_version, so a write planned before a draw is planned again after it.
 */
export const teams: RoundParticipant = {
  fingerprint: (roundId: number | SQL, db: Db) =>
    sql<string>`coalesce((select teams_version from ${rounds} where league_id = ${db.leagueId} and id = ${roundId}), '')`,
};
