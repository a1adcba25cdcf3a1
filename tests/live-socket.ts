// A live round's WebSocket as a phone or spectator opens it (ADR 26), through the test
// Worker's real fetch: every frame it receives is kept in order, and a test waits for the
// next frame of a type.
import { exports } from "cloudflare:workers";
import { APP_ORIGIN } from "./auth-fixtures";
import type { ServerMessage } from "~/schemas/live";

/** A WebSocket on the live round through the Worker, every frame it receives kept in order. */
export class LiveSocket {
  readonly frames: ServerMessage[] = [];
  private waiters: (() => void)[] = [];
  /** The server's close, once it came: its code and reason. */
  closedWith: { code: number; reason: string } | null = null;
  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      this.frames.push(event.data === "pong" ? ({ type: "pong" } as unknown as ServerMessage) : JSON.parse(String(event.data)));
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.addEventListener("close", (event) => {
      this.closedWith = { code: event.code, reason: event.reason };
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** The server's close, waiting for it up to `ms`. */
  async closed(ms = 5_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + ms;
    while (!this.closedWith) {
      if (Date.now() > deadline) throw new Error(`not closed within ${ms} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.closedWith;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** The first frame from index `from` on that `match` accepts, waiting for it up to `ms`. */
  async next<T extends ServerMessage["type"] | "pong">(
    type: T,
    from = 0,
    ms = 5_000,
  ): Promise<Extract<ServerMessage, { type: T }> & { at: number }> {
    const deadline = Date.now() + ms;
    for (;;) {
      const at = this.frames.findIndex((f, i) => i >= from && f.type === type);
      if (at >= 0) return { ...(this.frames[at] as Extract<ServerMessage, { type: T }>), at };
      if (Date.now() > deadline) throw new Error(`no ${type} frame within ${ms} ms; got ${JSON.stringify(this.frames.map((f) => f.type))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Sends a frame and waits for the next frame of `type` after it. */
  async ask<T extends ServerMessage["type"] | "pong">(frame: unknown, type: T) {
    const from = this.frames.length;
    this.send(frame);
    return this.next(type, from);
  }

  close(): void {
    try {
      this.ws.close(1000, "done");
    } catch {}
  }
}

/** Opens a socket: the LiveSocket, or the refusal's status and body. `base`: a league's path (`/l/{slug}`), the root without. */
export async function openSocket(
  roundId: number,
  opts: { token?: string; cookie?: string; origin?: string | null; spectator?: boolean; ip?: string; base?: string } = {},
): Promise<LiveSocket | { status: number; body: any }> {
  const headers = new Headers({ Upgrade: "websocket" });
  // Cloudflare's client address; without one the Worker counts the socket as "local".
  if (opts.ip) headers.set("CF-Connecting-IP", opts.ip);
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.cookie) headers.set("Cookie", `__Host-session=${opts.cookie}`);
  const origin = opts.origin === undefined ? APP_ORIGIN : opts.origin;
  if (origin !== null) headers.set("Origin", origin);
  const res = await exports.default.fetch(
    new Request(`http://localhost${opts.base ?? ""}/api/live/${roundId}/ws${opts.spectator ? "?as=spectator" : ""}`, { headers }),
  );
  if (res.status !== 101 || !res.webSocket) return { status: res.status, body: await res.json() };
  res.webSocket.accept();
  return new LiveSocket(res.webSocket);
}

export async function socketOf(roundId: number, opts: Parameters<typeof openSocket>[1] = {}): Promise<LiveSocket> {
  const socket = await openSocket(roundId, opts);
  if (!(socket instanceof LiveSocket)) throw new Error(`the socket was refused: ${socket.status} ${JSON.stringify(socket.body)}`);
  await socket.next("welcome");
  return socket;
}
