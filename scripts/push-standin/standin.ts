import { fromBase64Url, utf8 } from "../../app/.server/push/bytes.ts";
import { decryptPushText, importSubscriberKey, p256dhOfJwk } from "./decrypt.ts";

// A fake push service (RFC 8030) for machines with no browser's push service (tests,
// `npm start` offline): it takes what the app sends to `POST /push/{subscriptionId}` as
// Google's, Mozilla's or Apple's would, refusing what they would refuse, and keeps it for a
// test to read. It never ships in the Worker: nothing under app/ or workers/ imports it.
//
// A push is checked as a push service checks one: VAPID (RFC 8292) — `Authorization: vapid
// t=<ES256 JWT>, k=<public key>`, the JWT signed by k, its `aud` this service's origin, its
// `exp` in the future and at most 24 h away, a `sub` — else 401 (no or malformed header, a
// bad signature) or 403 (claims that do not hold, or a k other than the one the subscriber
// registered); a `TTL` header (400 without), `Content-Encoding: aes128gcm` (415 else), a
// body of at most 4096 bytes (413). Kept, it answers 201 with a Location. A push with a
// Topic replaces the one with that Topic not yet delivered to the device (RFC 8030 §5.4);
// the stand-in counts each replacement. A push is delivered when a test reads it.
//
// Controls (the methods, and the HTTP routes of `fetch`, which scripts/push-standin/server.mjs serves):
//   GET  /standin/pushes/{id}[?decrypt]  — a subscription's pushes, now delivered; with
//                                          ?decrypt each one's `payload`, when its keys are registered
//   GET  /standin/pushes                 — every push, with counts per subscription
//   POST /standin/fail/{id}  {status, times}  — the next `times` pushes answer `status` (404, 410, 429, 500…)
//   POST /standin/gone/{id}              — every later push answers 410 (the device unsubscribed)
//   POST /standin/subscribers {id, privateKeyJwk | d and p256dh, auth, applicationServerKey?}
//                                        — a subscriber's keys, to decrypt its pushes
//   POST /standin/reset                  — forget everything

export type StoredPush = {
  id: string;
  subscriptionId: string;
  receivedAt: number;
  ttl: number;
  urgency: string;
  topic: string | null;
  /** The encrypted body, standard base64. */
  body: string;
  delivered: boolean;
};

type Subscriber = { privateKey: CryptoKey; p256dh: string; auth: string; applicationServerKey: string | null };

export const URGENCIES = ["very-low", "low", "normal", "high"];
const MAX_BODY = 4096;
const MAX_JWT_LIFETIME = 24 * 60 * 60;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const refuse = (status: number, reason: string) => json(status, { code: status, reason });

const toBase64 = (bytes: Uint8Array) => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The VAPID header's t and k, in either order; null when it is not one. */
function vapidParams(header: string | null): { t: string; k: string } | null {
  const match = /^vapid\s+(.+)$/i.exec(header?.trim() ?? "");
  if (!match) return null;
  const params = new Map<string, string>();
  for (const part of match[1].split(",")) {
    const eq = part.indexOf("=");
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const t = params.get("t");
  const k = params.get("k");
  return t && k ? { t, k } : null;
}

export type VapidVerdict = { ok: true; publicKey: string } | { ok: false; status: 401 | 403; reason: string };

/** RFC 8292 §2–3: the JWT is ES256, signed by k, for `audience`, not expired nor over 24 h away, with a sub. */
export async function checkVapid(header: string | null, audience: string, nowSeconds: number): Promise<VapidVerdict> {
  const params = vapidParams(header);
  if (!params) return { ok: false, status: 401, reason: "No VAPID Authorization header (vapid t=…, k=…)" };
  const parts = params.t.split(".");
  const point = fromBase64Url(params.k);
  if (parts.length !== 3 || point?.length !== 65 || point[0] !== 4)
    return { ok: false, status: 401, reason: "Malformed VAPID token or key" };
  let head: { alg?: unknown };
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    const decode = (part: string) => JSON.parse(new TextDecoder().decode(fromBase64Url(part) ?? new Uint8Array()));
    head = decode(parts[0]);
    claims = decode(parts[1]);
  } catch {
    return { ok: false, status: 401, reason: "Malformed VAPID token" };
  }
  if (head?.alg !== "ES256") return { ok: false, status: 401, reason: "The VAPID token must be ES256" };
  const signature = fromBase64Url(parts[2]);
  let valid = false;
  try {
    const key = await crypto.subtle.importKey("raw", point, { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    valid =
      signature?.length === 64 &&
      (await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, signature, utf8(`${parts[0]}.${parts[1]}`)));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, status: 401, reason: "The VAPID signature does not verify with k" };
  if (claims?.aud !== audience) return { ok: false, status: 403, reason: `The VAPID aud must be ${audience}` };
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds || claims.exp > nowSeconds + MAX_JWT_LIFETIME) {
    return { ok: false, status: 403, reason: "The VAPID exp must be in the future and at most 24 h away" };
  }
  if (typeof claims.sub !== "string" || claims.sub === "") return { ok: false, status: 403, reason: "The VAPID token has no sub" };
  return { ok: true, publicKey: params.k };
}

