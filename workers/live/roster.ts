import { readD1 } from "./d1";
import { keepLeague } from "./league";
import { playersOf, roundRow, storeRoster } from "./roster-store";
import { AppError } from "~/.server/errors";
import { liveRoster } from "~/.server/services/live/live-roster";
import type { LiveErrorCode } from "~/schemas/live";

// The round's copy of its cards (./roster-store.ts), kept fresh from D1: read on first use,
// again when it is half a minute old (a card not started yet may still be re-made: a busy
// round reads it beside its changes, not before them), and whenever a change names a player
// or card the copy does not know. A card's players are read again as it starts. A
// finalised round's copy no longer changes.

/**
 * What the round's code works with: its SQLite, the bindings, the clock, a way to let work
 * finish after the answer, and D1 work in flight: the cards being started right now, the
 * cards being read again for a player the copy does not know (./reread.ts). Work in flight
 * is never round state: the object cannot hibernate while it runs.
 */
export type LiveDeps = {
  /** The league the call named (./league.ts): D1 is read and written as this league. */
  leagueId: number;
  sql: SqlStorage;
  storage: DurableObjectStorage;
  env: Env;
  exports: unknown;
  now: () => number;
  background: (work: Promise<unknown>) => void;
  starting: Map<number, Promise<void>>;
  reading: { roster: Promise<void> | null };
  /** Drops everything this object stored: it was asked for a round D1 does not have. */
  forget: () => Promise<void>;
};

/** A refusal of a whole request or frame, with the /api's code for it. */
export class LiveRefusal extends Error {
  constructor(
    readonly code: LiveErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const ROSTER_MAX_AGE_SECONDS = 30;

/** Whether the copy is older than ROSTER_MAX_AGE_SECONDS (a finalised round's never is). */
export function rosterStale(d: LiveDeps): boolean {
  const round = roundRow(d.sql);
  return round !== null && round.finalizedAt === null && d.now() - round.loadedAt >= ROSTER_MAX_AGE_SECONDS;
}

/** Reads the cards again without holding anything up; the next stale check is half a minute on. */
export function refreshAside(d: LiveDeps, roundId: number): void {
  d.sql.exec("update round set loaded_at = ?", d.now());
  d.background(
    ensureRoster(d, roundId, { refresh: true }).catch((err) => console.error("Could not read the live round's cards again", err)),
  );
}

export async function ensureRoster(d: LiveDeps, roundId: number, opts: { refresh?: boolean } = {}): Promise<void> {
  const round = roundRow(d.sql);
  if (round && round.roundId !== roundId) throw new LiveRefusal("not_found", "Round not found");
  if (round?.finalizedAt != null) return;
  if (round && !opts.refresh && d.now() - round.loadedAt < ROSTER_MAX_AGE_SECONDS) return;
  try {
    const roster = await liveRoster(readD1(d.env, d.leagueId), roundId);
    d.storage.transactionSync(() => {
      storeRoster(d.sql, roster, d.now());
      keepLeague(d.sql, d.leagueId);
    });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") {
      // An object that never held a round keeps nothing: a GET asks the object beside D1
      // (ADR 41), so a round id anyone guesses must not leave an object and its tables behind.
      if (!round) await d.forget();
      throw new LiveRefusal("not_found", err.message);
    }
    throw err;
  }
}

/**
 * Reads the cards again now (a withdrawal told the object, ADR 34), whatever the copy's age;
 * answers the cards whose players changed, for the sockets to hear of them.
 */
export async function reloadRoster(d: LiveDeps, roundId: number): Promise<number[]> {
  const cardOf = () => new Map(playersOf(d.sql).map((p) => [p.entryId, p.cardId]));
  const before = cardOf();
  await ensureRoster(d, roundId, { refresh: true });
  const after = cardOf();
  const changed = new Set<number>();
  for (const [entryId, cardId] of before) if (after.get(entryId) !== cardId) changed.add(cardId);
  for (const [entryId, cardId] of after) if (before.get(entryId) !== cardId) changed.add(cardId);
  return [...changed];
}
