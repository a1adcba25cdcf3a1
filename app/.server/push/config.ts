// Whether this deployment sends push messages (ADR 49): the VAPID pair in the secrets
// VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the base64url formats of ./vapid.ts), and who push
// services may contact about them, VAPID_SUBJECT (else mailto: the mail's sender). Without
// both halves of the pair push is off: the toggle says so and nothing is pushed.
import type { VapidKeys } from "./vapid";

/** The local push stand-in (scripts/push-standin) listens on the app's port + this. */
export const PUSH_STANDIN_PORT_OFFSET = 1001;

export type VapidEnv = { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string; MAIL_FROM?: string };

export type Vapid = VapidKeys & { subject: string };

/** The deployment's VAPID keys and subject, or null when push is not set up. */
export function vapidOf(env: VapidEnv): Vapid | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  const subject = env.VAPID_SUBJECT?.trim() || (env.MAIL_FROM ? `mailto:${env.MAIL_FROM}` : "");
  if (!subject) return null;
  return { publicKey, privateKey, subject };
}
