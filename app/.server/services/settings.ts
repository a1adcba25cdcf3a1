import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { leagueSettings } from "../db/schema";
import { nowSeconds } from "~/lib/time";

/** The admin's settings for standings and handicaps; the schema's defaults until saved. */
export type LeagueSettings = Omit<typeof leagueSettings.$inferSelect, "id" | "updatedAt">;

export const DEFAULT_SETTINGS: LeagueSettings = {
  pointsFirst: 100,
  pointsStep: 5,
  pointsFloor: 10,
  pointsParticipation: 5,
  standingsBestN: 10,
  handicapRounds: 10,
  handicapPercent: 80,
  handicapPar: 54,
};

export async function getLeagueSettings(db: Db): Promise<LeagueSettings> {
  const [row] = await db.select().from(leagueSettings).where(eq(leagueSettings.id, 1));
  if (!row) return { ...DEFAULT_SETTINGS };
  const { id: _id, updatedAt: _updatedAt, ...settings } = row;
  return settings;
}

/**
 * Saves every setting at once (the form and PUT /api/admin/settings send them all). The
 * write to league_settings purges the `settings` cache tag (workers/purge.ts): standings,
 * round and player pages show numbers made from these.
 */
export async function updateLeagueSettings(db: Db, values: LeagueSettings): Promise<LeagueSettings> {
  const row = { ...values, updatedAt: nowSeconds() };
  await db
    .insert(leagueSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: leagueSettings.id, set: row });
  return getLeagueSettings(db);
}
