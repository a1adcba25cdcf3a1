// A user's mail settings per league (ADR 46), and the signed one-click unsubscribe link:
// only a signature made by the server for that very user and league turns the mail off, and
// only in that league.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { refusal, testDb } from "../fixtures";
import { choose, prefsOf, subscriber } from "../registration-fixtures";
import { signUnsubscribe, unsubscribeUrls, verifyUnsubscribe } from "~/.server/auth/unsubscribe-link";
import { base64url } from "~/lib/shared/base64url";
import {
  NOT_A_MEMBER,
  getMailPrefs,
  maskEmail,
  readUnsubscribeLink,
  setMailPrefs,
  unsubscribe,
} from "~/.server/services/accounts/mail-prefs";
import { getDb } from "~/.server/db/client";
import { DEFAULT_LEAGUE_ID, claims, leagues, players } from "~/.server/db/schema";
import { INVALID_UNSUBSCRIBE_LINK } from "~/schemas/notifications";

const secret = env.SESSION_SECRET;
const link = (u: string | number, t: string, l?: number) => new URLSearchParams({ u: String(u), ...(l ? { l: String(l) } : {}), t });
const notifyOf = async (id: number, leagueId = DEFAULT_LEAGUE_ID) => (await prefsOf(id, leagueId))?.notifyRegistration;

/** A second league of this file's, and its query builder. */
async function otherLeague() {
  const [row] = await testDb()
    .insert(leagues)
    .values({ slug: `prefs-${crypto.randomUUID().slice(0, 8)}`, name: "Second League", timeZone: "America/Denver" })
    .returning();
  return { id: row.id, db: getDb(env.DB, row.id) };
}

/** Makes account `userId` a member of league `leagueId`: an approved claim on a player of its own. */
async function memberOf(leagueId: number, userId: number) {
  const [player] = await testDb().insert(players).values({ leagueId, firstName: "Member", lastName: "Here", division: "MA1" }).returning();
  await testDb().insert(claims).values({ leagueId, userId, playerId: player.id, status: "approved" });
}

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
    expect(await getMailPrefs(testDb(), user.id)).toEqual({ registrationOpens: false });
    expect(await prefsOf(user.id)).toBeUndefined();
    expect(await setMailPrefs(testDb(), user.id, { registrationOpens: true })).toEqual({ registrationOpens: true });
    expect(await notifyOf(user.id)).toBe(true);
    expect(await setMailPrefs(testDb(), user.id, { registrationOpens: false })).toEqual({ registrationOpens: false });
    expect(await notifyOf(user.id)).toBe(false);
    expect(await setMailPrefs(testDb(), user.id, {})).toEqual({ registrationOpens: false });
  });

  it("leave the card and waitlist mails' columns alone: those are kinds of message now (ADR 49)", async () => {
    const user = await makeUser();
    await choose(user.id, { notifyCards: true, notifyWaitlist: true });
    await setMailPrefs(testDb(), user.id, { registrationOpens: true });
    expect(await prefsOf(user.id)).toMatchObject({ notifyRegistration: true, notifyCards: true, notifyWaitlist: true });
  });

  it("are each league's own: setting league B's leaves the default league's as they were, and the other way round", async () => {
    const user = await makeUser();
    const b = await otherLeague();
    await memberOf(b.id, user.id);
    await memberOf(DEFAULT_LEAGUE_ID, user.id);
    await setMailPrefs(testDb(), user.id, { registrationOpens: true });
    expect(await setMailPrefs(b.db, user.id, { registrationOpens: false })).toEqual({ registrationOpens: false });
    expect(await getMailPrefs(testDb(), user.id)).toEqual({ registrationOpens: true });
    await setMailPrefs(b.db, user.id, { registrationOpens: true });
    await setMailPrefs(testDb(), user.id, { registrationOpens: false });
    expect(await getMailPrefs(b.db, user.id)).toEqual({ registrationOpens: true });
    expect(await prefsOf(user.id, b.id)).toMatchObject({ leagueId: b.id, notifyRegistration: true });
  });

  it("are turned on by the league's members only: anyone else is refused and no row is made; off is always taken", async () => {
    const user = await makeUser();
    const b = await otherLeague();
    expect(await refusal(setMailPrefs(b.db, user.id, { registrationOpens: true }))).toMatchObject({
      code: "forbidden",
      message: NOT_A_MEMBER,
    });
    expect(await prefsOf(user.id, b.id)).toBeUndefined();
    expect(await setMailPrefs(b.db, user.id, { registrationOpens: false })).toEqual({ registrationOpens: false });
    await memberOf(b.id, user.id);
    expect(await setMailPrefs(b.db, user.id, { registrationOpens: true })).toEqual({ registrationOpens: true });
    // The default league is every account's on /profile: its choices are always taken.
    expect(await setMailPrefs(testDb(), user.id, { registrationOpens: true })).toEqual({ registrationOpens: true });
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

  it("signs the league with the user: a link's signature verifies for its league only, and not as a link from before leagues", async () => {
    const sig = await signUnsubscribe(secret, 41, 2);
    expect(await verifyUnsubscribe(secret, 41, sig, 2)).toBe(true);
    expect(await verifyUnsubscribe(secret, 41, sig, 3)).toBe(false);
    expect(await verifyUnsubscribe(secret, 41, sig)).toBe(false);
    expect(await verifyUnsubscribe(secret, 42, sig, 2)).toBe(false);
    // The old link's signature (the user alone) is no league's.
    expect(await verifyUnsubscribe(secret, 41, await signUnsubscribe(secret, 41), 1)).toBe(false);
  });

  it("the links: the page at the root and the one-click in the league's /api, both naming the league, on the given origin", async () => {
    const root = `?u=7&l=1&t=${await signUnsubscribe(secret, 7, 1)}`;
    expect(await unsubscribeUrls("https://league.example", secret, 7, { id: 1, slug: "league", isDefault: true })).toEqual({
      page: `https://league.example/unsubscribe${root}`,
      oneClick: `https://league.example/api/users/unsubscribe${root}`,
    });
    const second = `?u=7&l=5&t=${await signUnsubscribe(secret, 7, 5)}`;
    expect(await unsubscribeUrls("https://league.example", secret, 7, { id: 5, slug: "second", isDefault: false })).toEqual({
      page: `https://league.example/unsubscribe${second}`,
      oneClick: `https://league.example/l/second/api/users/unsubscribe${second}`,
    });
  });
});

