// VAPID (RFC 8292): the application server's identity on every push request, an ES256 JWT in
// `Authorization: vapid t=<jwt>, k=<public key>`.
//
// Key format (one, documented): both halves base64url without padding, as the browser's
// `applicationServerKey` and most push tooling write them:
//   publicKey  = the 65-byte uncompressed P-256 point (0x04 || x || y), 87 characters;
//   privateKey = the 32-byte private scalar `d`, 43 characters.
// `newVapidKeys()` makes such a pair; keep the private half in a secret, never in the repository.
import { type Bytes, fromBase64Url, JWK_PRIVATE, pointToJwk, toBase64Url, utf8 } from "./bytes";

export type VapidKeys = { publicKey: string; privateKey: string };

/** How long a VAPID JWT is good for: 12 h (RFC 8292 §2 allows at most 24 h). */
export const VAPID_LIFETIME_SECONDS = 12 * 60 * 60;

export const VAPID_ERRORS = {
  subject: "The VAPID subject must be a mailto: or https: URL",
  publicKey: "The VAPID public key must be a 65-byte uncompressed P-256 point in base64url",
  privateKey: "The VAPID private key must be 32 bytes in base64url and match its public key",
  endpoint: "The push endpoint is not a URL",
} as const;

const ES256 = { name: "ECDSA", namedCurve: "P-256" } as const;

/** A fresh VAPID key pair in the format above. */
export async function newVapidKeys(): Promise<VapidKeys> {
  const pair = (await crypto.subtle.generateKey(ES256, true, ["sign", "verify"])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { publicKey: toBase64Url(raw), privateKey: jwk[JWK_PRIVATE] as string };
}

// One imported signing key per key pair an isolate has seen: importing costs on every message otherwise.
const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(publicKey: string, privateKey: string): Promise<CryptoKey> {
  const id = `${publicKey}.${privateKey}`;
  let key = signingKeys.get(id);
  if (!key) {
    const point = fromBase64Url(publicKey);
    if (point?.length !== 65 || point[0] !== 4) return Promise.reject(new Error(VAPID_ERRORS.publicKey));
    const d = fromBase64Url(privateKey);
    if (d?.length !== 32) return Promise.reject(new Error(VAPID_ERRORS.privateKey));
    key = crypto.subtle.importKey("jwk", pointToJwk(point, privateKey), ES256, false, ["sign"]).catch(() => {
      signingKeys.delete(id);
      throw new Error(VAPID_ERRORS.privateKey);
    });
    if (signingKeys.size >= 8) signingKeys.clear();
    signingKeys.set(id, key);
  }
  return key;
}

export function checkVapidSubject(subject: string): boolean {
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(subject)) return true;
  try {
    return new URL(subject).protocol === "https:";
  } catch {
    return false;
  }
}

export type VapidInput = VapidKeys & {
  /** The push service URL the request goes to; `aud` is its origin. */
  endpoint: string;
  /** Who to contact about this sender: `mailto:` or `https:`. */
  subject: string;
  /** Seconds since the epoch; now by default. */
  now?: number;
};

/** The `Authorization` header value for one push request. */
export async function vapidAuthorization({ endpoint, subject, publicKey, privateKey, now }: VapidInput): Promise<string> {
  if (!checkVapidSubject(subject)) throw new Error(VAPID_ERRORS.subject);
  let audience: string;
  try {
    audience = new URL(endpoint).origin;
  } catch {
    throw new Error(VAPID_ERRORS.endpoint);
  }
  const key = await signingKey(publicKey, privateKey);
  const issued = Math.floor(now ?? Date.now() / 1000);
  const part = (value: object) => toBase64Url(utf8(JSON.stringify(value)));
  const unsigned = `${part({ typ: "JWT", alg: "ES256" })}.${part({ aud: audience, exp: issued + VAPID_LIFETIME_SECONDS, sub: subject })}`;
  // Web Crypto's ECDSA signature is already r || s, 64 bytes: what JWS ES256 wants (RFC 7518 §3.4).
  const signature: Bytes = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, utf8(unsigned)));
  return `vapid t=${unsigned}.${toBase64Url(signature)}, k=${publicKey}`;
}