export type PushStandInOptions = {
  /** Audiences taken as this service's origin; by default the origin each push was sent to. */
  origins?: string[];
  /** Milliseconds since the epoch; Date.now by default. */
  now?: () => number;
};

export type SubscriberInput = {
  id?: unknown;
  privateKeyJwk?: unknown;
  d?: unknown;
  p256dh?: unknown;
  auth?: unknown;
  applicationServerKey?: unknown;
};

export function createPushStandIn({ origins, now = Date.now }: PushStandInOptions = {}) {
  let pushes: StoredPush[] = [];
  let replaced = new Map<string, number>();
  let failing = new Map<string, { status: number; times: number }>();
  let goneIds = new Set<string>();
  let subscribers = new Map<string, Subscriber>();
  let nextId = 1;

  const countsOf = (subscriptionId: string) => ({
    received: pushes.filter((p) => p.subscriptionId === subscriptionId).length,
    waiting: pushes.filter((p) => p.subscriptionId === subscriptionId && !p.delivered).length,
    replaced: replaced.get(subscriptionId) ?? 0,
  });

  const standIn = {
    /** `POST /push/{subscriptionId}`, as a push service answers it. */
    async receive(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const match = /^\/push\/([^/]+)$/.exec(url.pathname);
      if (!match) return refuse(404, "Not a push endpoint");
      if (request.method !== "POST") return refuse(405, "Push with POST");
      const subscriptionId = decodeURIComponent(match[1]);
      const audiences = origins ?? [url.origin];
      const vapid = await checkVapid(
        request.headers.get("Authorization"),
        audiences.find((o) => o === url.origin) ?? audiences[0],
        Math.floor(now() / 1000),
      );
      if (!vapid.ok) return refuse(vapid.status, vapid.reason);
      const registered = subscribers.get(subscriptionId)?.applicationServerKey;
      if (registered && registered !== vapid.publicKey) return refuse(403, "This subscription was made with another applicationServerKey");
      if (goneIds.has(subscriptionId)) return refuse(410, "The subscription has expired or was unsubscribed");
      const failure = failing.get(subscriptionId);
      if (failure && failure.times > 0) {
        failure.times -= 1;
        if (failure.status === 410) goneIds.add(subscriptionId);
        return json(
          failure.status,
          { code: failure.status, reason: "The stand-in was told to fail this push" },
          failure.status === 429 ? { "Retry-After": "1" } : {},
        );
      }
      const ttlHeader = request.headers.get("TTL");
      if (ttlHeader === null || !/^\d{1,10}$/.test(ttlHeader.trim())) return refuse(400, "A push needs a TTL header of whole seconds");
      const urgency = request.headers.get("Urgency") ?? "normal";
      if (!URGENCIES.includes(urgency)) return refuse(400, `Urgency must be one of ${URGENCIES.join(", ")}`);
      const topic = request.headers.get("Topic");
      if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return refuse(400, "A Topic is at most 32 URL-safe base64 characters");
      if ((request.headers.get("Content-Encoding") ?? "").toLowerCase() !== "aes128gcm") {
        return refuse(415, "Content-Encoding must be aes128gcm");
      }
      const body = new Uint8Array(await request.arrayBuffer());
      if (body.length > MAX_BODY) return refuse(413, `A push body is at most ${MAX_BODY} bytes`);
      const push: StoredPush = {
        id: `m${nextId++}`,
        subscriptionId,
        receivedAt: now(),
        ttl: Number(ttlHeader.trim()),
        urgency,
        topic,
        body: toBase64(body),
        delivered: false,
      };
      if (topic !== null) {
        const before = pushes.length;
        pushes = pushes.filter((p) => p.subscriptionId !== subscriptionId || p.topic !== topic || p.delivered);
        if (pushes.length < before) replaced.set(subscriptionId, (replaced.get(subscriptionId) ?? 0) + before - pushes.length);
      }
      pushes.push(push);
      return new Response(null, { status: 201, headers: { Location: `${url.origin}/standin/messages/${push.id}` } });
    },

    /** A subscription's pushes, oldest first; reading them delivers them (a Topic then no longer replaces them). */
    pushesOf(subscriptionId: string, { deliver = true } = {}): StoredPush[] {
      const mine = pushes.filter((p) => p.subscriptionId === subscriptionId);
      const copies = mine.map((p) => ({ ...p }));
      if (deliver) for (const p of mine) p.delivered = true;
      return copies;
    },

    /** Every push and the counts per subscription. */
    all() {
      const ids = [...new Set([...pushes.map((p) => p.subscriptionId), ...replaced.keys()])];
      return {
        total: pushes.length,
        subscriptions: Object.fromEntries(ids.map((id) => [id, countsOf(id)])),
        pushes: pushes.map((p) => ({ ...p })),
      };
    },

    counts: countsOf,

    /** The next `times` pushes to the subscription answer `status`. */
    fail(subscriptionId: string, status: number, times = 1) {
      failing.set(subscriptionId, { status, times });
    },

    /** The device let go of the subscription: every later push answers 410. */
    gone(subscriptionId: string) {
      goneIds.add(subscriptionId);
    },

    /** A subscriber's private keys, so its pushes can be read in clear (`decrypted`). */
    async registerSubscriber(input: SubscriberInput) {
      const id = typeof input.id === "string" && input.id ? input.id : null;
      const auth = typeof input.auth === "string" && fromBase64Url(input.auth)?.length === 16 ? input.auth : null;
      if (!id || !auth) throw new Error("A subscriber is { id, auth, privateKeyJwk } or { id, auth, d, p256dh }");
      const jwk = typeof input.privateKeyJwk === "object" && input.privateKeyJwk ? (input.privateKeyJwk as JsonWebKey) : undefined;
      const p256dh = jwk ? p256dhOfJwk(jwk) : typeof input.p256dh === "string" ? input.p256dh : null;
      if (!p256dh) throw new Error("A subscriber needs its public point: a JWK with x and y, or p256dh with d");
      const privateKey = await importSubscriberKey({ privateKeyJwk: jwk, d: typeof input.d === "string" ? input.d : undefined, p256dh });
      const applicationServerKey = typeof input.applicationServerKey === "string" ? input.applicationServerKey : null;
      subscribers.set(id, { privateKey, p256dh, auth, applicationServerKey });
    },

    /** The subscription's pushes with each `payload` in clear (null where its keys do not open it). */
    async decrypted(subscriptionId: string, { deliver = true } = {}) {
      const subscriber = subscribers.get(subscriptionId);
      return Promise.all(
        standIn.pushesOf(subscriptionId, { deliver }).map(async (push) => ({
          ...push,
          payload: subscriber ? await decryptPushText(fromBase64(push.body), subscriber).catch(() => null) : null,
        })),
      );
    },

    reset() {
      pushes = [];
      replaced = new Map();
      failing = new Map();
      goneIds = new Set();
      subscribers = new Map();
      nextId = 1;
    },

    /** Every route: the push endpoint and the controls above. */
    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url);
      const path = url.pathname;
      if (path.startsWith("/push/")) return standIn.receive(request);
      if (path === "/standin/health") return json(200, { ok: true });
      const one = /^\/standin\/pushes\/([^/]+)$/.exec(path);
      if (one && request.method === "GET") {
        const id = decodeURIComponent(one[1]);
        const list = url.searchParams.has("decrypt") ? await standIn.decrypted(id) : standIn.pushesOf(id);
        return json(200, { subscriptionId: id, ...countsOf(id), pushes: list });
      }
      if (path === "/standin/pushes" && request.method === "GET") return json(200, standIn.all());
      if (request.method !== "POST") return refuse(404, "Unknown stand-in endpoint");
      const control = /^\/standin\/(fail|gone)\/([^/]+)$/.exec(path);
      if (control) {
        const id = decodeURIComponent(control[2]);
        if (control[1] === "gone") {
          standIn.gone(id);
          return json(200, { gone: id });
        }
        const input = (await request.json().catch(() => null)) as { status?: unknown; times?: unknown } | null;
        const status = input?.status;
        const times = input?.times ?? 1;
        if (
          typeof status !== "number" ||
          !Number.isInteger(status) ||
          status < 400 ||
          status > 599 ||
          typeof times !== "number" ||
          !Number.isInteger(times) ||
          times < 0
        ) {
          return refuse(400, "Send {status: 400–599, times: a whole number}");
        }
        standIn.fail(id, status, times);
        return json(200, { subscriptionId: id, status, times });
      }
      if (path === "/standin/subscribers") {
        try {
          await standIn.registerSubscriber(((await request.json().catch(() => null)) ?? {}) as SubscriberInput);
        } catch (error) {
          return refuse(400, (error as Error).message);
        }
        return json(201, { registered: true });
      }
      if (path === "/standin/reset") {
        standIn.reset();
        return json(200, { reset: true });
      }
      return refuse(404, "Unknown stand-in endpoint");
    },
  };
  return standIn;
}

export type PushStandIn = ReturnType<typeof createPushStandIn>;
