import { z } from "./zod";
import { bodyIdSchema } from "./ids";

// The rain-outs' bodies (ADR 50).

/** POST /api/rounds/{id}/paypal-back: the player's PayPal payment of that cancelled round to send back. */
export const PayPalBackSchema = z.object({ paymentId: bodyIdSchema("payment id") });
