import { z } from "./zod";
import { EmailSchema } from "./auth";
import { idSchema, bodyIdSchema } from "./ids";
import { GRANTABLE_ROLES } from "../lib/accounts/roles";

// The league's roles (ADR 47): what an owner sends to grant, revoke and pass on.

const RoleSchema = z.enum(GRANTABLE_ROLES, { error: "Role must be admin or director: ownership passes by a transfer" });

/** PUT /api/admin/memberships/{userId}. */
export const GrantRoleSchema = z.object({ role: RoleSchema });

/** POST /api/admin/memberships/transfer. */
export const TransferOwnershipSchema = z.object({ user_id: bodyIdSchema("user id") });

/** The Roles panel's forms on /admin/users. */
export const RolesFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grantRole"), email: EmailSchema, role: RoleSchema }),
  z.object({ intent: z.literal("revokeRole"), userId: idSchema("user id") }),
  z.object({
    intent: z.literal("transferOwnership"),
    userId: idSchema("user id"),
    confirm: z.literal("on", { error: "Tick the box to confirm" }),
  }),
]);

export const ROLE_INTENTS: readonly string[] = ["grantRole", "revokeRole", "transferOwnership"];
