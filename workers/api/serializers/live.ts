import { type AdminFlags, type LeaderDivision, adminFlags, leaderboard } from "~/lib/live/live-board";
import type { LiveState } from "~/lib/live/live-state";
import type { ChangeResult } from "~/schemas/live";
import type { LogRow } from "../../live/change-log";

// GET /api/live/{roundId}: the live state (app/lib/live/live-state.ts), its leaderboard by
// division, and for an admin the watch list at `now` (app/lib/live/live-board.ts). The
// protocol's names are the app's own words: this answer adds none of the old /api's.

export type LiveStateJson = { state: LiveState; leaderboard: LeaderDivision[]; flags?: AdminFlags };

/** `teams`: a doubles round's drawn teams (entry id → team), which the leaderboard ranks as one field (ADR 31). */
export function liveStateJson(state: LiveState, adminNow: number | null, teams: Record<number, number> = {}): LiveStateJson {
  return { state, leaderboard: leaderboard(state, teams), ...(adminNow === null ? {} : { flags: adminFlags(state, adminNow) }) };
}

/** POST /api/live/{roundId}/changes: one result per change sent, in order. */
export function changeResultsJson(results: ChangeResult[]) {
  return { results };
}

/** GET /api/admin/live/{roundId}/log: a page of the changes the round accepted; `more` when a full page came back. */
export function liveLogJson(changes: LogRow[], pageSize: number) {
  return { changes, more: changes.length === pageSize };
}

export type ChangeResultsJson = ReturnType<typeof changeResultsJson>;
export type LiveLogJson = ReturnType<typeof liveLogJson>;
