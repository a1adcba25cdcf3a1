import { roundRow } from "./roster-store";
import type { LiveAnswer } from "~/schemas/live";

// The league a live round's object acts for (ADR 46). Every call names it (the Worker's
// request's league); the object keeps it in its SQLite with the round it first reads, reads
// and writes D1 as that league, and refuses a call naming another one. Its name carries the
// league too (app/.server/services/live/live-object.ts), so a refusal here means a caller
// named the wrong league, never that two leagues share an object.

export const ROUND_NOT_FOUND = { ok: false, code: "not_found", error: "Round not found" } as const satisfies LiveAnswer<never>;

/** The league this object keeps, null before it holds a round. */
export const keptLeague = (sql: SqlStorage): number | null =>
  sql.exec<{ leagueId: number }>("select league_id as leagueId from league").toArray()[0]?.leagueId ?? null;

/** Keeps `leagueId` as this object's league; a league kept before stays. */
export function keepLeague(sql: SqlStorage, leagueId: number): void {
  sql.exec("insert into league (id, league_id) values (1, ?) on conflict (id) do nothing", leagueId);
}

/**
 * Whether a call naming `leagueId` may go on: the object keeps no league yet (it keeps this one
 * as it stores the round), or keeps this one. An object holding a round from before it kept
 * a league is the default league's (its name `round:{id}` is only that league's): it keeps
 * the caller's from now.
 */
export function leagueAllowed(sql: SqlStorage, leagueId: number): boolean {
  const kept = keptLeague(sql);
  if (kept !== null) return kept === leagueId;
  if (roundRow(sql)) keepLeague(sql, leagueId);
  return true;
}
