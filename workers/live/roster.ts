import { readD1 } from "./d1";
import { roundRow, storeRoster } from "./roster-store";
import { AppError } from "~/.server/errors";
import { liveRoster } from "~/.server/services/live/live-roster";
import type { LiveErrorCode } from "~/schemas/live";

// The round's copy of its cards (./roster-store.ts), kept fresh from D1: read on first use,
// again when it is half a minute old (a card not started yet may still be re-made), and
// whenever a change names a player or card the copy does not know. A finalised round's copy
// no longer changes.

/** What the round's code works with: its SQLite, the bindings and the clock. */
export type LiveDeps = { sql: SqlStorage; storage: DurableObjectStorage; env: Env; exports: unknown; now: () => number };

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

export async function ensureRoster(d: LiveDeps, roundId: number, opts: { refresh?: boolean } = {}): Promise<void> {
  const round = roundRow(d.sql);
  if (round && round.roundId !== roundId) throw new LiveRefusal("not_found", "Round not found");
  if (round?.finalizedAt != null) return;
  if (round && !opts.refresh && d.now() - round.loadedAt < ROSTER_MAX_AGE_SECONDS) return;
  try {
    const roster = await liveRoster(readD1(d.env), roundId);
    d.storage.transactionSync(() => storeRoster(d.sql, roster, d.now()));
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw new LiveRefusal("not_found", err.message);
    throw err;
  }
}
