// Web Push without a library (Web Crypto only; runs in workerd and Node): the request one
// message makes to a push service (RFC 8030), its encrypted body (RFC 8291, ./encrypt) and
// VAPID authorization (RFC 8292, ./vapid), and the check a browser's subscription must pass
// before it is stored. Nothing here calls fetch: the caller sends `{ url, init }`.
import { fromBase64Url } from "./bytes";
import { encryptPayload } from "./encrypt";
import { type VapidKeys, vapidAuthorization } from "./vapid";

export { ENCRYPT_ERRORS, encryptPayload, MAX_PLAINTEXT_BYTES } from "./encrypt";
export { newVapidKeys, VAPID_ERRORS, VAPID_LIFETIME_SECONDS, type VapidKeys, vapidAuthorization } from "./vapid";

export type PushSubscriptionKeys = { p256dh: string; auth: string };
export type PushSubscriptionInput = { endpoint: string; keys: PushSubscriptionKeys };

export const URGENCIES = ["very-low", "low", "normal", "high"] as const;
export type Urgency = (typeof URGENCIES)[number];

/** The longest TTL asked of a push service: 28 days, the most the big services keep a message. */
export const MAX_TTL_SECONDS = 28 * 24 * 60 * 60;

/** Push services a subscription may point at: exact hosts, and `*.` entries for any subdomain. */
export const PUSH_HOSTS = ["fcm.googleapis.com", "*.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com"] as const;

export const PUSH_ERRORS = {
  shape: "A subscription is { endpoint, keys: { p256dh, auth } }, all strings",
  endpointUrl: "The endpoint is not a URL",
  endpointHttps: "The endpoint must be an https: URL",
  endpointHost: "The endpoint is not a known push service",
  endpointLong: "The endpoint is longer than 2048 characters",
  p256dh: "p256dh must be a 65-byte uncompressed P-256 public key in base64url",
  auth: "auth must be exactly 16 bytes in base64url",
  ttl: `TTL must be a whole number of seconds from 0 to ${MAX_TTL_SECONDS}`,
  urgency: `Urgency must be one of ${URGENCIES.join(", ")}`,
  topic: "A topic is at most 32 characters of A-Z, a-z, 0-9, - and _",
} as const;

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost"]);

/** Is `host` a push service's? A `*.` entry matches on a dot boundary only. */
export function isPushHost(host: string): boolean {
  return PUSH_HOSTS.some((entry) =>
    entry.startsWith("*.") ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/**
 * Why the Worker may not POST to `url` (null: it may): a push service's host over https, or
 * with `allowLocal` this machine's stand-in. Checked when a subscription is kept and again
 * before each push.
 */
export function endpointRefusal(url: URL, allowLocal: boolean): string | null {
  if (allowLocal && LOCAL_HOSTS.has(url.hostname) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return PUSH_ERRORS.endpointHttps;
  if (url.username || url.password || url.port || !isPushHost(url.hostname)) return PUSH_ERRORS.endpointHost;
  return null;
}

export type SubscriptionCheck = { ok: true; subscription: PushSubscriptionInput } | { ok: false; error: string };

/**
 * A browser's PushSubscription (its toJSON()) before it is kept. `allowLocal` lets
 * http(s)://127.0.0.1:* and http(s)://localhost:* through, for a test stand-in push service.
 */
export async function checkSubscription(input: unknown, { allowLocal = false }: { allowLocal?: boolean } = {}): Promise<SubscriptionCheck> {
  const fail = (error: string): SubscriptionCheck => ({ ok: false, error });
  const value = input as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | null;
  const endpoint = value?.endpoint;
  const p256dh = value?.keys?.p256dh;
  const auth = value?.keys?.auth;
  if (typeof endpoint !== "string" || typeof p256dh !== "string" || typeof auth !== "string") return fail(PUSH_ERRORS.shape);
  if (endpoint.length > 2048) return fail(PUSH_ERRORS.endpointLong);
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return fail(PUSH_ERRORS.endpointUrl);
  }
  const refused = endpointRefusal(url, allowLocal);
  if (refused) return fail(refused);
  const point = fromBase64Url(p256dh);
  if (point?.length !== 65 || point[0] !== 4) return fail(PUSH_ERRORS.p256dh);
  try {
    await crypto.subtle.importKey("raw", point, { name: "ECDH", namedCurve: "P-256" }, false, []);
  } catch {
    return fail(PUSH_ERRORS.p256dh);
  }
  const secret = fromBase64Url(auth);
  if (secret?.length !== 16) return fail(PUSH_ERRORS.auth);
  return { ok: true, subscription: { endpoint: url.href, keys: { p256dh, auth } } };
}

export type PushRequestInput = {
  subscription: PushSubscriptionInput;
  payload: string | Uint8Array;
  /** Seconds the push service may hold the message for an offline device. */
  ttl: number;
  urgency?: Urgency;
  /** A later message with the same topic replaces one still waiting (RFC 8030 §5.4). */
  topic?: string;
  vapid: VapidKeys & { subject: string };
  /** Seconds since the epoch, for the VAPID JWT; now by default. */
  now?: number;
};

/** The POST for one push message, ready for `fetch(url, init)`. Throws on bad TTL, urgency or topic. */
export async function pushRequest({ subscription, payload, ttl, urgency = "normal", topic, vapid, now }: PushRequestInput) {
  if (!Number.isInteger(ttl) || ttl < 0 || ttl > MAX_TTL_SECONDS) throw new Error(PUSH_ERRORS.ttl);
  if (!URGENCIES.includes(urgency)) throw new Error(PUSH_ERRORS.urgency);
  if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) throw new Error(PUSH_ERRORS.topic);
  const { endpoint, keys } = subscription;
  const [body, authorization] = await Promise.all([
    encryptPayload({ p256dh: keys.p256dh, auth: keys.auth, payload }),
    vapidAuthorization({ endpoint, ...vapid, now }),
  ]);
  const headers: Record<string, string> = {
    TTL: String(ttl),
    Urgency: urgency,
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
    Authorization: authorization,
  };
  if (topic !== undefined) headers.Topic = topic;
  return { url: endpoint, init: { method: "POST", headers, body } satisfies RequestInit };
}
