import { rememberLeague } from "../league-directory";
import { adminSubApp } from "./context";
import { LeagueIdParam } from "./params";
import { body, param } from "./validate";
import { handedOver } from "~/.server/follow-ups";
import { changeLeague } from "~/.server/services/accounts/league-change";
import { createLeague } from "~/.server/services/accounts/league-create";
import { LeagueChangeSchema, NewLeagueSchema } from "~/schemas/leagues";

/**
 * POST /api/admin/leagues: the operator makes a league with its owner (ADR 46).
 * PATCH /api/admin/leagues/:leagueId: the operator gives a league a new slug, makes it the
 * default, suspends or unsuspends it, hides or shows it on the front door; every page of the
 * leagues whose address or standing moved is purged after the write.
 * Both the operator's alone (./admin-access.ts: accounts' capability).
 */
export const adminLeaguesApi = adminSubApp()
  .post("/leagues", body(NewLeagueSchema), async (c) => {
    const { user } = await c.var.caller.session;
    const made = await createLeague(c.var.db, c.req.valid("json"), { userId: user.id, name: user.name });
    return c.json({ id: made.id, slug: made.slug, name: made.name, time_zone: made.timeZone }, 201);
  })
  .patch("/leagues/:leagueId", param(LeagueIdParam), body(LeagueChangeSchema), async (c) => {
    const { user } = await c.var.caller.session;
    const { leagueId } = c.req.valid("param");
    const { league, formerDefault } = handedOver(
      c.var.db,
      await changeLeague(c.var.db, leagueId, c.req.valid("json"), { userId: user.id, name: user.name }),
    );
    const { hiddenByOperator, ...row } = league;
    // This isolate serves the new address and standing at once; the others when their copy expires.
    rememberLeague(row);
    if (formerDefault) rememberLeague(formerDefault);
    return c.json({ id: row.id, slug: row.slug, default: row.isDefault, suspended: row.suspendedAt !== null, hidden: hiddenByOperator });
  });
