// Versions as an editor reads them (ADR 20): every write of an entry or round names the
// version it read. Tests that mean "an editor that just loaded the page" read them here.
import { eq, inArray } from "drizzle-orm";
import { testDb } from "./fixtures";
import { entries, rounds } from "~/.server/db/schema";
import type { EntryChange } from "~/.server/services/entries/entry-admin";
import type { EntryChanges } from "~/schemas/entries";

export async function versionOf(entryId: number): Promise<number> {
  const [row] = await testDb().select({ version: entries.version }).from(entries).where(eq(entries.id, entryId));
  if (!row) throw new Error(`no entry ${entryId}`);
  return row.version;
}

export async function roundVersionOf(roundId: number): Promise<number> {
  const [row] = await testDb().select({ version: rounds.version }).from(rounds).where(eq(rounds.id, roundId));
  if (!row) throw new Error(`no round ${roundId}`);
  return row.version;
}

/** The entries' versions now, by id (0 for an id with no entry, as a client guessing would send). */
export async function versionsOf(ids: number[]): Promise<Map<number, number>> {
  const rows = ids.length
    ? await testDb().select({ id: entries.id, version: entries.version }).from(entries).where(inArray(entries.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r.version]));
  return new Map(ids.map((id) => [id, byId.get(id) ?? 0]));
}

/** Edits of entries at the versions they hold now: an editor that has just read them. */
export async function fresh(changes: { id: number; value: EntryChanges }[]): Promise<EntryChange[]> {
  const versions = await versionsOf(changes.map((c) => c.id));
  return changes.map((c) => ({ ...c, version: versions.get(c.id) ?? 0 }));
}
