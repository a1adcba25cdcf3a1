import type { Caller } from "./change-context";
import type { View } from "./state-view";
import type { LiveState } from "~/lib/live-state";
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
// with an error frame, never a crash or a closed socket.

/** What a socket is, as the Worker authenticated it at the upgrade. */
export type SocketInfo = { roundId: number; viewer: LiveViewer; name: string };

export const SPECTATOR_TAG = "spectator";
export const SCORER_TAG = "scorer";

/** Tags to find sockets by: every scorer (admins too), each card's phones, spectators. */
export function tagsOf(viewer: LiveViewer): string[] {
  if (viewer.role === "spectator") return [SPECTATOR_TAG];
  return [SCORER_TAG, ...(viewer.role === "admin" ? ["admin"] : viewer.cardIds.map((id) => `card:${id}`))];
}

export const viewOf = (viewer: LiveViewer): View => (viewer.role === "spectator" ? "public" : "scorer");

/** The caller behind a scorer's socket; null for a spectator. */
export function callerOf(info: SocketInfo): Caller | null {
  const { viewer } = info;
  if (viewer.role === "spectator" || viewer.userId === null) return null;
  return { userId: viewer.userId, name: info.name, role: viewer.role, playerId: viewer.playerId };
}

type Frame = { ok: true; message: ClientMessage } | { ok: false; code: LiveErrorCode; error: string };

const bad = (error: string, code: LiveErrorCode = "bad_request"): Frame => ({ ok: false, code, error });

/** A frame as the protocol reads it: text, within the size limit, JSON, and one of the client's messages. */
export function readFrame(data: string | ArrayBuffer): Frame {
  if (typeof data !== "string") return bad("Send text frames of JSON, not binary ones.");
  // A UTF-8 character is at most 3 bytes per UTF-16 unit: count exactly only near the limit.
  if (data.length * 3 > LIVE_LIMITS.messageBytes && new TextEncoder().encode(data).byteLength > LIVE_LIMITS.messageBytes) {
    return bad(
      `That frame is too large (the limit is ${LIVE_LIMITS.messageBytes / 1024} KB): send fewer changes at a time.`,
      "payload_too_large",
    );
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
  ctx.acceptWebSocket(server, tagsOf(info.viewer));
  server.serializeAttachment(info);
  send(server, { type: "welcome", you: info.viewer, state });
  return new Response(null, { status: 101, webSocket: client });
}
