import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import type { League } from "~/.server/league";
import { type RoleActor, grantRole, revokeRole, transferOwnership, userIdByEmail } from "~/.server/services/accounts/memberships";
import { ROLE_LABELS } from "~/lib/accounts/roles";
import { RolesFormSchema } from "~/schemas/memberships";

/** The Roles panel's forms (/admin/users, ADR 47), run as `actor`, whom the page's guard found to be the owner or the operator. */
export function handleRolesForm(request: Request, { db, league }: { db: Db; league: League }, actor: RoleActor) {
  return handleForm(request, RolesFormSchema, async (input) => {
    switch (input.intent) {
      case "grantRole": {
        const userId = await userIdByEmail(db, input.email);
        const { changed, name } = await grantRole(db, league.id, actor, userId, input.role);
        const role = ROLE_LABELS[input.role].toLowerCase();
        return { success: changed ? `${name} is now a ${role} of the league.` : `${name} already is a ${role} of the league.` };
      }
      case "revokeRole": {
        const { name } = await revokeRole(db, league.id, actor, input.userId);
        return { success: `${name} no longer holds a role in the league.` };
      }
      case "transferOwnership": {
        const { name } = await transferOwnership(db, league.id, actor, input.userId);
        return { success: `${name} now owns the league. The previous owner stays on as an admin.` };
      }
    }
  });
}
