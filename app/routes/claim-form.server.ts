import type { Session } from "~/.server/auth/current-user";
import { clientAddress } from "~/.server/client-address";
import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { addOwnPlayer } from "~/.server/services/players/player-admin";
import { submitClaim, unclaim } from "~/.server/services/players/claims";
import { UserClaimFormSchema } from "~/schemas/claims";
import { NewPlayerFormSchema } from "~/schemas/players";
import { fullName } from "~/lib/players/player-name";

/** A user claims a player record or withdraws their claim (/players). */
export function handleUserClaimForm(request: Request, db: Db, session: Session) {
  return handleForm(
    request,
    UserClaimFormSchema,
    async (input) => {
      if (input.intent === "claim") {
        const claim = await submitClaim(db, session.user, { playerId: input.playerId, note: input.note });
        return { success: `You claimed ${fullName(claim)}. An admin will review your claim.` };
      }
      await unclaim(db, session.user.id, input.claimId);
      return { success: "Your claim was withdrawn." };
    },
    { unexpected: "Error submitting claim." },
  );
}

/** A user new to the league adds their record and claims it in one step (/players). */
export function handleNewOwnPlayerForm(request: Request, db: Db, session: Session) {
  return handleForm(
    request,
    NewPlayerFormSchema,
    async ({ intent: _, ...values }) => {
      const { claim } = await addOwnPlayer(db, session.user, { ...values, inactive: false }, clientAddress(request));
      return { success: `You added and claimed ${fullName(claim)}. An admin will review your claim.` };
    },
    { unexpected: "error adding player" },
  );
}
