import { optionalSessionOf, requireUser } from "./auth";
import { cacheLive } from "./cache";
import { subApp } from "./context";
import { LiveRoundParam, LiveSocketQuery } from "./params";
import { liveStateJson } from "./serializers/live";
import { body, param, query } from "./validate";
import { isForeignUpgrade } from "../origin";
import { SOCKET_INFO_HEADER } from "../live/live-round";
import { liveRound, liveStateOf, orRefused } from "~/.server/services/live/live-object";
import { AppError, badRequest } from "~/.server/errors";
import { SPECTATOR, assertRoundExists, roundPublished, scorerOf } from "~/.server/services/live/live-viewer";
import { teamNumbers } from "~/.server/services/doubles/teams";
import { clientAddress } from "~/.server/client-address";
import { ANOTHER_LOGIN, ChangeBatchSchema, type LiveErrorCode } from "~/schemas/live";
import { nowSeconds } from "~/lib/time";

// Live scoring (ADR 26): each round's Durable Object behind three doors. The socket
// (phones and spectators), the POST a phone falls back to when a socket cannot open,
// and the state as JSON. Every caller is authenticated here; the object is told who.

export const liveApi = subApp()
  .get("/:roundId", param(LiveRoundParam), async (c) => {
    const { roundId } = c.req.valid("param");
    const published = await roundPublished(c.var.db, roundId);
    const session = await optionalSessionOf(c.req.raw, c.var.db, c.env);
    const admin = session?.isAdmin === true;
    const [state, teams] = await Promise.all([
      liveStateOf(c.env, roundId, admin ? "admin" : "public", published),
      teamNumbers(c.var.db, roundId),
    ]);
    cacheLive(c);
    return c.json(liveStateJson(state, admin ? nowSeconds() : null, teams));
  })
  .get("/:roundId/ws", param(LiveRoundParam), query(LiveSocketQuery), async (c) => {
    const { roundId } = c.req.valid("param");
    const spectator = c.req.valid("query").as === "spectator";
    const published = await roundPublished(c.var.db, roundId);
    if (isForeignUpgrade(c.req.raw, c.env.APP_URL)) throw new AppError("forbidden", "Cross-site socket refused");
    const session = await optionalSessionOf(c.req.raw, c.var.db, c.env);
    const viewer = spectator ? SPECTATOR : await scorerOf(c.var.db, session, roundId);
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw badRequest("Open this address as a WebSocket (Upgrade: websocket).");
    // The client's address: the object counts each address's spectator sockets, and a cardmate's wrong PINs.
    const info = { roundId, viewer, name: spectator ? "" : (session?.user.name ?? ""), address: clientAddress(c.req.raw), published };
    const upgrade = new Request(c.req.url, { headers: { Upgrade: "websocket", [SOCKET_INFO_HEADER]: JSON.stringify(info) } });
    const res = await liveRound(c.env, roundId).fetch(upgrade);
    if (res.status === 101) return res;
    // A refusal (too many sockets, no such round) in the /api's one error shape.
    const refusal = (await res.json().catch(() => null)) as { error?: string; code?: LiveErrorCode } | null;
    throw new AppError(refusal?.code ?? "internal", refusal?.error ?? "The live round could not open a socket. Please try again.");
  })
  .post("/:roundId/changes", requireUser, param(LiveRoundParam), body(ChangeBatchSchema), async (c) => {
    const { roundId } = c.req.valid("param");
    await assertRoundExists(c.var.db, roundId);
    const { user, isAdmin } = c.var.session;
    const { changes, by } = c.req.valid("json");
    if (by !== undefined && by !== user.id) throw new AppError("unauthorized", ANOTHER_LOGIN);
    const role = isAdmin ? "admin" : "player";
    const caller = { userId: user.id, name: user.name, role, playerId: user.linkedPlayerId, address: clientAddress(c.req.raw) } as const;
    const results = orRefused(await liveRound(c.env, roundId).submit(caller, roundId, changes));
    return c.json({ results });
  });
