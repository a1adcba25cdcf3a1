import { BASE64URL_32_BYTES, base64url } from "~/lib/shared/base64url";
import { assertUsableSecret } from "./session-secret";
import { type LeagueAddress, leagueUrls } from "~/lib/shared/league-url";

// The one-click unsubscribe link of the registration mails: /unsubscribe?u={userId}&t={sig}.
// Mail clients post to it without a cookie (RFC 8058), so the signature is the whole
// authority: HMAC-SHA256 over a fixed purpose and the user id, under a key derived from
// SESSION_SECRET with HKDF. The raw secret never signs anything here, and the purpose
// string keeps these signatures apart from every other HMAC the app makes under that secret.

const PURPOSE = "unsubscribe:registration-mail:";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function unsubscribeKey(secret: string): Promise<CryptoKey> {
  const usable = assertUsableSecret(secret);
  let key = keys.get(usable);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(usable), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("league-app"), info: encoder.encode("unsubscribe-links v1") },
          base,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign", "verify"],
        ),
      );
    keys.set(usable, key);
  }
  return key;
}

/** The signature of `userId`'s unsubscribe link. */
export async function signUnsubscribe(secret: string, userId: number): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await unsubscribeKey(secret), encoder.encode(`${PURPOSE}${userId}`));
  return base64url(new Uint8Array(sig));
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** Whether `signature` is `userId`'s: checked by WebCrypto's verify, which compares in constant time. */
export async function verifyUnsubscribe(secret: string, userId: number, signature: string): Promise<boolean> {
  if (!BASE64URL_32_BYTES.test(signature)) return false;
  return crypto.subtle.verify("HMAC", await unsubscribeKey(secret), fromBase64url(signature), encoder.encode(`${PURPOSE}${userId}`));
}

/**
 * The user's two unsubscribe URLs on `origin` (APP_URL in production; app-url.ts): the page a
 * person opens (the deployment's), and the /api URL of List-Unsubscribe that mail clients post
 * their one-click to, in `league`'s /api (the default league's when not given; ADR 46).
 */
export async function unsubscribeUrls(
  origin: string,
  secret: string,
  userId: number,
  league?: LeagueAddress,
): Promise<{ page: string; oneClick: string }> {
  const query = `u=${userId}&t=${await signUnsubscribe(secret, userId)}`;
  const links = leagueUrls(league, origin);
  return { page: links.rootHref(`/unsubscribe?${query}`), oneClick: links.apiUrl(`/users/unsubscribe?${query}`) };
}
