import type { players } from "../../db/schema";

// The one way a player record's columns are made (ADR 23): by an admin, by a user for
// themself, for a walk-up or a new player entered into a round.

export type NewPlayer = { firstName: string; lastName: string; pdga?: string | null; division: string; inactive?: boolean };

/** A record's fields as a form or an admin gives them (also what an edit sets). */
export function playerFields(v: NewPlayer) {
  return { firstName: v.firstName, lastName: v.lastName, pdga: v.pdga ?? null, division: v.division, inactive: v.inactive ?? false };
}

/** The insert values of a new player record in `leagueId`; `createdByUserId` for a record a user made for themself. */
export function playerRow(leagueId: number, v: NewPlayer, createdByUserId: number | null = null): typeof players.$inferInsert {
  return { leagueId, ...playerFields(v), createdByUserId };
}
