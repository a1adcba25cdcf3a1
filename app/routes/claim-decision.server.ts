import type { Db } from "~/.server/db/client";
import { AppError } from "~/.server/errors";
import { handleForm } from "~/.server/forms";
import { type ClaimAction, decideClaim } from "~/.server/services/players/claims";
import { ClaimDecisionFormSchema } from "~/schemas/claims";

/**
 * The admin's claim decision posted from a page (/admin/claims, /admin/user/{id}): the
 * spec's 'Claim updated: {action}.' on success, the action as what was done to the claim
 * ("approved", "un-linked"); on failure the server's own message, or 'Error: could not
 * {action} claim.' when the cause is not one we can name. Un-link is a reject of an
 * approved claim.
 */
const DONE = { approve: "approved", reject: "rejected", conflict: "marked in conflict", unlink: "un-linked" } as const;

export function handleClaimDecision(request: Request, db: Db) {
  return handleForm(request, ClaimDecisionFormSchema, async ({ intent, claimId, note }) => {
    const action: ClaimAction = intent === "unlink" ? "reject" : intent;
    try {
      await decideClaim(db, claimId, action, note);
    } catch (err) {
      if (err instanceof AppError) throw err;
      console.error(`Could not ${action} claim ${claimId}`, err);
      throw new AppError("internal", `Error: could not ${action} claim.`);
    }
    return { success: `Claim updated: ${DONE[intent]}.` };
  });
}
