import { sql } from "drizzle-orm";
import { entries } from "../../db/schema";
import type { CoreEntry, CoreState, RoundParticipant } from "../rounds/round-write";
import { entrySidePotsCentsSql, potsFingerprintSql } from "./pot-sql";
import { type PotRows, type PotState, potStateOf, potStateQueries } from "./pot-state";

// Side pots in a write to a round's entries (ADR 30, 45): each entry's buy-ins are part of
// its price, and the pots' opt-ins and marks are part of the fingerprint, so settling plans
// from what holds when it writes.

export type SidePotsState = CoreState & { sidePots: PotState[]; entries: (CoreEntry & { sidePotsCents: number })[] };

export const sidePots: RoundParticipant<SidePotsState> = {
  entryColumns: { sidePotsCents: entrySidePotsCentsSql(sql`${entries.id}`).mapWith(Number) },
  reads: { queries: (db, roundId) => [...potStateQueries(db, roundId)], into: (rows) => ({ sidePots: potStateOf(rows as PotRows) }) },
  fingerprint: potsFingerprintSql,
};
