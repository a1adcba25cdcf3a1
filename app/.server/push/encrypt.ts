// Message encryption for Web Push (RFC 8291) in the aes128gcm content coding (RFC 8188):
// one record, so the body is
//   salt (16) | rs (4, big-endian, 4096) | idlen (1) = 65 | keyid = the sender's ephemeral
//   public key (65) | AES-128-GCM(plaintext || 0x02) with its 16-byte tag.
// Web Crypto only: the same code runs in workerd and in Node.
import { type Bytes, concat, fromBase64Url, utf8 } from "./bytes";

/** The record size written in the header. */
export const RECORD_SIZE = 4096;
/** 4096 octets of body less the 86-octet header, 1 delimiter octet and the 16-octet tag (RFC 8291 §4). */
export const MAX_PLAINTEXT_BYTES = 3993;

export const ENCRYPT_ERRORS = {
  p256dh: "p256dh must be a 65-byte uncompressed P-256 point in base64url",
  auth: "auth must be 16 bytes in base64url",
  salt: "The salt must be 16 bytes",
  tooLong: `A push message holds at most ${MAX_PLAINTEXT_BYTES} bytes`,
} as const;

const ECDH = { name: "ECDH", namedCurve: "P-256" } as const;

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", ikm as Bytes, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: salt as Bytes, info: info as Bytes }, key, bytes * 8),
  );
}

/**
 * RFC 8291 §3.3–3.4: the content-encryption key and nonce from the ECDH secret, the
 * subscriber's auth secret, both public keys (receiver's first) and the salt.
 */
async function deriveKeyAndNonce(ecdhSecret: Uint8Array, auth: Uint8Array, uaPublic: Uint8Array, asPublic: Uint8Array, salt: Uint8Array) {
  const ikm = await hkdf(auth, ecdhSecret, concat(utf8("WebPush: info\0"), uaPublic, asPublic), 32);
  const [cek, nonce] = await Promise.all([
    hkdf(salt, ikm, utf8("Content-Encoding: aes128gcm\0"), 16),
    hkdf(salt, ikm, utf8("Content-Encoding: nonce\0"), 12),
  ]);
  return { cek, nonce };
}

export type EncryptInput = {
  /** The subscription's `keys.p256dh`: the browser's public key, base64url. */
  p256dh: string;
  /** The subscription's `keys.auth`: its 16-byte secret, base64url. */
  auth: string;
  payload: string | Uint8Array;
  /** 16 bytes; random by default. Fixed only by tests. */
  salt?: Uint8Array;
  /** The sender's ephemeral ECDH P-256 pair; fresh per message by default. Fixed only by tests. */
  localKeys?: CryptoKeyPair;
};

/** The aes128gcm body for one push message. Throws an Error with one of ENCRYPT_ERRORS. */
export async function encryptPayload({ p256dh, auth, payload, salt, localKeys }: EncryptInput): Promise<Bytes> {
  const uaPublic = fromBase64Url(p256dh);
  if (uaPublic?.length !== 65 || uaPublic[0] !== 4) throw new Error(ENCRYPT_ERRORS.p256dh);
  const authSecret = fromBase64Url(auth);
  if (authSecret?.length !== 16) throw new Error(ENCRYPT_ERRORS.auth);
  const plaintext = typeof payload === "string" ? utf8(payload) : payload;
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new Error(ENCRYPT_ERRORS.tooLong);
  const saltBytes = salt ?? crypto.getRandomValues(new Uint8Array(16));
  if (saltBytes.length !== 16) throw new Error(ENCRYPT_ERRORS.salt);

  const receiver = await crypto.subtle.importKey("raw", uaPublic, ECDH, false, []).catch(() => {
    throw new Error(ENCRYPT_ERRORS.p256dh);
  });
  const sender = localKeys ?? ((await crypto.subtle.generateKey(ECDH, true, ["deriveBits"])) as CryptoKeyPair);
  const [asPublicBuffer, secretBuffer] = await Promise.all([
    crypto.subtle.exportKey("raw", sender.publicKey) as Promise<ArrayBuffer>,
    crypto.subtle.deriveBits({ name: "ECDH", public: receiver }, sender.privateKey, 256),
  ]);
  const asPublic = new Uint8Array(asPublicBuffer);
  const { cek, nonce } = await deriveKeyAndNonce(new Uint8Array(secretBuffer), authSecret, uaPublic, asPublic, saltBytes);

  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  const record = concat(plaintext, Uint8Array.of(2)); // the last record's delimiter, no padding
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, key, record));

  const header = new Uint8Array(21);
  header.set(saltBytes, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, ciphertext);
}
