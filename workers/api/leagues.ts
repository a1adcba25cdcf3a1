import { requireUser } from "./auth";
import { subApp } from "./context";
import { body } from "./validate";
import { clientAddress } from "~/.server/client-address";
import { startLeague } from "~/.server/services/accounts/league-create";
import { StartLeagueSchema } from "~/schemas/leagues";

/**
 * POST /api/leagues {name, slug, time_zone, town?}: a signed-in user starts a league and owns
 * it (ADR 46, 47). A deployment call like /api/users/*: mounted beside it in ./index.ts, and
 * the league the request is placed in only guards its write. Answers 201 {id, slug, name}.
 */
export const leaguesApi = subApp().post("/", requireUser, body(StartLeagueSchema), async (c) => {
  const { user } = await c.var.caller.session;
  const made = await startLeague(c.var.db, c.req.valid("json"), user, clientAddress(c.req.raw));
  return c.json({ id: made.id, slug: made.slug, name: made.name }, 201);
});
