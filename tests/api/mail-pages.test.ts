// The registration-mail pages through their route modules (the test Worker has no React
// Router build): the opt-in form on /profile and /unsubscribe, whose signed link alone
// is the authority — with or without a login, whoever is logged in.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tokenFor, userRow } from "../auth-fixtures";
import { subscriber } from "../registration-fixtures";
import { argsWith, outcome, sessionOf } from "../route-fixtures";
import type { Session } from "~/.server/auth/current-user";
import { signUnsubscribe } from "~/.server/auth/unsubscribe-link";
import { MAIL_OPTIN_OFF, MAIL_OPTIN_ON } from "~/routes/mail-optin-form.server";
import { INVALID_UNSUBSCRIBE_LINK } from "~/schemas/notifications";
import * as profilePage from "~/routes/profile";
import * as unsubscribePage from "~/routes/unsubscribe";

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
};
const notifyOf = async (id: number) => (await userRow(id))?.notifyRegistration;
const signedPath = async (id: number) => `/unsubscribe?u=${id}&t=${await signUnsubscribe(env.SESSION_SECRET, id)}`;
const ONE_CLICK = { "List-Unsubscribe": "One-Click" };

describe("/profile: the mail opt-in form", () => {
  it("turns the mail on and off; the loader shows the stored setting", async () => {
    const session = (await sessionOf("player")) as Session;
    const optIn = (fields: Record<string, string>) => outcome(profilePage.action(argsWith(session, post("/profile", fields))));
    const saved = (text: string) => ({ status: 200, data: { mailOptIn: expect.stringContaining(text) } });
    expect(await optIn({ intent: "mailOptIn", notify: "on" })).toMatchObject(saved(MAIL_OPTIN_ON));
    expect(await notifyOf(session.user.id)).toBe(true);
    const page = await outcome(profilePage.loader(argsWith(session, new Request("http://localhost/profile"))));
    expect(page.data.mail).toEqual({ registrationOpens: true, cardsPublished: false, waitlist: false });
    // The card mail's box (ADR 25) beside it: each box is saved as it is posted.
    expect(await optIn({ intent: "mailOptIn", cards: "on" })).toMatchObject(saved(MAIL_OPTIN_OFF));
    expect(await userRow(session.user.id)).toMatchObject({ notifyRegistration: false, notifyCards: true });
    expect(await optIn({ intent: "mailOptIn" })).toMatchObject(saved("You will not get a mail with your scorecard."));
    expect(await notifyOf(session.user.id)).toBe(false);
  });

  it("a box sent as anything but 'on': 400 naming the field, nothing changed; no session: to the login", async () => {
    const session = (await sessionOf("player")) as Session;
    const bad = await outcome(profilePage.action(argsWith(session, post("/profile", { intent: "mailOptIn", notify: "yes" }))));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.notify).toBe("Tick the box or leave it empty");
    expect(await notifyOf(session.user.id)).toBe(false);
    const anonymous = await outcome(profilePage.action(argsWith(null, post("/profile", { intent: "mailOptIn", notify: "on" }))));
    expect(anonymous).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fprofile" });
  });
});

