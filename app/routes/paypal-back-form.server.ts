import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import { handOver } from "~/.server/follow-ups";
import { handleForm } from "~/.server/forms";
import { askPayPalBack } from "~/.server/services/rainouts/paypal-back";
import { paypalBackSent } from "~/lib/rainouts/paypal-back";
import { PayPalBackFormSchema } from "~/schemas/rainouts";

/**
 * The player's home's "Get it back to PayPal" (ADR 50): the player asks for their own
 * cancelled round's PayPal payment back, as POST /api/rounds/{id}/paypal-back does; a refusal
 * is the service's words (PAYPAL_BACK_MESSAGES) as the form's error, with its status.
 */
export function handlePayPalBackForm(request: Request, db: Db, session: Session) {
  return handleForm(request, PayPalBackFormSchema, async ({ paymentId }) => {
    const asked = await askPayPalBack(db, { admin: false, userId: session.user.id }, paymentId);
    handOver(db, asked.followUps);
    return { success: paypalBackSent(asked.amountCents) };
  });
}
