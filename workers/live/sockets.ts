import type { Caller } from "./change-context";
import type { View } from "./state-view";
import type { LiveState } from "~/lib/live/live-state";
import {
  type ClientMessage,
  ClientMessageSchema,
  LIVE_LIMITS,
  type LiveErrorCode,
  type LiveViewer,
  type ServerMessage,
} from "~/schemas/live";

// The round's sockets: who each one is (kept in its attachment, which hibernation keeps),
// reading a frame safely, and sending. Every frame is validated; a bad one is answered
// with an error frame, never a crash (./socket-limits.ts closes a socket that keeps
// sending them).

/** What a socket is, as the Worker authenticated it at the upgrade, and the client address it came from. */
export type SocketInfo = { leagueId: number; roundId: number; viewer: LiveViewer; name: string; address: string };

/** A socket's attachment: who it is, its own id, its last "state" answer (epoch ms) and its recent refused frames. */
export type SocketState = SocketInfo & { id: string; stateAt: number; refused: number[] };

export const SPECTATOR_TAG = "spectator";
export const SCORER_TAG = "scorer";
export const ADMIN_TAG = "admin";
export const addressTag = (address: string) => `addr:${address}`;
export const userTag = (userId: number | null) => `user:${userId}`;
export const socketTag = (id: string) => `sock:${id}`;

/**
 * Tags to find sockets by: every scorer (admins too), each card's phones, spectators, and
 * to count and reach them one by one: a spectator's address and own id, a scorer's user.
 */
export function tagsOf(info: SocketInfo, id: string): string[] {
  const { viewer } = info;
  if (viewer.role === "spectator") return [SPECTATOR_TAG, addressTag(info.address), socketTag(id)];
  const cards = viewer.role === "admin" ? [ADMIN_TAG] : viewer.cardIds.map((cardId) => `card:${cardId}`);
  return [SCORER_TAG, userTag(viewer.userId), ...cards];
}

/** What the socket may see (./state-view.ts): an admin all, a player their own cards' flags, a spectator the public state. */
export function viewOf(viewer: LiveViewer): View {
  if (viewer.role === "spectator") return "public";
  return viewer.role === "admin" ? "admin" : { cardIds: viewer.cardIds };
}

/** The caller behind a scorer's socket; null for a spectator. */
export function callerOf(info: SocketInfo): Caller | null {
  const { viewer } = info;
  if (viewer.role === "spectator" || viewer.userId === null) return null;
  return { userId: viewer.userId, name: info.name, role: viewer.role, playerId: viewer.playerId, address: info.address };
}

type Frame = { ok: true; message: ClientMessage } | { ok: false; code: LiveErrorCode; error: string };

const bad = (error: string, code: LiveErrorCode = "bad_request"): Frame => ({ ok: false, code, error });

/** A frame as the protocol reads it: text, within the size limit (by its length, before parsing), JSON, and one of the client's messages. */
export function readFrame(data: string | ArrayBuffer): Frame {
  if (typeof data !== "string") return bad("Send text frames of JSON, not binary ones.");
  // A UTF-16 unit is 1 to 3 bytes of UTF-8: over the limit in units is over it in bytes, and
  // only a frame between the two bounds is measured exactly.
  const limit = LIVE_LIMITS.messageBytes;
  if (data.length > limit || (data.length * 3 > limit && new TextEncoder().encode(data).byteLength > limit)) {
    return bad(`That frame is too large (the limit is ${limit / 1024} KB): send fewer changes at a time.`, "payload_too_large");
  }
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return bad("That frame is not JSON.");
  }
  const parsed = ClientMessageSchema.safeParse(json);
  if (!parsed.success) return bad(parsed.error.issues[0]?.message ?? "That frame is not one the server reads.");
  return { ok: true, message: parsed.data };
}

/** Sends, ignoring a socket that is closing: its phone will ask for the state again when it reconnects. */
export function send(ws: WebSocket, message: ServerMessage | string): void {
  try {
    ws.send(typeof message === "string" ? message : JSON.stringify(message));
  } catch {
    // Closed or closing.
  }
}

/** Takes the socket as `info` says who it is (tags and attachment survive hibernation), and welcomes it with the state. */
export function acceptSocket(ctx: DurableObjectState, info: SocketInfo, state: LiveState): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  const id = crypto.randomUUID();
  ctx.acceptWebSocket(server, tagsOf(info, id));
  server.serializeAttachment({ ...info, id, stateAt: 0, refused: [] } satisfies SocketState);
  send(server, { type: "welcome", you: info.viewer, state });
  return new Response(null, { status: 101, webSocket: client });
}
