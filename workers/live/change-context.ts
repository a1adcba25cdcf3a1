import type { PinCheck } from "./pin-checks";
import type { Cell, Scorer } from "./score-store";
import type { LiveEdit } from "~/.server/services/live/live-results";
import type { ChangeResult, LiveErrorCode } from "~/schemas/live";

// What applying a change works with (ADR 26): who sends it, what the batch changed so far,
// and a refusal's shape; shared by the rules of a change (./rules.ts) and the sign-off
// (./signoff.ts) that the rules hand a signature to.

/** Who sends a change, and from which client address (wrong PINs are counted per address too). */
export type Caller = Scorer & { playerId: number | null; address?: string };

/** What a batch changed, for the sockets (./broadcast.ts): cells by key, players whose signature changed, cards changed or started. */
export type BatchOutcome = {
  results: ChangeResult[];
  cells: Map<string, Cell>;
  signed: Set<number>;
  cardIds: Set<number>;
  started: Set<number>;
  /** Admins' changes with a reason to a locked card or a finalised round: they go in the audit log. */
  edits: LiveEdit[];
};

export const refused = (id: string, code: LiveErrorCode, error: string): ChangeResult => ({ id, status: "refused", code, error });

export type ChangeContext = {
  sql: SqlStorage;
  caller: Caller;
  now: number;
  /** Each cardmate's PIN, checked before the batch (./pin-checks.ts: hashing is not synchronous). */
  pins: Map<string, PinCheck>;
  /** The round's hole count, and whether it is finalised, as the batch began. */
  holes: number;
  finalized: boolean;
  out: BatchOutcome;
};
