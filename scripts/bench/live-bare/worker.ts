import { DurableObject } from "cloudflare:workers";

// The floor of the live bench: GET /api/live/{id}/ws reaches a Durable Object per round,
// as in the app, which accepts hibernatable sockets, answers "ping" with "pong", acks each
// frame of changes with a seq per change and sends every socket an update of the changes.
// No authentication, no rules, no state but the counter.

type Env = { BARE_ROUND: DurableObjectNamespace<BareRound> };
type Frame = { type: string; changes?: { id: string }[] };

export class BareRound extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override fetch(request: Request): Response {
    const spectator = new URL(request.url).searchParams.get("as") === "spectator";
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [spectator ? "spectator" : "scorer"]);
    server.send(JSON.stringify({ type: "welcome" }));
    return new Response(null, { status: 101, webSocket: client });
  }

  override webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): void {
    const frame = JSON.parse(String(data)) as Frame;
    const changes = frame.changes ?? [];
    const fromSeq = (this.ctx.storage.kv.get<number>("seq") ?? 0) + 1;
    const seq = fromSeq + changes.length - 1;
    this.ctx.storage.kv.put("seq", seq);
    ws.send(JSON.stringify({ type: "ack", results: changes.map((c, i) => ({ id: c.id, status: "applied", seq: fromSeq + i })) }));
    const update = JSON.stringify({ type: "update", update: { fromSeq, seq, changes } });
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(update);
      } catch {}
    }
  }
}

export default {
  fetch(request: Request, env: Env): Response | Promise<Response> {
    const m = /^\/api\/live\/(\d+)\/ws$/.exec(new URL(request.url).pathname);
    if (!m || request.headers.get("Upgrade") !== "websocket") return new Response("Not found", { status: 404 });
    return env.BARE_ROUND.getByName(`round:${m[1]}`).fetch(request);
  },
};
