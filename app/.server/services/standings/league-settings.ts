import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leagueSettings } from "../../db/schema";
import { DEFAULT_SETTINGS, type LeagueSettings } from "~/lib/league-settings";
import { nowSeconds } from "~/lib/time";

// The defaults, bounds and labels live in app/lib/league-settings.ts.
export { DEFAULT_SETTINGS, type LeagueSettings } from "~/lib/league-settings";

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
