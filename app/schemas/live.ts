import { z } from "./zod";
import type { LiveState } from "../lib/live/live-state";
import type { LiveUpdate } from "../lib/live/live-update";
import type { PotView } from "../lib/sidepots/side-pots";

// The live scoring protocol (ADR 26): what a phone sends the round's server, over its
// WebSocket (GET /api/live/{roundId}/ws) or, when a socket cannot open, as a plain POST
// (/api/live/{roundId}/changes, body `{ changes }`), and what the server answers.
//
// A change is one thing a scorer entered, made on the phone with its own id (any 8–64
// letters, digits, - or _; a UUID will do) and the phone's time. The server applies a
// batch in its order and answers each change: "applied" with its place in the server's
// sequence, "duplicate" (the id was applied before: the original outcome, nothing done
// again) or "refused" with a readable error. A phone keeps each change in its outbox until
// it is answered, sends the outbox oldest first, and may resend anything at any time.
//
// Socket frames are JSON text, at most LIVE_LIMITS.messageBytes; the text "ping" is
// answered "pong" without waking the server (send one every few seconds: a socket whose
// pongs stop is dead even if the browser still says open).

export const LIVE_LIMITS = {
  /** The largest socket frame (or POST body) the server reads. */
  messageBytes: 64 * 1024,
  /** Changes in one batch: a whole round of a five-player card, twice over. */
  batch: 300,
  strokes: { min: 1, max: 20 },
  penalty: { min: 0, max: 10 },
  reason: { min: 3, max: 300 },
  // What one caller may cost the round (ADR 35): the server's, listed here with the rest.
  /** A spectator socket's "state" answers: one per this many ms, later asks answered once when it is up. */
  spectatorStateMs: 5_000,
  /** Open sockets per round: spectators per client address, scorer sockets per user. */
  spectatorsPerAddress: 50,
  scorerSocketsPerUser: 3,
  /** A socket with this many refused frames within the window is closed (1008); a scorer's user then waits `pauseMs` to open another. */
  refusedFrames: { max: 20, windowMs: 60_000, pauseMs: 10_000 },
  /** A change naming a player the round does not know reads its cards again at most this often. */
  rereadMs: 10_000,
  /** Changes a card takes from its players, per cell and in all (an admin's are always taken). */
  changesPerCell: 20,
  changesPerCard: 3_000,
} as const;

const changeId = z
  .string({ error: "Each change needs an id (8 to 64 letters, digits, - or _)" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "Each change needs an id (8 to 64 letters, digits, - or _)");

/** The phone's clock when the change was made, epoch seconds (2000–2100). */
const madeAt = z
  .number({ error: "at must be the time the change was made, in seconds since 1970" })
  .int("at must be whole seconds")
  .min(946_684_800, "at must be a time between 2000 and 2100")
  .max(4_102_444_800, "at must be a time between 2000 and 2100");

const entryId = z
  .number({ error: "entryId must be the entry id of a player on the card" })
  .int("entryId must be a whole number")
  .positive("entryId must be positive")
  .max(Number.MAX_SAFE_INTEGER, "entryId is too large");

const hole = z
  .number({ error: "hole must be a hole number" })
  .int("hole must be a whole number")
  .min(1, "hole starts at 1")
  .max(27, "hole is at most 27");

const whole = (what: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${what} must be a number from ${min} to ${max}` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be from ${min} to ${max}`)
    .max(max, `${what} must be from ${min} to ${max}`);

/** Only an admin gives one: it lets them change a signed card or a finalised round, and goes in the audit log. */
const reason = z
  .string({ error: "reason must be text" })
  .trim()
  .min(LIVE_LIMITS.reason.min, `Give a reason of at least ${LIVE_LIMITS.reason.min} characters`)
  .max(LIVE_LIMITS.reason.max, `Keep the reason to ${LIVE_LIMITS.reason.max} characters`)
  .optional();

const base = { id: changeId, at: madeAt, entryId, reason };

/**
 * `settle: true` says the card agrees on this value: it replaces every scorer's value for
 * that hole, which clears the flag a disagreement raised. Without it a scorer's value is
 * theirs alone, and a hole where two scorers' values differ is flagged.
 */
const settle = z.boolean({ error: "settle must be true or false" }).optional();

export const ChangeSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ ...base, kind: z.literal("strokes"), hole, strokes: whole("strokes", LIVE_LIMITS.strokes), settle }),
    z.object({ ...base, kind: z.literal("penalty"), hole, penalty: whole("penalty", LIVE_LIMITS.penalty), settle }),
    z.object({ ...base, kind: z.literal("dnf"), dnf: z.boolean({ error: "dnf must be true or false" }), settle }),
    // The player's total confirmed: from their own session, by a cardmate with `pin` (the
    // player's 4-digit scoring PIN), or by an admin.
    z.object({
      ...base,
      kind: z.literal("signoff"),
      pin: z
        .string({ error: "pin must be 4 digits" })
        .regex(/^\d{4}$/, "pin must be 4 digits")
        .optional(),
    }),
  ],
  { error: "kind must be strokes, penalty, dnf or signoff" },
);

