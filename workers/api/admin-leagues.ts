import { adminSubApp } from "./context";
import { body } from "./validate";
import { createLeague } from "~/.server/services/accounts/league-create";
import { NewLeagueSchema } from "~/schemas/leagues";

/**
 * POST /api/admin/leagues: the operator makes a league with its owner (ADR 46). Behind the
 * admin guard, and not in ./admin-access.ts's list of league calls: the operator's alone.
 */
export const adminLeaguesApi = adminSubApp().post("/leagues", body(NewLeagueSchema), async (c) => {
  const { user } = await c.var.caller.session;
  const made = await createLeague(c.var.db, c.req.valid("json"), { userId: user.id, name: user.name });
  return c.json({ id: made.id, slug: made.slug, name: made.name, time_zone: made.timeZone }, 201);
});