describe("/unsubscribe", () => {
  it("GET with a signed link shows the account (masked) and its setting, without a login", async () => {
    const user = await subscriber();
    const page = await outcome(unsubscribePage.loader(argsWith(null, new Request(`http://localhost${await signedPath(user.id)}`))));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ on: true, error: null, link: await signedPath(user.id) });
    expect(page.data.email).toMatch(/^.•••@example\.com$/);
  });

  it("GET with a forged link: 400 with the message; a signed link of a user who is gone: 404", async () => {
    const user = await subscriber();
    const forged = await outcome(
      unsubscribePage.loader(argsWith(null, new Request(`http://localhost/unsubscribe?u=${user.id}&t=${"A".repeat(43)}`))),
    );
    expect(forged).toMatchObject({ status: 400, data: { error: INVALID_UNSUBSCRIBE_LINK, email: null } });
    const gone = await outcome(unsubscribePage.loader(argsWith(null, new Request(`http://localhost${await signedPath(2_147_483_000)}`))));
    expect(gone.status).toBe(404);
  });

  it("the one-click POST (no session) turns the mail off and says so; again is fine", async () => {
    const user = await subscriber();
    const path = await signedPath(user.id);
    for (let i = 0; i < 2; i++) {
      const answer = await outcome(unsubscribePage.action(argsWith(null, post(path, ONE_CLICK))));
      expect(answer).toMatchObject({ status: 200, data: { success: "You will no longer get these mails." } });
    }
    expect(await notifyOf(user.id)).toBe(false);
  });

  it("a logged-in user is no authority: their own session with a forged or another user's link changes nothing", async () => {
    const victim = await subscriber();
    const session = (await sessionOf("player")) as Session;
    const attempts = [
      `/unsubscribe?u=${victim.id}&t=${"B".repeat(43)}`,
      `/unsubscribe?u=${victim.id}&t=${await signUnsubscribe(env.SESSION_SECRET, session.user.id)}`,
      `/unsubscribe?u=${victim.id}`,
    ];
    for (const path of attempts) {
      const answer = await outcome(unsubscribePage.action(argsWith(session, post(path, ONE_CLICK))));
      expect(answer).toMatchObject({ status: 400, data: { formError: INVALID_UNSUBSCRIBE_LINK } });
    }
    expect(await notifyOf(victim.id)).toBe(true);
  });

  it("a POST without RFC 8058's body is refused (400), even with a valid link", async () => {
    const user = await subscriber();
    const answer = await outcome(unsubscribePage.action(argsWith(null, post(await signedPath(user.id), { other: "x" }))));
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors["List-Unsubscribe"]).toMatch(/List-Unsubscribe=One-Click/);
    expect(await notifyOf(user.id)).toBe(true);
  });
});

describe("the one-click URL of List-Unsubscribe: POST /api/users/unsubscribe", () => {
  const oneClick = (query: string, headers: Record<string, string> = {}, body = "List-Unsubscribe=One-Click") =>
    exports.default.fetch(
      new Request(`http://localhost/api/users/unsubscribe${query}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body,
      }),
    );
  const queryOf = async (id: number) => (await signedPath(id)).replace("/unsubscribe", "");

  it("a mail client's post from another site, with no cookie, turns the mail off (200)", async () => {
    const user = await subscriber();
    const res = await oneClick(await queryOf(user.id), { Origin: "https://mail.example" });
    expect([res.status, await res.json()]).toEqual([200, { success: true, message: "You will no longer get these mails." }]);
    expect(await notifyOf(user.id)).toBe(false);
  });

  it("a forged link: 400; the user's own cookie is no authority, and from another site it is refused (403)", async () => {
    const user = await subscriber();
    const forged = await oneClick(`?u=${user.id}&t=${"C".repeat(43)}`, {
      Cookie: `__Host-session=${await tokenFor(user)}`,
      Origin: "http://localhost",
    });
    expect([forged.status, ((await forged.json()) as { error: string }).error]).toEqual([400, INVALID_UNSUBSCRIBE_LINK]);
    const crossSite = await oneClick(await queryOf(user.id), {
      Cookie: `__Host-session=${await tokenFor(user)}`,
      Origin: "https://mail.example",
    });
    expect(crossSite.status).toBe(403);
    const noBody = await oneClick(await queryOf(user.id), {}, "");
    expect([noBody.status, ((await noBody.json()) as { code: string }).code]).toEqual([400, "bad_request"]);
    expect(await notifyOf(user.id)).toBe(true);
  });

  it("a client that opens the URL instead is sent to the page", async () => {
    const user = await subscriber();
    const res = await exports.default.fetch(
      new Request(`http://localhost/api/users/unsubscribe${await queryOf(user.id)}`, { redirect: "manual" }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(await signedPath(user.id));
    expect(await notifyOf(user.id)).toBe(true);
  });
});
