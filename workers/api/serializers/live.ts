import { type AdminFlags, type LeaderDivision, adminFlags, leaderboard } from "~/lib/live-board";
import type { LiveState } from "~/lib/live-state";

// GET /api/live/{roundId}: the live state (app/lib/live-state.ts), its leaderboard by
// division, and for an admin the watch list at `now` (app/lib/live-board.ts). The
// protocol's names are the app's own words: this answer adds none of the old /api's.

export type LiveStateJson = { state: LiveState; leaderboard: LeaderDivision[]; flags?: AdminFlags };

export function liveStateJson(state: LiveState, adminNow: number | null): LiveStateJson {
  return { state, leaderboard: leaderboard(state), ...(adminNow === null ? {} : { flags: adminFlags(state, adminNow) }) };
}
