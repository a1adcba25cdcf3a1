import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conflict } from "../../errors";
import { leagueSettings } from "../../db/schema";
import { DEFAULT_SETTINGS, type LeagueSettings } from "~/lib/settings/league-settings";
import { nowSeconds } from "~/lib/shared/time";

// The defaults, bounds and labels live in app/lib/settings/league-settings.ts.
export { DEFAULT_SETTINGS, type LeagueSettings } from "~/lib/settings/league-settings";

export async function getLeagueSettings(db: Db): Promise<LeagueSettings> {
  const [row] = await db.select().from(leagueSettings).where(eq(leagueSettings.leagueId, db.leagueId));
  return settingsOf(row);
}

function settingsOf(row: typeof leagueSettings.$inferSelect | undefined): LeagueSettings {
  if (!row) return { ...DEFAULT_SETTINGS, divisions: [...DEFAULT_SETTINGS.divisions] };
  const { leagueId: _leagueId, updatedAt: _updatedAt, divisions, ...settings } = row;
  return { ...settings, divisions: divisionsOf(divisions) } as LeagueSettings;
}

/** The league's unit for CTP distances (ADR 30): feet until the admin chooses metres. */
export async function distanceUnitOf(db: Db): Promise<LeagueSettings["distanceUnit"]> {
  const [row] = await db.select({ unit: leagueSettings.distanceUnit }).from(leagueSettings).where(eq(leagueSettings.leagueId, db.leagueId));
  return row?.unit ?? DEFAULT_SETTINGS.distanceUnit;
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
  // The row as written is the answer (no read after the write, ADR 41).
  const [row] = await db
    .insert(leagueSettings)
    .values({ leagueId: db.leagueId, ...given })
    .onConflictDoUpdate({ target: leagueSettings.leagueId, set: given })
    .returning();
  return settingsOf(row);
}

export const SETTINGS_CHANGED = "The settings changed since you opened them. Reload to see the new values.";

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The settings form's save: only the settings the admin changed from what the form showed
 * (`shown`) are written, so another admin's save of other settings meanwhile stands; and a
 * setting changed here that someone else changed too since the form was opened refuses the
 * whole save (409), writing nothing. One conditional UPDATE decides, so two saves at once
 * cannot both pass the check. Without `shown` (a form from before it existed) every setting
 * posted is written.
 */
export async function saveSettingsForm(db: Db, values: Partial<LeagueSettings>, shown: LeagueSettings | null): Promise<void> {
  if (!shown) {
    await updateLeagueSettings(db, values);
    return;
  }
  const names = (Object.keys(values) as (keyof LeagueSettings)[]).filter(
    (name) => values[name] !== undefined && !sameValue(values[name], shown[name]),
  );
  // The row exists from here on (its defaults are what a form of a fresh league showed),
  // even for a save that changed nothing: an admin who saved the defaults has chosen them,
  // and the admin home's setup checklist reads the row as "settings saved".
  await db.insert(leagueSettings).values({ leagueId: db.leagueId }).onConflictDoNothing();
  if (names.length === 0) return;
  const unchanged: SQL[] = names.map((name) =>
    name === "divisions"
      ? sql`coalesce(${leagueSettings.divisions}, ${JSON.stringify(DEFAULT_SETTINGS.divisions)}) = ${JSON.stringify(shown.divisions)}`
      : eq(leagueSettings[name], shown[name] as never),
  );
  const set = Object.fromEntries(names.map((name) => [name, name === "divisions" ? JSON.stringify(values.divisions) : values[name]]));
  const written = await db
    .update(leagueSettings)
    .set({ ...set, updatedAt: nowSeconds() })
    .where(and(eq(leagueSettings.leagueId, db.leagueId), ...unchanged))
    .returning({ leagueId: leagueSettings.leagueId });
  if (written.length === 0) throw conflict(SETTINGS_CHANGED);
}
