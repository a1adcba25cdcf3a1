import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leagueSettings } from "../../db/schema";
import { DEFAULT_SETTINGS, type LeagueSettings } from "~/lib/league-settings";
import { nowSeconds } from "~/lib/time";

// The defaults, bounds and labels live in app/lib/league-settings.ts.
export { DEFAULT_SETTINGS, type LeagueSettings } from "~/lib/league-settings";

export async function getLeagueSettings(db: Db): Promise<LeagueSettings> {
  const [row] = await db.select().from(leagueSettings).where(eq(leagueSettings.id, 1));
  if (!row) return { ...DEFAULT_SETTINGS, divisions: [...DEFAULT_SETTINGS.divisions] };
  const { id: _id, updatedAt: _updatedAt, divisions, ...settings } = row;
  return { ...settings, divisions: divisionsOf(divisions) } as LeagueSettings;
}

/** The stored list (a JSON array of division codes), or the default list when there is none or it is unreadable. */
function divisionsOf(stored: string | null): string[] {
  if (stored === null) return [...DEFAULT_SETTINGS.divisions];
  try {
    const list: unknown = JSON.parse(stored);
    if (Array.isArray(list) && list.length > 0 && list.every((d) => typeof d === "string")) return list;
  } catch {}
  return [...DEFAULT_SETTINGS.divisions];
}

/**
 * Saves the settings given; the others keep their values (a form or a PUT from before a
 * setting existed does not reset it). The write to league_settings purges the `settings`
 * cache tag (workers/purge.ts): standings, round and player pages show numbers made from these.
 */
export async function updateLeagueSettings(db: Db, values: Partial<LeagueSettings>): Promise<LeagueSettings> {
  const { divisions, ...rest } = values;
  const given = { ...rest, ...(divisions ? { divisions: JSON.stringify(divisions) } : {}), updatedAt: nowSeconds() };
  // Only the given columns are set: a save of some settings never writes back a stale read of the others.
  await db
    .insert(leagueSettings)
    .values({ id: 1, ...given })
    .onConflictDoUpdate({ target: leagueSettings.id, set: given });
  return getLeagueSettings(db);
}
