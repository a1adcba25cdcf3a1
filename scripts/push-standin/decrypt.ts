// The receiving side of Web Push encryption (RFC 8291, aes128gcm of RFC 8188): what a browser
// does with a push message's body. For tests and the local push stand-in (./standin.ts), never
// the Worker's. Written apart from app/.server/push/encrypt.ts on purpose: HKDF here is spelt
// out with HMAC (RFC 5869), not Web Crypto's HKDF the sender uses, so the two check each other.
// Web Crypto only (workerd and Node); relative imports with their extension, so Node can run
// it by stripping its types.
import { type Bytes, concat, fromBase64Url, pointToJwk, toBase64Url, utf8 } from "../../app/.server/push/bytes.ts";

const ECDH = { name: "ECDH", namedCurve: "P-256" } as const;
const subtle = crypto.subtle;

export const DECRYPT_ERRORS = {
  header: "The body is not an aes128gcm record with a 65-byte key id",
  keys: "The subscriber's keys are not a P-256 private key and a 16-byte auth secret",
  padding: "The record has no delimiter: not a last record",
} as const;

async function hmac(key: Uint8Array, data: Uint8Array): Promise<Bytes> {
  const k = await subtle.importKey("raw", key as Bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await subtle.sign("HMAC", k, data as Bytes));
}
const expand = async (prk: Uint8Array, info: Uint8Array, length: number) =>
  (await hmac(prk, concat(info, Uint8Array.of(1)))).slice(0, length);

/** A subscriber's secrets: its ECDH private key (a CryptoKey, or a JWK with `d`) and public point, and its auth secret. */
export type SubscriberSecrets = { privateKey: CryptoKey; p256dh: string; auth: string };

/** A P-256 ECDH private key from a JWK (x, y and d) or from the raw scalar `d` with the public point (p256dh). */
export async function importSubscriberKey(input: { privateKeyJwk?: JsonWebKey; d?: string; p256dh?: string }): Promise<CryptoKey> {
  let jwk = input.privateKeyJwk;
  if (!jwk && input.d && input.p256dh) {
    const point = fromBase64Url(input.p256dh);
    if (point?.length !== 65 || point[0] !== 4) throw new Error(DECRYPT_ERRORS.keys);
    jwk = pointToJwk(point, input.d);
  }
  if (!jwk?.d) throw new Error(DECRYPT_ERRORS.keys);
  try {
    return await subtle.importKey("jwk", { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y, d: jwk.d }, ECDH, false, ["deriveBits"]);
  } catch {
    throw new Error(DECRYPT_ERRORS.keys);
  }
}

/** The public point (p256dh) of a JWK private key: its x and y. */
export function p256dhOfJwk(jwk: JsonWebKey): string | null {
  const x = jwk.x ? fromBase64Url(jwk.x) : null;
  const y = jwk.y ? fromBase64Url(jwk.y) : null;
  return x?.length === 32 && y?.length === 32 ? toBase64Url(concat(Uint8Array.of(4), x, y)) : null;
}

/** The plaintext bytes of one push message's body; throws when these keys do not open it. */
export async function decryptPush(body: Uint8Array, { privateKey, p256dh, auth }: SubscriberSecrets): Promise<Bytes> {
  const uaPublic = fromBase64Url(p256dh);
  const authSecret = fromBase64Url(auth);
  if (uaPublic?.length !== 65 || authSecret?.length !== 16) throw new Error(DECRYPT_ERRORS.keys);
  if (body.length < 21) throw new Error(DECRYPT_ERRORS.header);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const salt = body.slice(0, 16);
  const idlen = body[20];
  if (view.getUint32(16) < 18 || idlen !== 65 || body.length < 21 + idlen + 17) throw new Error(DECRYPT_ERRORS.header);
  const asPublic = body.slice(21, 21 + idlen);
  const sender = await subtle.importKey("raw", asPublic, ECDH, false, []);
  const ecdh = new Uint8Array(await subtle.deriveBits({ name: "ECDH", public: sender }, privateKey, 256));
  // RFC 8291 §3.3: the input keying material from the ECDH secret and the auth secret, then RFC 8188's key and nonce.
  const ikm = await expand(await hmac(authSecret, ecdh), concat(utf8("WebPush: info\0"), uaPublic, asPublic), 32);
  const prk = await hmac(salt, ikm);
  const cek = await expand(prk, utf8("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await expand(prk, utf8("Content-Encoding: nonce\0"), 12);
  const key = await subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const record = new Uint8Array(await subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, body.slice(21 + idlen)));
  let end = record.length - 1;
  while (end >= 0 && record[end] === 0) end--; // padding, then the delimiter
  if (record[end] !== 2) throw new Error(DECRYPT_ERRORS.padding);
  return record.slice(0, end);
}

/** decryptPush as text (UTF-8). */
export const decryptPushText = async (body: Uint8Array, secrets: SubscriberSecrets) =>
  new TextDecoder().decode(await decryptPush(body, secrets));

export type TestSubscriber = {
  /** What the browser's subscription carries: its public point and auth secret, base64url. */
  keys: { p256dh: string; auth: string };
  /** The private key as a JWK (with `d`), for the stand-in's POST /standin/subscribers. */
  privateKeyJwk: JsonWebKey;
  decrypt(body: Uint8Array): Promise<string>;
};

/** A browser's side of a subscription: a fresh (or given) ECDH P-256 pair and auth secret. */
export async function newSubscriber(pair?: CryptoKeyPair, authSecret?: Uint8Array): Promise<TestSubscriber> {
  const keys = pair ?? ((await subtle.generateKey(ECDH, true, ["deriveBits"])) as CryptoKeyPair);
  const auth = toBase64Url(authSecret ?? crypto.getRandomValues(new Uint8Array(16)));
  const p256dh = toBase64Url(new Uint8Array((await subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer));
  const privateKeyJwk = keys.privateKey.extractable ? ((await subtle.exportKey("jwk", keys.privateKey)) as JsonWebKey) : {};
  return {
    keys: { p256dh, auth },
    privateKeyJwk,
    decrypt: (body) => decryptPushText(body, { privateKey: keys.privateKey, p256dh, auth }),
  };
}
