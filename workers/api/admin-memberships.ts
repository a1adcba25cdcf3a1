import { adminSubApp } from "./context";
import { UserIdParam } from "./params";
import { body, param } from "./validate";
import type { Caller } from "./context";
import { type RoleActor, grantRole, listMembers, revokeRole, transferOwnership } from "~/.server/services/accounts/memberships";
import { GrantRoleSchema, TransferOwnershipSchema } from "~/schemas/memberships";

/** Who changes a role: the caller, named as their session (read beside the change's reads) has it. */
const actorOf = (caller: Caller): RoleActor => ({ id: caller.userId, name: caller.session.then((s) => s.user.name) });

/**
 * The request's league's roles (ADR 47); mounted in ./admin.ts behind the admin guard, which
 * lets an admin read them and only the owner (or the operator) change them (./admin-access.ts).
 */
export const adminMembershipsApi = adminSubApp()
  .get("/memberships", async (c) => {
    const members = await listMembers(c.var.db, c.var.league.id);
    return c.json(
      members.map((m) => ({
        user_id: m.userId,
        name: m.name,
        email: m.email,
        role: m.role,
        granted_at: m.grantedAt,
        granted_by: m.grantedBy,
      })),
    );
  })
  .post("/memberships/transfer", body(TransferOwnershipSchema), async (c) => {
    const { name } = await transferOwnership(c.var.db, c.var.league.id, actorOf(c.var.caller), c.req.valid("json").user_id);
    return c.json({ success: true, message: `${name} now owns the league.` });
  })
  .put("/memberships/:userId", param(UserIdParam), body(GrantRoleSchema), async (c) => {
    const { userId } = c.req.valid("param");
    const { role } = c.req.valid("json");
    const { changed } = await grantRole(c.var.db, c.var.league.id, actorOf(c.var.caller), userId, role);
    return c.json({ success: true, changed, role });
  })
  .delete("/memberships/:userId", param(UserIdParam), async (c) => {
    await revokeRole(c.var.db, c.var.league.id, actorOf(c.var.caller), c.req.valid("param").userId);
    return c.json({ success: true });
  });
