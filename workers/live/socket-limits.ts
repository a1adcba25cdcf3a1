import { clockAt, setClock, wakeBy } from "./clocks";
import { type SocketInfo, type SocketState, addressTag, send, socketTag, userTag } from "./sockets";
import { LIVE_LIMITS, type LiveErrorCode } from "~/schemas/live";

// What one socket may cost the round (ADR 35). Everything counted is kept where hibernation
// keeps it: open sockets are counted by their tags, a socket's refused frames and last state
// answer in its attachment, the state answers owed and a closed scorer's pause in the
// object's SQLite.

const { spectatorsPerAddress, scorerSocketsPerUser, spectatorStateMs, refusedFrames } = LIVE_LIMITS;

const pauseClock = (userId: number | null) => `paused:${userTag(userId)}`;
const tooMany = (error: string) => Response.json({ error, code: "rate_limited" }, { status: 429 });

/**
 * The 429 for a new socket whose address has its spectators open already, or whose user has
 * their scorer sockets open or had one closed for refused frames within 10 s (each new
 * socket costs the round a whole state); null when it may open.
 */
export function tooManySockets(ctx: DurableObjectState, info: SocketInfo): Response | null {
  if (info.viewer.role === "spectator") {
    if (ctx.getWebSockets(addressTag(info.address)).length < spectatorsPerAddress) return null;
    return tooMany(`This address already follows this round on ${spectatorsPerAddress} sockets: close one first.`);
  }
  const pausedUntil = clockAt(ctx.storage.sql, pauseClock(info.viewer.userId)) ?? 0;
  if (pausedUntil > Date.now()) {
    const seconds = Math.ceil((pausedUntil - Date.now()) / 1000);
    return tooMany(`Your last socket sent too many frames the server refused: open a new one in ${seconds} s.`);
  }
  if (ctx.getWebSockets(userTag(info.viewer.userId)).length < scorerSocketsPerUser) return null;
  return tooMany(`You already have ${scorerSocketsPerUser} scoring sockets open on this round: close one first.`);
}

/**
 * Answers a frame the server refuses, and counts it: the socket's 20th refusal within a
 * minute closes it (1008), and a scorer's user waits 10 s to open another. Call it from the
 * socket's own webSocketMessage: a close from any other event waits until the object
 * hibernates. A failure of the server's own is not counted.
 */
export function refuseFrame(ctx: DurableObjectState, ws: WebSocket, code: LiveErrorCode, error: string): void {
  send(ws, { type: "error", error, code });
  if (code === "internal") return;
  // Read again here, not before an await: another frame of this socket may have been counted meanwhile.
  const state = ws.deserializeAttachment() as SocketState;
  const now = Date.now();
  const recent = [...(state.refused ?? []).filter((at) => now - at < refusedFrames.windowMs), now].slice(-refusedFrames.max);
  if (recent.length >= refusedFrames.max) {
    if (state.viewer.role !== "spectator") setClock(ctx.storage.sql, pauseClock(state.viewer.userId), now + refusedFrames.pauseMs);
    ws.close(1008, "Too many refused frames: open a new socket and send valid ones");
    return;
  }
  ws.serializeAttachment({ ...state, refused: recent });
}

/**
 * Whether a spectator's "state" is answered now: its last answer is 5 s old. Otherwise one
 * answer is owed when the 5 s are up, however many it asks for meanwhile (the alarm sends it).
 */
export function stateNow(ctx: DurableObjectState, ws: WebSocket): boolean {
  const state = ws.deserializeAttachment() as SocketState;
  const now = Date.now();
  // A socket opened before these limits has no id to be found by later: answered at once.
  if (state.id === undefined || now - (state.stateAt ?? 0) >= spectatorStateMs) {
    ws.serializeAttachment({ ...state, stateAt: now });
    return true;
  }
  const due = state.stateAt + spectatorStateMs;
  const owed = ctx.storage.sql.exec("insert or ignore into state_waits (socket, due) values (?, ?)", state.id, due).rowsWritten > 0;
  if (owed) wakeBy(ctx, due);
  return false;
}

/** Sends the state owed to each spectator whose 5 s are up (`frame`: the public state's frame). When the next is due, or null. */
export function answerOwedStates(ctx: DurableObjectState, frame: () => string): number | null {
  const { sql } = ctx.storage;
  const now = Date.now();
  const due = sql.exec<{ socket: string }>("select socket from state_waits where due <= ?", now).toArray();
  if (due.length > 0) {
    const text = frame();
    for (const { socket } of due) {
      for (const ws of ctx.getWebSockets(socketTag(socket))) {
        send(ws, text);
        ws.serializeAttachment({ ...(ws.deserializeAttachment() as SocketState), stateAt: now });
      }
    }
    sql.exec("delete from state_waits where due <= ?", now);
  }
  return sql.exec<{ due: number | null }>("select min(due) as due from state_waits").one().due;
}