export type Change = z.infer<typeof ChangeSchema>;

const changes = z
  .array(ChangeSchema, { error: "changes must be a list" })
  .min(1, "Send at least one change")
  .max(LIVE_LIMITS.batch, `Send at most ${LIVE_LIMITS.batch} changes at a time`);

/**
 * Who made the batch's changes (their user id). A phone shared in turn keeps each login's
 * changes apart: one sent under another login's session is refused whole (unauthorized), and
 * waits on the phone for its own login.
 */
const by = z
  .number({ error: "by must be the user id of who made the changes" })
  .int("by must be a whole number")
  .positive("by must be positive")
  .max(Number.MAX_SAFE_INTEGER, "by is too large")
  .optional();

export const ANOTHER_LOGIN = "These scores were made under another login on this phone: they wait on it for that login.";

/** POST /api/live/{roundId}/changes. */
export const ChangeBatchSchema = z.object({ changes, by });

/** A socket frame from a phone or a spectator: a batch of changes, or a request for the whole state again. */
export const ClientMessageSchema = z.discriminatedUnion(
  "type",
  [z.object({ type: z.literal("changes"), changes, by }), z.object({ type: z.literal("state") })],
  {
    error: 'type must be "changes" or "state"',
  },
);

export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** POST /api/admin/live/{roundId}/finalize: `confirmUnsigned` finalises cards that are not all signed (or not started) as they stand. */
export const FinalizeSchema = z.object({ confirmUnsigned: z.boolean({ error: "confirmUnsigned must be true or false" }).optional() });

export type LiveErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "payload_too_large"
  | "internal";

/** What the round's object answers a call: the value, or a refusal the /api turns into its error. */
export type LiveAnswer<T> = { ok: true; value: T } | { ok: false; code: LiveErrorCode; error: string };

export type ChangeResult =
  | { id: string; status: "applied" | "duplicate"; seq: number }
  | { id: string; status: "refused"; error: string; code: LiveErrorCode };

/** Who the server took the socket for. `cardIds`: the cards they may score (an admin: every card, []). */
export type LiveViewer = { role: "admin" | "player" | "spectator"; userId: number | null; playerId: number | null; cardIds: number[] };

/**
 * Frames the server sends: `welcome` once the socket opens (the whole state), `ack` for
 * each `changes` frame (one result per change, in order), `update` to every socket a few
 * times a second while changes come in (app/lib/live/live-update.ts applyUpdate), `card` at once
 * to a card's phones when their card changed (applyCardUpdate), `state` when asked for,
 * `error` for a frame it could not read or may not take (nothing of it applied), and to
 * spectators `pots`, the round's side pots (ADR 30) after a CTP is marked or settled.
 */
export type ServerMessage =
  | { type: "welcome"; you: LiveViewer; state: LiveState }
  | { type: "ack"; results: ChangeResult[] }
  | { type: "update"; update: LiveUpdate }
  | { type: "card"; update: LiveUpdate }
  | { type: "state"; state: LiveState }
  | { type: "error"; error: string; code: LiveErrorCode }
  | { type: "pots"; pots: PotView[] };
