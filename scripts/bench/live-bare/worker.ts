import { DurableObject } from "cloudflare:workers";

// The floor of the live bench: GET /api/live/{id}/ws reaches a Durable Object per round,
// as in the app, which accepts hibernatable sockets and answers "ping" with "pong". It
// acks each frame of changes with a seq per change, sends the changes at once to the
// sender's card's sockets (`?card=` tags them), and every 250 ms (an alarm, as the app)
// one update of all changes since the last to every socket. No authentication, no rules,
// no state but the counters and what waits for the next update. Of the bench's flood it
// reads every frame and answers the least: no answer to "state" (it has none to send), an
// error frame to a change naming the flood's unknown player (../live/flood.mjs).

type Env = { BARE_ROUND: DurableObjectNamespace<BareRound> };
type Frame = { type: string; changes?: { id: string; entryId?: number }[] };

/** ../live/flood.mjs UNKNOWN_ENTRY: entry ids from here on name no one. */
const UNKNOWN_ENTRY = 2_000_000_000;

const FLUSH_MS = 250;

export class BareRound extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override fetch(request: Request): Response {
    const url = new URL(request.url);
    const card = url.searchParams.get("card");
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, url.searchParams.get("as") === "spectator" ? ["spectator"] : ["scorer", `card:${card}`]);
    server.send(JSON.stringify({ type: "welcome" }));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const { kv } = this.ctx.storage;
    const frame = JSON.parse(String(data)) as Frame;
    if (frame.type === "state") return;
    const changes = frame.changes ?? [];
    if (changes.some((c) => (c.entryId ?? 0) >= UNKNOWN_ENTRY)) {
      this.send(ws, JSON.stringify({ type: "error", error: "That player is not on this round's cards.", code: "not_found" }));
      return;
    }
    const fromSeq = (kv.get<number>("seq") ?? 0) + 1;
    kv.put("seq", fromSeq + changes.length - 1);
    kv.put("waiting", [...(kv.get<unknown[]>("waiting") ?? []), ...changes]);
    ws.send(JSON.stringify({ type: "ack", results: changes.map((c, i) => ({ id: c.id, status: "applied", seq: fromSeq + i })) }));
    const card = this.ctx.getTags(ws).find((t) => t.startsWith("card:"));
    const now = JSON.stringify({ type: "card", update: { changes } });
    for (const socket of card ? this.ctx.getWebSockets(card) : []) this.send(socket, now);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + FLUSH_MS);
  }

  override alarm(): void {
    const { kv } = this.ctx.storage;
    const seq = kv.get<number>("seq") ?? 0;
    const fromSeq = (kv.get<number>("flushed") ?? 0) + 1;
    const update = JSON.stringify({ type: "update", update: { fromSeq, seq, changes: kv.get("waiting") ?? [] } });
    for (const socket of this.ctx.getWebSockets()) this.send(socket, update);
    kv.put("flushed", seq);
    kv.put("waiting", []);
  }

  private send(socket: WebSocket, frame: string): void {
    try {
      socket.send(frame);
    } catch {}
  }
}

export default {
  fetch(request: Request, env: Env): Response | Promise<Response> {
    const m = /^\/api\/live\/(\d+)\/ws$/.exec(new URL(request.url).pathname);
    if (!m || request.headers.get("Upgrade") !== "websocket") return new Response("Not found", { status: 404 });
    return env.BARE_ROUND.getByName(`round:${m[1]}`).fetch(request);
  },
};
