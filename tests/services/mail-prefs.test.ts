// A user's registration-mail setting, and the signed one-click unsubscribe link: only a
// signature made by the server for that very user turns the mail off.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeUser, userRow } from "../auth-fixtures";
import { refusal, testDb } from "../fixtures";
import { subscriber } from "../registration-fixtures";
import { signUnsubscribe, unsubscribeUrls, verifyUnsubscribe } from "~/.server/auth/unsubscribe-link";
import { base64url } from "~/lib/shared/base64url";
import { getMailPrefs, maskEmail, readUnsubscribeLink, setMailPrefs, unsubscribe } from "~/.server/services/accounts/mail-prefs";
import { INVALID_UNSUBSCRIBE_LINK } from "~/schemas/notifications";

const secret = env.SESSION_SECRET;
const link = (u: string | number, t: string) => new URLSearchParams({ u: String(u), t });
const notifyOf = async (id: number) => (await userRow(id))?.notifyRegistration;

/** The signature with one character changed. */
const tamper = (sig: string) => `${sig.slice(0, 20)}${sig[20] === "A" ? "B" : "A"}${sig.slice(21)}`;

/**
 * The same 32 bytes spelled another way: the last character's two spare bits set. A
 * decoder ignores them, so only the pattern tells this spelling from the signed one.
 */
const respelled = (sig: string) => {
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return `${sig.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(sig.at(-1)!) | 3]}`;
};

describe("mail preferences", () => {
  it("are off for a new user; turning them on and off is stored", async () => {
    const user = await makeUser();
    expect(await getMailPrefs(testDb(), user.id)).toEqual({ registrationOpens: false, cardsPublished: false, waitlist: false });
    expect(await setMailPrefs(testDb(), user.id, { registrationOpens: true })).toEqual({
      registrationOpens: true,
      cardsPublished: false,
      waitlist: false,
    });
    expect(await notifyOf(user.id)).toBe(true);
    expect(await setMailPrefs(testDb(), user.id, { registrationOpens: false })).toEqual({
      registrationOpens: false,
      cardsPublished: false,
      waitlist: false,
    });
    // The card mail (ADR 25) is set on its own; a save of one leaves the other as it was.
    expect(await setMailPrefs(testDb(), user.id, { cardsPublished: true })).toEqual({
      registrationOpens: false,
      cardsPublished: true,
      waitlist: false,
    });
    expect(await notifyOf(user.id)).toBe(false);
  });

  it("a user who does not exist: 404", async () => {
    expect((await refusal(getMailPrefs(testDb(), 2_147_483_000))).status).toBe(404);
    expect((await refusal(setMailPrefs(testDb(), 2_147_483_000, { registrationOpens: true }))).status).toBe(404);
  });
});

describe("the unsubscribe signature", () => {
  it("is 32 bytes of base64url, the same on every call, and verifies for its user only", async () => {
    const sig = await signUnsubscribe(secret, 41);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await signUnsubscribe(secret, 41)).toBe(sig);
    expect(await verifyUnsubscribe(secret, 41, sig)).toBe(true);
    expect(await verifyUnsubscribe(secret, 42, sig)).toBe(false);
    expect(await verifyUnsubscribe(secret, 41, tamper(sig))).toBe(false);
    expect(await verifyUnsubscribe(secret, 41, sig.slice(0, 42))).toBe(false);
    expect(await verifyUnsubscribe(secret, 41, `${sig}A`)).toBe(false);
    expect(await verifyUnsubscribe(secret, 41, respelled(sig))).toBe(false);
    expect(await verifyUnsubscribe(secret, 41, "")).toBe(false);
  });

  it("is not an HMAC under the raw secret, and another secret's signature does not verify", async () => {
    const raw = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const underRaw = base64url(
      new Uint8Array(await crypto.subtle.sign("HMAC", raw, new TextEncoder().encode("unsubscribe:registration-mail:41"))),
    );
    expect(await signUnsubscribe(secret, 41)).not.toBe(underRaw);
    expect(await verifyUnsubscribe(secret, 41, underRaw)).toBe(false);
    const other = "Zx8_kP0vJd2wH7sLr8TzA1cN5eGuYbVxKfRiWoMjE9q";
    expect(await verifyUnsubscribe(secret, 41, await signUnsubscribe(other, 41))).toBe(false);
  });

  it("the links: the page at /unsubscribe and the one-click at /api/users/unsubscribe, on the given origin", async () => {
    const query = `?u=7&t=${await signUnsubscribe(secret, 7)}`;
    expect(await unsubscribeUrls("https://league.example", secret, 7)).toEqual({
      page: `https://league.example/unsubscribe${query}`,
      oneClick: `https://league.example/api/users/unsubscribe${query}`,
    });
  });
});

describe("unsubscribe", () => {
  it("a valid link shows the account (masked) and its setting, and turns the mail off", async () => {
    const user = await subscriber();
    const params = link(user.id, await signUnsubscribe(secret, user.id));
    expect(await readUnsubscribeLink(testDb(), secret, params)).toEqual({
      userId: user.id,
      email: maskEmail(user.email),
      registrationOpens: true,
    });
    expect(maskEmail(user.email)).toMatch(/^.•••@/);
    expect(await unsubscribe(testDb(), secret, params)).toMatchObject({ userId: user.id, registrationOpens: false });
    expect(await notifyOf(user.id)).toBe(false);
    // A second click (or the mail client's post after the page's) is no error.
    expect(await unsubscribe(testDb(), secret, params)).toMatchObject({ registrationOpens: false });
  });

  it.each([
    ["another user's signature", async (id: number) => link(id, await signUnsubscribe(secret, id + 1))],
    ["a tampered signature", async (id: number) => link(id, tamper(await signUnsubscribe(secret, id)))],
    ["its signature spelled with the spare bits set", async (id: number) => link(id, respelled(await signUnsubscribe(secret, id)))],
    ["a forged signature", async (id: number) => link(id, "A".repeat(43))],
    ["a malformed signature", async (id: number) => link(id, "not a signature")],
    ["no signature", async (id: number) => new URLSearchParams({ u: String(id) })],
    ["no user", async (id: number) => new URLSearchParams({ t: await signUnsubscribe(secret, id) })],
    ["a user id that is not a number", async (id: number) => link(`${id}abc`, await signUnsubscribe(secret, id))],
    ["the user given twice", async (id: number) => new URLSearchParams(`u=${id}&u=${id + 1}&t=${await signUnsubscribe(secret, id)}`)],
  ])("%s: 400 with a readable message, the mail stays on", async (_, paramsFor) => {
    const user = await subscriber();
    const err = await refusal(unsubscribe(testDb(), secret, await paramsFor(user.id)));
    expect(err.status).toBe(400);
    expect(err.message).toBe(INVALID_UNSUBSCRIBE_LINK);
    expect(await notifyOf(user.id)).toBe(true);
  });

  it("a signed link of a user who is gone: 404", async () => {
    const err = await refusal(unsubscribe(testDb(), secret, link(2_147_483_000, await signUnsubscribe(secret, 2_147_483_000))));
    expect(err.status).toBe(404);
    expect(err.message).toMatch(/no longer exists/);
  });
});
