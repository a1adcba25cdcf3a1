import type { LeagueRow } from "~/.server/league";

// The leagues this isolate has seen (ADR 46, "The league in one round trip"): a request
// takes its league's id, name, zone, status and epoch from here, and only a league not seen
// yet costs a read. The league guard (./league-guard.ts) writes here what it learns when a
// write is refused (the league's status and epoch moved on): one copy per isolate, not two.
// A slug nobody has is never kept, so guessing slugs cannot fill the isolate's memory.
// A copy is trusted for FRESH_MS, then read again: an operator's new slug or new default
// league (which writes no league's status) reaches every isolate within that time, while
// a status change reaches a writer at once through the guard.

export const FRESH_MS = 30_000;

const byId = new Map<number, LeagueRow>();
const readAt = new Map<number, number>();
// A league written by a job or the cron before any request of this isolate named it: only
// its epoch is known, and only until a request reads its row.
const epochsOfUnseen = new Map<number, number>();
const idBySlug = new Map<string, number>();
/** The default league's id: undefined until read, null when the deployment has none. */
let defaultId: number | null | undefined;
let defaultReadAt = 0;

const fresh = (at: number | undefined) => at !== undefined && Date.now() - at < FRESH_MS;

const COLUMNS =
  "id, slug, name, time_zone as timeZone, status, epoch, is_default as isDefault, suspended_at as suspendedAt, closed_at as closedAt";
type Stored = Omit<LeagueRow, "isDefault"> & { isDefault: number | boolean };

const fromStored = (row: Stored): LeagueRow => ({ ...row, isDefault: Boolean(row.isDefault) });

/** Keeps what a read of the league's row said, replacing what this isolate held. */
export function rememberLeague(row: LeagueRow): LeagueRow {
  const before = byId.get(row.id);
  if (before && before.slug !== row.slug) idBySlug.delete(before.slug);
  byId.set(row.id, row);
  readAt.set(row.id, Date.now());
  epochsOfUnseen.delete(row.id);
  idBySlug.set(row.slug, row.id);
  if (row.isDefault) {
    defaultId = row.id;
    defaultReadAt = Date.now();
  } else if (defaultId === row.id) defaultId = undefined;
  return row;
}

/** The league with this (lower-case) slug: from this isolate's copy, or one read of its row. */
export async function leagueBySlug(db: D1Database, slug: string): Promise<LeagueRow | null> {
  const id = idBySlug.get(slug);
  const seen = id === undefined ? undefined : byId.get(id);
  if (seen && fresh(readAt.get(seen.id))) return seen;
  const row = await db.prepare(`select ${COLUMNS} from leagues where lower(slug) = ?`).bind(slug).first<Stored>();
  // A slug renamed away since: this isolate forgets it.
  if (!row && id !== undefined) idBySlug.delete(slug);
  return row ? rememberLeague(fromStored(row)) : null;
}

/** The league with this id (a queue job's, the live round's): from this isolate's copy, or one read of its row. */
export async function leagueById(db: D1Database, id: number): Promise<LeagueRow | null> {
  const seen = byId.get(id);
  if (seen && fresh(readAt.get(id))) return seen;
  const row = await db.prepare(`select ${COLUMNS} from leagues where id = ?`).bind(id).first<Stored>();
  return row ? rememberLeague(fromStored(row)) : null;
}

/** Every league taking changes, read fresh (the cron's round of the leagues: one read a minute). */
export async function activeLeagues(db: D1Database): Promise<LeagueRow[]> {
  const { results } = await db.prepare(`select ${COLUMNS} from leagues where status = 'active' order by id`).all<Stored>();
  return results.map((row) => rememberLeague(fromStored(row)));
}

/** The deployment's default league, served at the root; null when it has none. */
export async function defaultLeague(db: D1Database): Promise<LeagueRow | null> {
  if (fresh(defaultReadAt)) {
    if (defaultId === null) return null;
    const seen = defaultId === undefined ? undefined : byId.get(defaultId);
    if (seen) return seen;
  }
  const row = await db.prepare(`select ${COLUMNS} from leagues where is_default = 1`).first<Stored>();
  if (!row) {
    defaultId = null;
    defaultReadAt = Date.now();
    return null;
  }
  return rememberLeague(fromStored(row));
}

/** The epoch this isolate last saw the league at: what its writes' guard expects (the migration's is 0). */
export function epochSeen(leagueId: number): number {
  return byId.get(leagueId)?.epoch ?? epochsOfUnseen.get(leagueId) ?? 0;
}

/** What a refused write's read of the league said: its status and epoch now. */
export function noteLeagueState(
  leagueId: number,
  state: Pick<LeagueRow, "status" | "epoch"> & Partial<Pick<LeagueRow, "suspendedAt" | "closedAt">>,
): void {
  const seen = byId.get(leagueId);
  if (seen) byId.set(leagueId, { ...seen, ...state });
  else epochsOfUnseen.set(leagueId, state.epoch);
}

/**
 * Forgets one league: the next request that names it reads its row again. The after-write
 * runner calls it with every purge of a league's pages (a new address, suspended, closed),
 * so a page action's change reaches this isolate's next request as the /api's does.
 */
export function forgetLeague(leagueId: number): void {
  const seen = byId.get(leagueId);
  if (seen) idBySlug.delete(seen.slug);
  byId.delete(leagueId);
  readAt.delete(leagueId);
  if (defaultId === leagueId) {
    defaultId = undefined;
    defaultReadAt = 0;
  }
}

/** Forgets every league (tests that make and drop leagues between requests). */
export function forgetLeagues(): void {
  byId.clear();
  readAt.clear();
  defaultReadAt = 0;
  idBySlug.clear();
  epochsOfUnseen.clear();
  defaultId = undefined;
}
