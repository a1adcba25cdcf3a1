import { adminSubApp } from "./context";
import { body, param } from "./validate";
import { standingOf } from "~/.server/auth/current-user";
import { cancelInvite, createInvite, pendingInvites } from "~/.server/services/accounts/invites";
import { InviteIdParam, InviteSchema } from "~/schemas/league-members";

/**
 * The league's invitations by email (ADR 47), behind the admin guard (./admin-access.ts: a
 * league's admins and its owner); inviting (or cancelling) a director or an admin asks the
 * owner's manageRoles of the caller besides, in the service.
 */
export const adminInvitesApi = adminSubApp()
  .get("/invites", async (c) => {
    const list = await pendingInvites(c.var.db, c.var.league.id);
    return c.json(
      list.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        invited_by: i.invitedBy,
        created_at: i.createdAt,
        expires_at: i.expiresAt,
      })),
    );
  })
  .post("/invites", body(InviteSchema), async (c) => {
    const session = await c.var.caller.session;
    const { email, role } = c.req.valid("json");
    const invite = await createInvite(c.var.db, {
      league: c.var.league,
      standing: standingOf(session),
      actor: { id: session.user.id, name: session.user.name },
      email,
      role,
      jobs: c.env.JOBS,
      secret: c.env.SESSION_SECRET,
      origin: new URL(c.req.url).origin,
    });
    return c.json({ id: invite.id, email: invite.email, role: invite.role, expires_at: invite.expiresAt }, 201);
  })
  .delete("/invites/:id", param(InviteIdParam), async (c) => {
    const session = await c.var.caller.session;
    await cancelInvite(c.var.db, {
      leagueId: c.var.league.id,
      standing: standingOf(session),
      actor: { id: session.user.id, name: session.user.name },
      id: c.req.valid("param").id,
    });
    return c.json({ success: true });
  });