describe("unsubscribe", () => {
  it("a league's link turns that league's mail off only, and says whose account it is", async () => {
    const user = await subscriber();
    const b = await otherLeague();
    await choose(user.id, { notifyRegistration: true, notifyCards: true }, b.id);
    const params = link(user.id, await signUnsubscribe(secret, user.id, b.id), b.id);
    expect(await readUnsubscribeLink(b.db, secret, params)).toEqual({
      userId: user.id,
      email: maskEmail(user.email),
      registrationOpens: true,
    });
    expect(await unsubscribe(b.db, secret, params)).toMatchObject({ userId: user.id, registrationOpens: false });
    expect(await prefsOf(user.id, b.id)).toMatchObject({ notifyRegistration: false, notifyCards: true });
    // The default league's mail stays on.
    expect(await notifyOf(user.id)).toBe(true);
    // Opened in another league's place (the default league's here), the same link is refused there.
    const elsewhere = await refusal(unsubscribe(testDb(), secret, params));
    expect(elsewhere).toMatchObject({ status: 400, message: INVALID_UNSUBSCRIBE_LINK });
    expect(await notifyOf(user.id)).toBe(true);
  });

  it("a link from before links named their league still works, for the default league only", async () => {
    const user = await subscriber();
    const b = await otherLeague();
    await choose(user.id, { notifyRegistration: true }, b.id);
    const old = link(user.id, await signUnsubscribe(secret, user.id));
    expect((await refusal(unsubscribe(b.db, secret, old))).status).toBe(400);
    expect(await unsubscribe(testDb(), secret, old)).toMatchObject({ registrationOpens: false });
    expect(await notifyOf(user.id)).toBe(false);
    expect(await notifyOf(user.id, b.id)).toBe(true);
  });

  it("a league's link altered to name another league, or with its league taken out: 400, nothing changes", async () => {
    const user = await subscriber();
    const b = await otherLeague();
    await choose(user.id, { notifyRegistration: true }, b.id);
    const sigB = await signUnsubscribe(secret, user.id, b.id);
    // B's signature, the link rewritten to the default league (opened at the root), or with no league at all.
    for (const params of [link(user.id, sigB, DEFAULT_LEAGUE_ID), link(user.id, sigB)]) {
      expect(await refusal(unsubscribe(testDb(), secret, params))).toMatchObject({ status: 400, message: INVALID_UNSUBSCRIBE_LINK });
    }
    // The default league's signature with B's id put in, opened in B.
    const sig1 = await signUnsubscribe(secret, user.id, DEFAULT_LEAGUE_ID);
    expect((await refusal(unsubscribe(b.db, secret, link(user.id, sig1, b.id)))).status).toBe(400);
    // A league given twice, or not a number.
    const twice = new URLSearchParams(`u=${user.id}&l=${b.id}&l=${b.id}&t=${sigB}`);
    expect((await refusal(unsubscribe(b.db, secret, twice))).status).toBe(400);
    expect((await refusal(unsubscribe(b.db, secret, new URLSearchParams(`u=${user.id}&l=${b.id}x&t=${sigB}`)))).status).toBe(400);
    expect(await notifyOf(user.id)).toBe(true);
    expect(await notifyOf(user.id, b.id)).toBe(true);
  });

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
