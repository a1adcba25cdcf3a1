import { requireUser } from "./auth";
import { subApp } from "./context";
import { body } from "./validate";
import { clientAddress } from "~/.server/client-address";
import { acceptInvite } from "~/.server/services/accounts/invites";
import { joinLeague } from "~/.server/services/accounts/join-codes";
import { leaveLeague } from "~/.server/services/accounts/memberships";
import { AcceptInviteSchema, JoinLeagueSchema } from "~/schemas/league-members";

// A signed-in account joins a league, accepts an invitation, or leaves (ADR 47). The code and
// the token name their own league, whatever league's /api they are sent to; leaving is the
// request's league's. Memberships are the deployment's rows (no league's guard); joining
// counts against the client's code guesses (LIMITS.joinCode).

/** POST /api/leagues/join `{code}` → `{league: {slug, name}, role, joined}`. */
export const joinApi = subApp().post("/join", requireUser, body(JoinLeagueSchema), async (c) => {
  const { league, role, joined } = await joinLeague(
    c.var.db,
    c.env,
    c.var.caller.userId,
    c.req.valid("json").code,
    clientAddress(c.req.raw),
  );
  return c.json({ league: { slug: league.slug, name: league.name }, role, joined });
});

/** POST /api/invites/accept `{token}` → `{league: {slug, name}, role}`. */
export const invitesApi = subApp().post("/accept", requireUser, body(AcceptInviteSchema), async (c) => {
  const { user } = await c.var.caller.session;
  const { league, role } = await acceptInvite(c.var.db, c.env, user, c.req.valid("json").token);
  return c.json({ league: { slug: league.slug, name: league.name }, role });
});

/** POST /api/users/me/leave: the caller leaves the request's league (the owner: 409). */
export const leaveApi = subApp().post("/me/leave", requireUser, async (c) => {
  const { user } = await c.var.caller.session;
  await leaveLeague(c.var.db, c.var.league.id, user);
  return c.json({ success: true });
});
