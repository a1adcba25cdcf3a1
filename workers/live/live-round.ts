import { DurableObject } from "cloudflare:workers";
import { FLUSH_MS, flush, queueUpdate, tellCards, tellPots } from "./broadcast";
import { type FinalizeAnswer, finalizeRound } from "./finalize";
import { type LiveDeps, LiveRefusal, ensureRoster, refreshAside, reloadRoster, rosterStale } from "./roster";
import { roundRow } from "./roster-store";
import { createSchema } from "./schema";
import type { Caller } from "./change-context";
import { type LogRow, changesAfter } from "./change-log";
import { type SocketInfo, acceptSocket, callerOf, readFrame, send, viewOf } from "./sockets";
import { type Touched, type View, fullState } from "./state-view";
import { startAside, submitChanges, submitNow } from "./submit";
import type { LiveState } from "~/lib/live-state";
import type { PotView } from "~/lib/side-pots";
import { ANOTHER_LOGIN, type Change, type ChangeResult, type LiveAnswer } from "~/schemas/live";

// One Durable Object per live round (ADR 26), named "round:<id>": it holds the round's
// live scores in its own SQLite and takes every change one at a time, from the phones'
// hibernatable WebSockets and from the Worker's POST fallback. The Worker authenticates
// every caller and tells it who is calling; nothing reaches it otherwise.

/** The header in which the Worker hands an upgrade's SocketInfo to the object. */
export const SOCKET_INFO_HEADER = "x-live-socket";

export class LiveRound extends DurableObject<Env> {
  /** Cards being started in D1 right now (./submit.ts startAside): work in flight, not round state. */
  private readonly starting = new Map<number, Promise<void>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Kept cheap: it runs again on every wake from hibernation.
    createSchema(ctx.storage.sql);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  private get deps(): LiveDeps {
    const { storage, exports } = this.ctx;
    return {
      sql: storage.sql,
      storage,
      env: this.env,
      exports,
      now: () => Math.floor(Date.now() / 1000),
      background: (work) => this.ctx.waitUntil(work),
      starting: this.starting,
    };
  }

  /** Runs `work` with no other event in between (a D1 read may sit inside it), answering refusals and failures as such. */
  private serially<T>(work: () => Promise<T>): Promise<LiveAnswer<T>> {
    return this.ctx.blockConcurrencyWhile(async (): Promise<LiveAnswer<T>> => {
      try {
        return { ok: true, value: await work() };
      } catch (err) {
        if (err instanceof LiveRefusal) return { ok: false, code: err.code, error: err.message };
        // A throw out of blockConcurrencyWhile would reset the object: answer it instead.
        console.error("Live round failed", err);
        return { ok: false, code: "internal", error: "The live round could not do that. Please try again." };
      }
    });
  }

