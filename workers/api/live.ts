import { optionalSessionOf, requireUser } from "./auth";
import { cacheLive } from "./cache";
import { subApp } from "./context";
import { LiveRoundParam, LiveSocketQuery } from "./params";
import { changeResultsJson, liveStateJson } from "./serializers/live";
import { body, param, query } from "./validate";
import { isForeignUpgrade } from "../origin";
import { SOCKET_INFO_HEADER } from "../live/live-round";
import { type LiveView, askedBeside, liveRound, liveStateOf, orRefused } from "~/.server/services/live/live-object";
import { sessionOfClaims, standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import { requestClaims } from "~/.server/auth/session";
import type { LiveState } from "~/lib/live/live-state";
import { AppError, badRequest } from "~/.server/errors";
import { SPECTATOR, assertRoundExists, roundPublished, scorerOf } from "~/.server/services/live/live-viewer";
import { teamNumbers } from "~/.server/services/doubles/teams";
import { clientAddress } from "~/.server/client-address";
import { ANOTHER_LOGIN, ChangeBatchSchema, type LiveErrorCode } from "~/schemas/live";
import { nowSeconds } from "~/lib/shared/time";

// Live scoring (ADR 26): each round's Durable Object behind three doors. The socket
// (phones and spectators), the POST a phone falls back to when a socket cannot open,
// and the state as JSON. Every caller is authenticated here; the object is told who.

/** Whether the object would have read the cards again had it been told D1's `published` (workers/live/live-round.ts). */
const publishedDiffers = (state: LiveState, published: boolean) => state.finalizedAt === null && (state.publishedAt !== null) !== published;

export const liveApi = subApp()
  .get("/:roundId", param(LiveRoundParam), async (c) => {
    const { roundId } = c.req.valid("param");
    // One trip: the object is asked beside D1's reads, for the view the token claims (no
    // I/O), without D1's word on the cards; D1's 404 and the session still decide (ADR 26:
    // an unknown id's object is woken before the 404 is known).
    const claims = await requestClaims(c.env, c.req.raw);
    const claimed: LiveView = claims?.role === "admin" ? "admin" : "public";
    const asked = askedBeside(liveStateOf(c.env, c.var.league.id, roundId, claimed));
    const [published, session, teams] = await Promise.all([
      roundPublished(c.var.db, roundId),
      claims ? sessionOfClaims(c.var.db, claims, c.var.league.id) : null,
      teamNumbers(c.var.db, roundId),
    ]);
    const admin = can(standingOf(session), "runNight");
    let state = await asked;
    // Asked again (a second trip, rarely) when the first answer cannot stand: the session
    // is not the admin's the token claimed, or the object's copy of the cards disagrees
    // with D1 on whether they are published (it then reads them again first).
    if ((admin ? "admin" : "public") !== claimed || publishedDiffers(state, published)) {
      state = await liveStateOf(c.env, c.var.league.id, roundId, admin ? "admin" : "public", published);
    }
    cacheLive(c);
    return c.json(liveStateJson(state, admin ? nowSeconds() : null, teams));
  })
  .get("/:roundId/ws", param(LiveRoundParam), query(LiveSocketQuery), async (c) => {
    const { roundId } = c.req.valid("param");
    const spectator = c.req.valid("query").as === "spectator";
    const published = await roundPublished(c.var.db, roundId);
    if (isForeignUpgrade(c.req.raw, c.env.APP_URL)) throw new AppError("forbidden", "Cross-site socket refused");
    const session = await optionalSessionOf(c.req.raw, c.var.db, c.env, c.var.league.id);
    const viewer = spectator ? SPECTATOR : await scorerOf(c.var.db, session, roundId);
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw badRequest("Open this address as a WebSocket (Upgrade: websocket).");
    // The client's address: the object counts each address's spectator sockets, and a cardmate's wrong PINs.
    const info = {
      leagueId: c.var.league.id,
      roundId,
      viewer,
      name: spectator ? "" : (session?.user.name ?? ""),
      address: clientAddress(c.req.raw),
      published,
    };
    const upgrade = new Request(c.req.url, { headers: { Upgrade: "websocket", [SOCKET_INFO_HEADER]: JSON.stringify(info) } });
    const res = await liveRound(c.env, c.var.league.id, roundId).fetch(upgrade);
    if (res.status === 101) return res;
    // A refusal (too many sockets, no such round) in the /api's one error shape.
    const refusal = (await res.json().catch(() => null)) as { error?: string; code?: LiveErrorCode } | null;
    throw new AppError(refusal?.code ?? "internal", refusal?.error ?? "The live round could not open a socket. Please try again.");
  })
  .post("/:roundId/changes", requireUser, param(LiveRoundParam), body(ChangeBatchSchema), async (c) => {
    const { roundId } = c.req.valid("param");
    const [session] = await Promise.all([c.var.caller.session, assertRoundExists(c.var.db, roundId)]);
    const { user } = session;
    const { changes, by } = c.req.valid("json");
    if (by !== undefined && by !== user.id) throw new AppError("unauthorized", ANOTHER_LOGIN);
    const role = can(standingOf(session), "runNight") ? "admin" : "player";
    const caller = { userId: user.id, name: user.name, role, playerId: user.linkedPlayerId, address: clientAddress(c.req.raw) } as const;
    const results = orRefused(await liveRound(c.env, c.var.league.id, roundId).submit(caller, changes));
    return c.json(changeResultsJson(results));
  });
