import { rememberLeague } from "../league-directory";
import { adminSubApp } from "./context";
import { body } from "./validate";
import { handedOver } from "~/.server/follow-ups";
import { setJoinCode } from "~/.server/services/accounts/join-codes";
import { closeLeague, setShownOnFrontDoor } from "~/.server/services/accounts/league-owner";
import { CloseLeagueSchema, LeagueOwnerChangeSchema } from "~/schemas/league-members";

/**
 * The owner's choices for the request's league (ADR 47, closeLeague: the owner and the
 * operator, ./admin-access.ts): shown on the front door or not, a new join code, closing it.
 */
export const adminLeagueApi = adminSubApp()
  .patch("/league", body(LeagueOwnerChangeSchema), async (c) => {
    const { user } = await c.var.caller.session;
    const { hidden } = c.req.valid("json");
    const done = await setShownOnFrontDoor(c.var.db, c.var.league.id, hidden !== true, { id: user.id, name: user.name });
    return c.json({ hidden: done.hidden, changed: done.changed });
  })
  .post("/league/join-code", async (c) => {
    await c.var.caller.session;
    return c.json({ code: await setJoinCode(c.var.db, c.var.league.id, true) });
  })
  .post("/league/close", body(CloseLeagueSchema), async (c) => {
    const { user } = await c.var.caller.session;
    const row = handedOver(
      c.var.db,
      await closeLeague(c.var.db, c.var.league, c.req.valid("json").confirm, { id: user.id, name: user.name }),
    );
    // This isolate knows at once; the others when their copy expires, or their next write's guard reads it.
    rememberLeague(row);
    return c.json({ success: true, closed_at: row.closedAt });
  });
