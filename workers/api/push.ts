import { requireUser } from "./auth";
import { subApp } from "./context";
import { body } from "./validate";
import { servedLocally } from "~/.server/app-url";
import { AppError } from "~/.server/errors";
import { vapidOf } from "~/.server/push/config";
import { checkSubscription } from "~/.server/push/web-push";
import { forgetSubscription, keepSubscription, PUSH_MESSAGES } from "~/.server/services/accounts/push-subscriptions";
import { PushEndpointSchema, PushSubscriptionSchema } from "~/schemas/push";

/** The endpoint as checkSubscription keeps it (its URL's href), so a DELETE finds what a POST stored. */
const endpointKey = (endpoint: string) => {
  try {
    return new URL(endpoint).href;
  } catch {
    return endpoint;
  }
};

// "Notifications on this device" (ADR 49): the deployment's routes, like /api/users/*; the
// devices are the account's, whichever league's address they are called under.
export const pushApi = subApp()
  // The VAPID public key the browser subscribes with (its applicationServerKey).
  .get("/key", (c) => {
    const vapid = vapidOf(c.env);
    if (!vapid) throw new AppError("not_found", PUSH_MESSAGES.notSetUp);
    return c.json({ publicKey: vapid.publicKey });
  })
  // This device for this account and session: 201 when new, 200 when kept or moved here.
  .post("/subscriptions", requireUser, body(PushSubscriptionSchema), async (c) => {
    if (!vapidOf(c.env)) throw new AppError("not_found", PUSH_MESSAGES.notSetUp);
    // A stand-in push service on this machine (scripts/push-standin) only when the app is served here too.
    const allowLocal = servedLocally(c.env.APP_URL, new URL(c.req.url).origin);
    const checked = await checkSubscription(c.req.valid("json"), { allowLocal });
    if (!checked.ok) throw new AppError("bad_request", checked.error);
    const session = await c.var.caller.session;
    const { created } = await keepSubscription(c.var.db, {
      userId: c.var.caller.userId,
      sessionId: session.sessionId,
      subscription: checked.subscription,
    });
    return c.json({ subscribed: true }, created ? 201 : 200);
  })
  // Forgets this device: 204 when it was this account's, else 404 and nothing changes.
  .delete("/subscriptions", requireUser, body(PushEndpointSchema), async (c) => {
    await forgetSubscription(c.var.db, c.var.caller.userId, endpointKey(c.req.valid("json").endpoint));
    return c.body(null, 204);
  });