  /** A socket from the Worker's GET /api/live/{roundId}/ws, already authenticated. */
  override async fetch(request: Request): Promise<Response> {
    const info = JSON.parse(request.headers.get(SOCKET_INFO_HEADER) ?? "null") as SocketInfo | null;
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !info)
      return new Response("Expected a WebSocket", { status: 426 });
    const state = await this.state(info.roundId, viewOf(info.viewer));
    if (!state.ok) return Response.json({ error: state.error, code: state.code }, { status: state.code === "not_found" ? 404 : 500 });
    return acceptSocket(this.ctx, info, state.value);
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const info = ws.deserializeAttachment() as SocketInfo;
    const frame = readFrame(data);
    if (!frame.ok) return send(ws, { type: "error", error: frame.error, code: frame.code });
    if (frame.message.type === "state") {
      const state = fullState(this.ctx.storage.sql, viewOf(info.viewer));
      return send(ws, state ? { type: "state", state } : { type: "error", error: "Round not found", code: "not_found" });
    }
    const caller = callerOf(info);
    if (!caller)
      return send(ws, { type: "error", error: "Spectators only watch: log in as a player on a card to score.", code: "forbidden" });
    if (frame.message.by !== undefined && frame.message.by !== caller.userId)
      return send(ws, { type: "error", error: ANOTHER_LOGIN, code: "unauthorized" });
    const answer = await this.submit(caller, info.roundId, frame.message.changes, ws);
    if (!answer.ok) send(ws, { type: "error", error: answer.error, code: answer.code });
  }

  /**
   * Applies a batch in its order and tells every socket what changed. `from`: the socket it
   * came on, answered first. A batch that needs nothing from D1 is taken in one synchronous
   * step; a card's first waits for its start while other cards' go on; any other waits for
   * D1 with every other event held back (./submit.ts).
   */
  async submit(caller: Caller, roundId: number, changes: Change[], from?: WebSocket): Promise<LiveAnswer<ChangeResult[]>> {
    let now = submitNow(this.deps, caller, roundId, changes);
    let started: number[] = [];
    if (typeof now === "object" && "start" in now) {
      started = await startAside(this.deps, caller, roundId, now.start);
      now = submitNow(this.deps, caller, roundId, changes);
    }
    const answer =
      typeof now === "object" && "results" in now
        ? ({ ok: true, value: now } as const)
        : await this.serially(() => submitChanges(this.deps, caller, roundId, changes));
    if (!answer.ok) return answer;
    const out = answer.value;
    if (from) send(from, { type: "ack", results: out.results });
    this.tell(
      { cells: [...out.cells.values()], signed: [...out.signed], cardIds: [...out.cardIds], started: [...started, ...out.started] },
      from,
    );
    return { ok: true, value: out.results };
  }

  /** The changed cards' phones now, everyone with the next update (./broadcast.ts): the alarm is set when the first change waits. */
  private tell(touched: Touched, from?: WebSocket): void {
    const { sql } = this.ctx.storage;
    tellCards(this.ctx, sql, touched, from);
    if (queueUpdate(sql, touched)) {
      this.ctx.storage.setAlarm(Date.now() + FLUSH_MS).catch((err) => console.error("Could not set the live round's alarm", err));
    }
  }

  /** The next update for every socket: what changed since the last one. */
  override async alarm(): Promise<void> {
    flush(this.ctx, this.ctx.storage.sql);
  }

  /** The whole round as `view` shows it (GET /api/live/{roundId}, a socket's welcome): read at once once the round is known here. */
  async state(roundId: number, view: View): Promise<LiveAnswer<LiveState>> {
    const d = this.deps;
    if (roundRow(d.sql)?.roundId !== roundId) {
      const loaded = await this.serially(() => ensureRoster(d, roundId));
      if (!loaded.ok) return loaded;
    } else if (rosterStale(d)) refreshAside(d, roundId);
    const state = fullState(d.sql, view);
    return state?.roundId === roundId ? { ok: true, value: state } : { ok: false, code: "not_found", error: "Round not found" };
  }

  /**
   * The round's cards changed in D1 (a withdrawal, ADR 34): read them again now and send the
   * changed cards' players whole (a `started` card's way), so no view keeps a withdrawn player.
   * An object that has not read this round yet reads it fresh when first asked.
   */
  async rosterChanged(roundId: number): Promise<LiveAnswer<number[]>> {
    if (roundRow(this.ctx.storage.sql)?.roundId !== roundId) return { ok: true, value: [] };
    const answer = await this.serially(() => reloadRoster(this.deps, roundId));
    if (answer.ok && answer.value.length > 0) this.tell({ cells: [], signed: [], cardIds: [], started: answer.value });
    return answer;
  }

  /** The admin's finalise: the totals into the round's results (./finalize.ts). */
  async finalize(caller: Caller, roundId: number, confirmUnsigned: boolean): Promise<LiveAnswer<FinalizeAnswer>> {
    const answer = await this.serially(() => finalizeRound(this.deps, caller, roundId, confirmUnsigned));
    // Every socket learns the round is final (the update's finalizedAt).
    if (answer.ok) flush(this.ctx, this.ctx.storage.sql, true);
    return answer;
  }

  /** The round's side pots after a mark or a settle (app/.server/services/live/live-pots.ts), for its followers. */
  async pots(roundId: number, pots: PotView[]): Promise<void> {
    if (roundRow(this.ctx.storage.sql)?.roundId === roundId) tellPots(this.ctx, pots);
  }

  /** The change log after `after`, for an admin's history of the round. */
  async log(roundId: number, after: number, limit: number): Promise<LiveAnswer<LogRow[]>> {
    const known = roundRow(this.ctx.storage.sql)?.roundId;
    return known === undefined || known === roundId
      ? { ok: true, value: changesAfter(this.ctx.storage.sql, after, limit) }
      : { ok: false, code: "not_found", error: "Round not found" };
  }
}
