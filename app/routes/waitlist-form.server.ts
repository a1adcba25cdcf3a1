import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { confirmOffer, joinWaitlist, leaveWaitlist } from "~/.server/services/signup/waitlist";
import { formatCents } from "~/lib/shared/money";
import { WaitlistFormSchema } from "~/schemas/waitlist";
import { handOver } from "~/.server/follow-ups";

/** The round page's waitlist (ADR 28): join a full round, leave (turning down an offer), confirm an offer by credit. */
export function handleWaitlistForm(request: Request, db: Db, session: Session, roundId: number) {
  return handleForm(request, WaitlistFormSchema, async (input) => {
    const userId = session.user.id;
    switch (input.intent) {
      case "joinWaitlist": {
        const place = await joinWaitlist(db, { userId, roundId, division: input.division, ace: input.ace, autoConfirm: input.autoConfirm });
        handOver(db, place.followUps);
        return { success: `You are on the waitlist: your place is ${place.position}.` };
      }
      case "leaveWaitlist": {
        const { declinedOffer, followUps } = await leaveWaitlist(db, userId, roundId);
        handOver(db, followUps);
        return { success: declinedOffer ? "You turned down the place and left the waitlist." : "You left the waitlist." };
      }
      case "confirmOffer": {
        const { quote, followUps } = await confirmOffer(db, userId, roundId);
        handOver(db, followUps);
        return { success: `You are signed up: ${formatCents(quote.creditUsedCents)} paid from your league credit.` };
      }
    }
  });
}
