import { BASE64URL_32_BYTES, base64url } from "~/lib/shared/base64url";
import { assertUsableSecret } from "./session-secret";
import { type LeagueAddress, leagueUrls } from "~/lib/shared/league-url";

// The one-click unsubscribe link of the registration mails, naming the league that sent it:
// /unsubscribe?u={userId}&l={leagueId}&t={sig}, a deployment page placed in that league (ADR 46). Mail clients post to it
// without a cookie (RFC 8058), so the signature is the whole authority: HMAC-SHA256 over a
// fixed purpose, the league and the user, under a key derived from SESSION_SECRET with HKDF.
// The raw secret never signs anything here, and the purpose strings keep these signatures
// apart from every other HMAC the app makes under that secret. A link sent before links named
// their league (/unsubscribe?u={userId}&t={sig}, its own purpose) still verifies: it is the
// first league's, whose mail it was.

const PURPOSE = "unsubscribe:registration-mail:";
const LEAGUE_PURPOSE = "unsubscribe:league-registration-mail:";

/** What is signed: the user alone (a link from before leagues), or the league and the user. */
const signed = (userId: number, leagueId?: number) =>
  encoder.encode(leagueId === undefined ? `${PURPOSE}${userId}` : `${LEAGUE_PURPOSE}${leagueId}:${userId}`);

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

/** The signature of `userId`'s unsubscribe link in league `leagueId` (without it: a link as sent before leagues). */
export async function signUnsubscribe(secret: string, userId: number, leagueId?: number): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await unsubscribeKey(secret), signed(userId, leagueId));
  return base64url(new Uint8Array(sig));
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** Whether `signature` is `userId`'s in `leagueId` (or, without it, an old link's): WebCrypto's verify compares in constant time. */
export async function verifyUnsubscribe(secret: string, userId: number, signature: string, leagueId?: number): Promise<boolean> {
  if (!BASE64URL_32_BYTES.test(signature)) return false;
  return crypto.subtle.verify("HMAC", await unsubscribeKey(secret), fromBase64url(signature), signed(userId, leagueId));
}

/**
 * The user's two unsubscribe URLs for `league`'s mail on `origin` (APP_URL in production;
 * app-url.ts) (ADR 46): the page a person opens (at the root, naming the league), and the
 * league's /api URL of List-Unsubscribe that mail clients post their one-click to.
 */
export async function unsubscribeUrls(
  origin: string,
  secret: string,
  userId: number,
  league: LeagueAddress & { id: number },
): Promise<{ page: string; oneClick: string }> {
  const query = `u=${userId}&l=${league.id}&t=${await signUnsubscribe(secret, userId, league.id)}`;
  const links = leagueUrls(league, origin);
  return { page: links.rootHref(`/unsubscribe?${query}`), oneClick: links.apiUrl(`/users/unsubscribe?${query}`) };
}

// A message's one-click off (ADR 49): the same key and scheme, another purpose, and the kind
// of message it turns off, so a link turns off only the kind it came with.
const MESSAGE_OFF_PURPOSE = "message-off:";
const messageOffSigned = (userId: number, leagueId: number, kind: string) =>
  encoder.encode(`${MESSAGE_OFF_PURPOSE}${leagueId}:${userId}:${kind}`);

/** The signature of `userId`'s link turning off `kind` in league `leagueId`. */
export async function signMessageOff(secret: string, userId: number, leagueId: number, kind: string): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await unsubscribeKey(secret), messageOffSigned(userId, leagueId, kind));
  return base64url(new Uint8Array(sig));
}

/** Whether `signature` turns off `kind` for `userId` in `leagueId`. */
export async function verifyMessageOff(
  secret: string,
  userId: number,
  leagueId: number,
  kind: string,
  signature: string,
): Promise<boolean> {
  if (!BASE64URL_32_BYTES.test(signature)) return false;
  return crypto.subtle.verify("HMAC", await unsubscribeKey(secret), fromBase64url(signature), messageOffSigned(userId, leagueId, kind));
}

/**
 * The user's links turning off `kind` of `league`'s messages: the page a person opens
 * (/messages/off at the root, naming the league, as /unsubscribe does) and the league's /api
 * URL of List-Unsubscribe that mail clients post their one-click to.
 */
export async function messageOffUrls(
  origin: string,
  secret: string,
  userId: number,
  league: LeagueAddress & { id: number },
  kind: string,
): Promise<{ page: string; oneClick: string }> {
  const query = `u=${userId}&l=${league.id}&k=${kind}&t=${await signMessageOff(secret, userId, league.id, kind)}`;
  const links = leagueUrls(league, origin);
  return { page: links.rootHref(`/messages/off?${query}`), oneClick: links.apiUrl(`/messages/off?${query}`) };
}
