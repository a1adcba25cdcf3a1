import { DurableObject } from "cloudflare:workers";
import { FLUSH_MS, flush, queueUpdate, tellCards, tellPots } from "./broadcast";
import { alarmRan, wakeBy } from "./clocks";
import { type FinalizeAnswer, finalizeRound } from "./finalize";
import { type CardHoles, type EndEarlyAnswer, type EndEarlyAsk, earlyCardHoles, endRoundEarly } from "./end-early";
import { type LiveDeps, ensureRoster, refreshAside, reloadRoster, rosterStale } from "./roster";
import { roundRow } from "./roster-store";
import { ROUND_NOT_FOUND, keptLeague, leagueAllowed } from "./league";
import { createSchema } from "./schema";
import { serially } from "./serially";
import type { Caller } from "./change-context";
import { type LogRow, changesAfter } from "./change-log";
import { rereadRoster, rosterBefore } from "./reread";
import { answerOwedStates, refuseFrame, stateNow, tooManySockets } from "./socket-limits";
import { type SocketInfo, type SocketState, acceptSocket, callerOf, readFrame, send, viewOf } from "./sockets";
import { type Touched, type View, fullState } from "./state-view";
import { startAside, submitChanges, submitNow } from "./submit";
import type { LiveState } from "~/lib/live/live-state";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import type { PotView } from "~/lib/sidepots/side-pots";
import { ANOTHER_LOGIN, type Change, type ChangeResult, type LiveAnswer } from "~/schemas/live";

// One Durable Object per live round (ADR 26), named with its league and round (ADR 46,
// app/.server/services/live/live-object.ts `liveRoundName`): it holds the round's
// live scores in its own SQLite and takes every change one at a time, from the phones'
// hibernatable WebSockets and from the Worker's POST fallback. The Worker authenticates
// every caller and tells it who is calling and in which league (./league.ts); nothing
// reaches it otherwise.

/** The header in which the Worker hands an upgrade's SocketInfo to the object. */
export const SOCKET_INFO_HEADER = "x-live-socket";

export class LiveRound extends DurableObject<Env> {
  /** D1 work in flight, not round state: cards being started (./submit.ts startAside), the cards read again (./reread.ts). */
  private readonly starting = new Map<number, Promise<void>>();
  private readonly reading: LiveDeps["reading"] = { roster: null };

  /** Emptied by `forget`: the tables are made again before the next use. */
  private emptied = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Kept cheap: it runs again on every wake from hibernation.
    createSchema(ctx.storage.sql);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** The object's SQLite, its tables made again if `forget` emptied it. */
  private get sql(): SqlStorage {
    if (this.emptied) {
      createSchema(this.ctx.storage.sql);
      this.emptied = false;
    }
    return this.ctx.storage.sql;
  }

  /** What a call in `leagueId` works with; null when the object keeps another league (./league.ts). */
  private depsIn(leagueId: number): LiveDeps | null {
    const { storage, exports } = this.ctx;
    if (!leagueAllowed(this.sql, leagueId)) return null;
    return {
      leagueId,
      sql: this.sql,
      storage,
      env: this.env,
      exports,
      now: () => Math.floor(Date.now() / 1000),
      background: (work) => this.ctx.waitUntil(work),
      starting: this.starting,
      reading: this.reading,
      forget: async () => {
        // Deletes the whole SQLite database: an object that stores nothing is not kept.
        await storage.deleteAll();
        this.emptied = true;
      },
    };
  }

