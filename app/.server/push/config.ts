import type { VapidKeys } from "./web-push";

// The deployment's VAPID keys (ADR 49): secrets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the
// base64url forms newVapidKeys makes) and the var VAPID_SUBJECT (a mailto: or https: URL
// push services may use to reach the operator). Unset: nothing is pushed; messages are mailed.

type VapidVars = { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string; MAIL_FROM?: string };

export type VapidConfig = VapidKeys & { subject: string };

export function vapidOf(env: object): VapidConfig | null {
  const vars = env as VapidVars;
  const publicKey = vars.VAPID_PUBLIC_KEY?.trim();
  const privateKey = vars.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey || !privateKey) return null;
  const subject = vars.VAPID_SUBJECT?.trim() || `mailto:${vars.MAIL_FROM ?? "league@example.com"}`;
  return { publicKey, privateKey, subject };
}
