import { adminSubApp, subApp } from "./context";
import { requireUser } from "./auth";
import { RoundIdParam } from "./params";
import { body, param } from "./validate";
import { handOver } from "~/.server/follow-ups";
import { type PayPalBackAsked, type PayPalBackWho, askPayPalBack } from "~/.server/services/rainouts/paypal-back";
import { idSchema } from "~/schemas/ids";
import { PayPalBackSchema } from "~/schemas/rainouts";
import { paypalBackSent } from "~/lib/rainouts/paypal-back";
import { z } from "zod";

// A cancelled round's PayPal payment back to PayPal instead of credit (ADR 50): the player
// asks for their own; the league's staff for any player's (mounted in ./admin.ts behind the
// admin guard). Both answer the same; the refund itself is a queued job's.

const PaymentIdParam = z.object({ id: idSchema("payment id") });

const askedJson = (asked: PayPalBackAsked) => ({
  success: true,
  message: paypalBackSent(asked.amountCents),
  payment_id: asked.paymentId,
  round_id: asked.roundId,
  amount: asked.amountCents / 100,
});

export const rainoutsApi = subApp().post("/:id/paypal-back", requireUser, param(RoundIdParam), body(PayPalBackSchema), async (c) => {
  const who: PayPalBackWho = { admin: false, userId: c.var.caller.userId };
  const asked = await askPayPalBack(c.var.db, who, c.req.valid("json").paymentId, { roundId: c.req.valid("param").id });
  handOver(c.var.db, asked.followUps);
  return c.json(askedJson(asked));
});

export const adminPayPalBackApi = adminSubApp().post("/payments/:id/paypal-back", param(PaymentIdParam), async (c) => {
  const asked = await askPayPalBack(c.var.db, { admin: true }, c.req.valid("param").id);
  handOver(c.var.db, asked.followUps);
  return c.json(askedJson(asked));
});