  /** A socket from the Worker's GET /api/live/{roundId}/ws, already authenticated; `published`: what D1 told the Worker. */
  override async fetch(request: Request): Promise<Response> {
    const info = JSON.parse(request.headers.get(SOCKET_INFO_HEADER) ?? "null") as (SocketInfo & { published?: boolean }) | null;
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !info)
      return new Response("Expected a WebSocket", { status: 426 });
    const { published, ...socket } = info;
    // Counted before the state is made, and again as the socket is taken: others may have opened meanwhile.
    const crowded = tooManySockets(this.ctx, socket);
    if (crowded) return crowded;
    const state = await this.state(socket.leagueId, socket.roundId, viewOf(socket.viewer), published);
    if (!state.ok) return Response.json({ error: state.error, code: state.code }, { status: state.code === "not_found" ? 404 : 500 });
    return tooManySockets(this.ctx, socket) ?? acceptSocket(this.ctx, socket, state.value);
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const info = ws.deserializeAttachment() as SocketState;
    const frame = readFrame(data);
    if (!frame.ok) return refuseFrame(this.ctx, ws, frame.code, frame.error);
    if (frame.message.type === "state") {
      // A spectator's is answered at most every 5 s (./socket-limits.ts).
      if (info.viewer.role === "spectator" && !stateNow(this.ctx, ws)) return;
      const state = fullState(this.sql, viewOf(info.viewer));
      return state ? send(ws, { type: "state", state }) : refuseFrame(this.ctx, ws, "not_found", "Round not found");
    }
    const caller = callerOf(info);
    if (!caller) return refuseFrame(this.ctx, ws, "forbidden", "Spectators only watch: log in as a player on a card to score.");
    // A phone's changes go only under the login that made them (ADR 26, "A shared phone").
    if (frame.message.by !== undefined && frame.message.by !== caller.userId)
      return refuseFrame(this.ctx, ws, "unauthorized", ANOTHER_LOGIN);
    // A socket opened before sockets named their league was opened on a `round:{id}` object,
    // which only the first league (the default before leagues) has (ADR 46).
    const leagueId = (info as Partial<SocketState>).leagueId ?? keptLeague(this.sql) ?? DEFAULT_LEAGUE_ID;
    const answer = await this.submit(leagueId, info.roundId, caller, frame.message.changes, ws);
    if (!answer.ok) refuseFrame(this.ctx, ws, answer.code, answer.error);
  }

  /**
   * Applies a batch in its order and tells every socket what changed. `from`: the socket it
   * came on, answered first. A batch that needs nothing from D1 is taken in one synchronous
   * step; a card's first waits for its start while other cards' go on; any other waits for
   * D1 with every other event held back (./submit.ts).
   */
  async submit(
    leagueId: number,
    roundId: number,
    caller: Caller,
    changes: Change[],
    from?: WebSocket,
  ): Promise<LiveAnswer<ChangeResult[]>> {
    const d = this.depsIn(leagueId);
    if (!d) return ROUND_NOT_FOUND;
    const unknown = await rosterBefore(d, caller, roundId, changes);
    if (unknown) return unknown;
    let now = submitNow(d, caller, roundId, changes);
    let started: number[] = [];
    if (typeof now === "object" && "start" in now) {
      started = await startAside(d, caller, roundId, now.start);
      now = submitNow(d, caller, roundId, changes);
    }
    const taken = typeof now === "object" && "results" in now ? now : null;
    // Batches waiting for a card's start go first: waited for here, since blockConcurrencyWhile
    // never sees another event's D1 call complete (the object is reset after 30 s).
    if (!taken) await Promise.allSettled([...this.starting.values()]);
    const answer = taken
      ? ({ ok: true, value: taken } as const)
      : await serially(this.ctx, () => submitChanges(d, caller, roundId, changes));
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
    const { sql } = this;
    tellCards(this.ctx, sql, touched, from);
    if (queueUpdate(sql, touched)) wakeBy(this.ctx, Date.now() + FLUSH_MS);
  }

  /** The next update for every socket (what changed since the last one), and the state owed to spectators whose 5 s are up. */
  override async alarm(): Promise<void> {
    const { sql } = this;
    alarmRan(sql);
    flush(this.ctx, sql);
    const next = answerOwedStates(this.ctx, () => JSON.stringify({ type: "state", state: fullState(sql, "public") }));
    if (next !== null) wakeBy(this.ctx, next);
  }

  /**
   * The whole round as `view` shows it (GET /api/live/{roundId}, a page, a socket's welcome):
   * read at once once the round is known here. `published`, when the caller read it from D1:
   * a copy that says otherwise is read again first (at most every 10 s, ./reread.ts).
   */
  async state(leagueId: number, roundId: number, view: View, published?: boolean): Promise<LiveAnswer<LiveState>> {
    const d = this.depsIn(leagueId);
    if (!d) return ROUND_NOT_FOUND;
    const round = roundRow(d.sql);
    if (round?.roundId !== roundId) {
      const loaded = await serially(this.ctx, () => ensureRoster(d, roundId));
      if (!loaded.ok) return loaded;
    } else if (published !== undefined && published !== (round.publishedAt !== null) && round.finalizedAt === null) {
      await rereadRoster(d, roundId);
    } else if (rosterStale(d)) refreshAside(d, roundId);
    const state = fullState(d.sql, view);
    return state?.roundId === roundId ? { ok: true, value: state } : ROUND_NOT_FOUND;
  }

  /**
   * The round's cards changed in D1 (a withdrawal, ADR 34): read them again now and send the
   * changed cards' players whole (a `started` card's way), so no view keeps a withdrawn player.
   * An object that has not read this round yet reads it fresh when first asked.
   */
  async rosterChanged(leagueId: number, roundId: number): Promise<LiveAnswer<number[]>> {
    const d = this.depsIn(leagueId);
    if (!d) return ROUND_NOT_FOUND;
    if (roundRow(d.sql)?.roundId !== roundId) return { ok: true, value: [] };
    const answer = await serially(this.ctx, () => reloadRoster(d, roundId));
    if (answer.ok && answer.value.length > 0) this.tell({ cells: [], signed: [], cardIds: [], started: answer.value });
    return answer;
  }

  /** The admin's finalise: the totals into the round's results (./finalize.ts). */
  async finalize(leagueId: number, roundId: number, caller: Caller, confirmUnsigned: boolean): Promise<LiveAnswer<FinalizeAnswer>> {
    const d = this.depsIn(leagueId);
    if (!d) return ROUND_NOT_FOUND;
    const answer = await serially(this.ctx, () => finalizeRound(d, caller, roundId, confirmUnsigned));
    // Every socket learns the round is final (the update's finalizedAt).
    if (answer.ok) flush(this.ctx, this.sql, true);
    return answer;
  }

  /** The organiser ends the round early (ADR 50, ./end-early.ts): each result to par over its card's completed holes. */
  async endEarly(leagueId: number, roundId: number, caller: Caller, ask: EndEarlyAsk): Promise<LiveAnswer<EndEarlyAnswer>> {
    const d = this.depsIn(leagueId);
    if (!d) return ROUND_NOT_FOUND;
    const answer = await serially(this.ctx, () => endRoundEarly(d, caller, roundId, ask));
    // Every socket learns the round is over (the update's finalizedAt), as after finalising.
    if (answer.ok && answer.value.ended) flush(this.ctx, this.sql, true);
    return answer;
  }

  /** The holes each card completed, for the results page of a round that ended early (none for any other). */
  async earlyHoles(leagueId: number, roundId: number): Promise<LiveAnswer<CardHoles[]>> {
    if (!leagueAllowed(this.sql, leagueId)) return ROUND_NOT_FOUND;
    return { ok: true, value: roundRow(this.sql)?.roundId === roundId ? earlyCardHoles(this.sql) : [] };
  }

  /** The round's side pots after a mark or a settle (app/.server/services/live/live-pots.ts), for its followers. */
  async pots(leagueId: number, roundId: number, pots: PotView[]): Promise<void> {
    if (roundRow(this.sql)?.roundId === roundId && leagueAllowed(this.sql, leagueId)) tellPots(this.ctx, pots);
  }

  /** The change log after `after`, for an admin's history of the round. */
  async log(leagueId: number, roundId: number, after: number, limit: number): Promise<LiveAnswer<LogRow[]>> {
    const known = roundRow(this.sql)?.roundId;
    if (!leagueAllowed(this.sql, leagueId) || (known !== undefined && known !== roundId)) return ROUND_NOT_FOUND;
    return { ok: true, value: changesAfter(this.sql, after, limit) };
  }
}
