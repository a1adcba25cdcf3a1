import { adminSubApp } from "./context";
import { LiveLogQuery, LiveRoundParam } from "./params";
import { body, param, query } from "./validate";
import { askedBeside, liveRound, orRefused } from "~/.server/services/live/live-object";
import { assertRoundExists } from "~/.server/services/live/live-viewer";
import { liveLogJson } from "./serializers/live";
import { FinalizeSchema } from "~/schemas/live";

// The admin's side of live scoring (ADR 26); mounted in ./admin.ts behind the admin guard.

const LOG_PAGE = 1000;

export const adminLiveApi = adminSubApp()
  // The round's totals into its results: payouts, places and ratings follow (ADR 14).
  .post("/live/:roundId/finalize", param(LiveRoundParam), body(FinalizeSchema), async (c) => {
    const { roundId } = c.req.valid("param");
    const [{ user }] = await Promise.all([c.var.caller.session, assertRoundExists(c.var.db, roundId)]);
    const caller = { userId: user.id, name: user.name, role: "admin", playerId: null } as const;
    const confirm = c.req.valid("json").confirmUnsigned === true;
    return c.json(orRefused(await liveRound(c.env, c.var.league.id, roundId).finalize(caller, confirm)));
  })
  // Every change the round accepted, who made it and when, oldest first, from `after`.
  .get("/live/:roundId/log", param(LiveRoundParam), query(LiveLogQuery), async (c) => {
    const { roundId } = c.req.valid("param");
    // The object is asked beside D1's read (one trip); D1's 404 still wins.
    const after = c.req.valid("query").after ?? 0;
    const logged = askedBeside((async () => orRefused(await liveRound(c.env, c.var.league.id, roundId).log(after, LOG_PAGE)))());
    await assertRoundExists(c.var.db, roundId);
    const changes = await logged;
    return c.json(liveLogJson(changes, LOG_PAGE));
  });
