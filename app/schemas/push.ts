import { z } from "./zod";
import { PUSH_INPUT_ERRORS as E } from "../lib/accounts/push-words";

// A browser's PushSubscription (its toJSON()) as the /api takes it (ADR 49). The schema
// refuses the shape and the sizes, in checkSubscription's words; the endpoint's host, the
// keys' bytes and the rest are checkSubscription's (app/.server/push/web-push.ts).

const endpointOf = (shape: string) =>
  z
    .string({ error: shape })
    .max(2048, E.endpointLong)
    .refine((value) => value.trim() !== "", E.endpointUrl);
const FORGET_SHAPE = "Send { endpoint }: the subscription's endpoint URL";
// base64url of 65 and 16 bytes is 87 and 22 characters: anything over 200 is not one.
const key = (message: string) => z.string({ error: E.shape }).min(1, message).max(200, message);

/** POST /api/push/subscriptions: `{ endpoint, keys: { p256dh, auth } }` (expirationTime and other keys dropped). */
export const PushSubscriptionSchema = z.object(
  { endpoint: endpointOf(E.shape), keys: z.object({ p256dh: key(E.p256dh), auth: key(E.auth) }, { error: E.shape }) },
  { error: E.shape },
);

/** DELETE /api/push/subscriptions: `{ endpoint }`, the device's to forget. */
export const PushEndpointSchema = z.object({ endpoint: endpointOf(FORGET_SHAPE) }, { error: FORGET_SHAPE });
