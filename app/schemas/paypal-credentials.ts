import { z } from "./zod";
import { PAYPAL_ENVIRONMENTS } from "../lib/signup/paypal-checkout";

// A league's own PayPal REST app, as its owner saves it (the PayPal page, PUT /api/admin/paypal).

// PayPal's client ids and secrets are 80 characters of base64url; room is left, control characters are not.
const credential = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(200, `${what} is too long`)
    .regex(/^[\x21-\x7e]+$/, `${what} has characters PayPal never uses`);

export const PayPalCredentialsSchema = z.object({
  client_id: credential("Client id"),
  secret: credential("Secret"),
  environment: z.enum(PAYPAL_ENVIRONMENTS, { error: "Environment must be sandbox, live or the local stand-in" }),
});

/** The PayPal page's forms. */
export const PAYPAL_INTENTS = ["save", "test", "remove"] as const;
export const PayPalFormSchema = z.discriminatedUnion("intent", [
  PayPalCredentialsSchema.extend({ intent: z.literal("save") }),
  z.object({ intent: z.literal("test") }),
  z.object({ intent: z.literal("remove") }),
]);
