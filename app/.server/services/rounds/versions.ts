import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type AppError, conflict } from "../../errors";

// An edit carries the version of each row it read (ADR 20): a write against a row that
// changed since is refused, naming the row as the form shows it, instead of winning
// silently over the other change (another admin's save, a credit of the payouts).

export const ENTRY_CHANGED = "This entry changed since you opened it. Reload to see the new values.";
export const ROUND_CHANGED = "This round changed since you opened it. Reload to see the new values.";

/** 409 for an entry edited from an old read, named by its player. */
export function assertEntryVersion(entry: { name: string; version: number }, version: number): void {
  if (entry.version !== version) throw conflict(`${entry.name}: ${ENTRY_CHANGED}`);
}

/** 409 for a round edited from an old read; `label` names its row where a form has rows ("Row 3 (Thu 11/26)"). */
export const roundChanged = (label?: string) => conflict(label ? `${label}: ${ROUND_CHANGED}` : ROUND_CHANGED);

type ReadRound = { id: number; version: number };

/**
 * A statement for a batch of round writes (ADR 13) that fails, aborting the batch, when a
 * listed round exists at another version than the one read. A round that is gone is not
 * its business (the batch's own guard, or an idempotent delete).
 */
export const roundVersionsGuard = (db: Db, read: ReadRound[]) =>
  db
    .select({
      stale: sql`case when exists (
        select 1 from json_each(${JSON.stringify(read)}) v join rounds r on r.league_id = ${db.leagueId} and r.id = json_extract(v.value, '$.id')
        where r.version <> json_extract(v.value, '$.version')) then json('round versions changed') end`,
    })
    .from(sql`(select 1)`);

/** After a refused batch: the 409 of the first listed round that changed since it was read, by its label. */
export async function staleRound(db: Db, read: (ReadRound & { label: string })[]): Promise<AppError | null> {
  const now = await db.all<ReadRound>(
    sql`select id, version from rounds where league_id = ${db.leagueId} and id in (select value from json_each(${JSON.stringify(read.map((r) => r.id))}))`,
  );
  const stale = read.find((r) => now.some((n) => n.id === r.id && n.version !== r.version));
  return stale ? roundChanged(stale.label) : null;
}
