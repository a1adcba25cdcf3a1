// A league's PayPal secret at rest: sealed with AES-GCM under a key derived (HKDF-SHA-256)
// from the deployment's PAYPAL_CREDENTIALS_KEY, bound to its league (the league id is the
// additional data, so a sealed secret copied into another league's row does not open). The
// sealed text is `v1.{iv}.{ciphertext}`, both base64url. Nothing here logs or returns the
// secret but `unsealSecret` itself.

/** The fewest random bytes PAYPAL_CREDENTIALS_KEY may hold. */
export const MIN_KEY_BYTES = 32;

const VERSION = "v1";
const SALT = new TextEncoder().encode("league-paypal-credentials");
const INFO = new TextEncoder().encode("league_paypal.secret_sealed v1");

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

// One derived key per key text an isolate has seen: deriving costs a little on every call otherwise.
const derived = new Map<string, Promise<CryptoKey>>();

/**
 * The sealing key from PAYPAL_CREDENTIALS_KEY, or null when it is missing or weak (not
 * base64url, or fewer than 32 bytes): then no league's credentials can be saved or opened.
 */
export function credentialsKey(raw: string | undefined): Promise<CryptoKey> | null {
  const text = raw?.trim();
  if (!text) return null;
  const bytes = fromBase64Url(text);
  if (!bytes || bytes.length < MIN_KEY_BYTES) return null;
  const known = derived.get(text);
  if (known) return known;
  const key = crypto.subtle
    .importKey("raw", bytes, "HKDF", false, ["deriveKey"])
    .then((base) =>
      crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: SALT, info: INFO }, base, { name: "AES-GCM", length: 256 }, false, [
        "encrypt",
        "decrypt",
      ]),
    );
  derived.set(text, key);
  return key;
}

const additionalData = (leagueId: number) => new TextEncoder().encode(`league:${leagueId}`);

/** The secret sealed for `leagueId`: a fresh IV every time. */
export async function sealSecret(key: CryptoKey, leagueId: number, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: additionalData(leagueId) },
    key,
    new TextEncoder().encode(secret),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The secret again; null when the text was not sealed by this key for this league (tampered, another key, another league). */
export async function unsealSecret(key: CryptoKey, leagueId: number, sealed: string): Promise<string | null> {
  const [version, ivText, bodyText, ...rest] = sealed.split(".");
  if (version !== VERSION || rest.length > 0 || ivText === undefined || bodyText === undefined) return null;
  const iv = fromBase64Url(ivText);
  const body = fromBase64Url(bodyText);
  if (iv?.length !== 12 || !body) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: additionalData(leagueId) }, key, body);
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
