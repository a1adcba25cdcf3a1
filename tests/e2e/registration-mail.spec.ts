import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { api } from "./api";
import { checkA11y, hydrated } from "./axe";
import { expect, loggedInContext, newContext, shot, test } from "./fixtures";
import { waitForMailWithHeaders } from "./mail";
import type { SavedJson } from "../../workers/api/serializers/saved";

// Registration mail in Chromium: a player opts in on /profile, the admin
// opens registration for a round, the mail arrives (locally an .eml file) with the round
// and a signed unsubscribe link, which turns the mail off without a login — from the page,
// and as a mail client's one-click POST from another site with no cookie. Each test's player
// is a user of its own: other tests open registration meanwhile, and only the mail about
// this test's round counts.

const OPT_IN = "Mail me when registration opens for a round";

// A cold server, a mail through the queue and three browser contexts: more than 30 s at times.
test.describe.configure({ timeout: 90_000 });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** The player's setting through the /api, with the player's session. */
async function setSetting(page: Page, on: boolean) {
  await api(page, "PUT", "/api/users/me/notifications", { registrationOpens: on });
}

/** A closed round a week ahead, made through the admin /api: its id and name. */
async function newRound(admin: Page): Promise<{ id: number; name: string }> {
  const name = `Mail Night ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const { id } = await api<SavedJson>(admin, "POST", "/api/admin/round", {
    d: Math.floor(Date.now() / 1000) + 7 * 86_400,
    n: name,
    loc: "Oak Hollow",
    fee_pdga: 0.5,
    fee_course: 1,
    fee_other: 0,
    ace: 1,
    payout: 4.5,
  });
  return { id, name };
}

const PASSWORD = "Chains4Days!";

/** A new user of the test's own: their email. */
async function ownUser(request: APIRequestContext): Promise<string> {
  const email = `mail-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  expect((await request.post("/api/users/register", { data: { email, name: "Mae Mailer", password: PASSWORD } })).status()).toBe(201);
  return email;
}

async function loginWithoutScripts(browser: Browser, email: string): Promise<Page> {
  const page = await (await newContext(browser, { javaScriptEnabled: false })).newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test("a player opts in; the admin's opening mails them; the signed link turns it off, also as a one-click POST", async ({
  adminPage,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  const email = await ownUser(request);
  const playerPage = await (await loggedInContext(browser, email, PASSWORD)).newPage();
  await setSetting(playerPage, false);
  await playerPage.goto("/profile");
  await hydrated(playerPage);
  const box = playerPage.getByLabel(OPT_IN);
  await expect(box).not.toBeChecked();
  // The card and waitlist mails are kinds of message now (ADR 49), chosen on the league's /preferences.
  await expect(playerPage.getByLabel("Mail me my card when cards are published")).toHaveCount(0);
  await expect(playerPage.getByLabel("Mail me about my places on waitlists")).toHaveCount(0);
  await box.check();
  await playerPage.getByRole("button", { name: "Save mail setting" }).click();
  await expect(playerPage.getByRole("status").filter({ hasText: "Saved. We will mail you when registration opens" })).toBeVisible();
  await expectNoSidewaysScroll(playerPage);
  await shot(playerPage, "registration-mail-profile-saved");
  await playerPage.reload();
  await expect(playerPage.getByLabel(OPT_IN)).toBeChecked();

  const round = await newRound(adminPage);
  await adminPage.goto("/admin/rounds");
  await hydrated(adminPage);
  const since = Date.now();
  await adminPage.getByRole("button", { name: `Open registration for ${round.name}` }).click();
  await expect(adminPage.getByRole("button", { name: `Close registration for ${round.name}` })).toBeVisible({ timeout: 15_000 });

  const { head, text } = await waitForMailWithHeaders(email, since, 15_000, `Registration is open for ${round.name}.`);
  expect(text).toContain(`Registration is open for ${round.name}.`);
  expect(text).toContain("Where: Oak Hollow");
  expect(text).toMatch(new RegExp(`http://localhost:\\d+/rounds/${round.id}\\n`));
  // The page for people (in the text), the one-click URL for mail clients (in the header); both
  // name the league whose mail it is (the default league's: at the root, ADR 46).
  const link = /^(http:\/\/localhost:\d+\/unsubscribe\?u=\d+&l=\d+&t=[\w-]{43})$/m.exec(text)?.[1];
  expect(link, text).toBeDefined();
  const oneClickUrl = link!.replace("/unsubscribe?", "/api/users/unsubscribe?");
  expect(head).toContain(`List-Unsubscribe: <${oneClickUrl}>`);
  expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  // The link in a browser that is logged in as nobody.
  const visitor = await (await newContext(browser)).newPage();
  await visitor.goto(link!);
  await hydrated(visitor);
  await expect(visitor.getByText("Mail when registration opens: On")).toBeVisible();
  await expect(visitor.getByText(/^League: /)).toBeVisible();
  await checkA11y(visitor, "unsubscribe page", test.info());
  await expectNoSidewaysScroll(visitor);
  await shot(visitor, "registration-mail-unsubscribe");
  await visitor.getByRole("button", { name: "Stop these mails" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "You will no longer get these mails." })).toBeVisible();
  await expect(visitor.getByText("Mail when registration opens: Off")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "profile" })).toHaveAttribute("href", "/profile");
  await shot(visitor, "registration-mail-unsubscribed");
  await playerPage.reload();
  await expect(playerPage.getByLabel(OPT_IN)).not.toBeChecked();

  // A mail client's one-click: another site's Origin, no cookie, RFC 8058's body.
  await setSetting(playerPage, true);
  // Its own context: `request` holds the session cookie ownUser's calls left behind.
  const mailClient = await playwright.request.newContext({ baseURL });
  const oneClick = await mailClient.post(oneClickUrl, {
    headers: { Origin: "https://mail.example" },
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  await playerPage.goto("/profile");
  await expect(playerPage.getByLabel(OPT_IN)).not.toBeChecked();

  // A forged link changes nothing and says why.
  await setSetting(playerPage, true);
  const forged = link!.replace(/t=[\w-]{43}/, `t=${"A".repeat(43)}`);
  expect((await visitor.goto(forged))?.status()).toBe(400);
  await expect(visitor.getByText("This unsubscribe link is not valid.")).toBeVisible();
  await shot(visitor, "registration-mail-forged");
  const forgedClick = forged.replace("/unsubscribe?", "/api/users/unsubscribe?");
  expect((await mailClient.post(forgedClick, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(400);
  await mailClient.dispose();
  await playerPage.goto("/profile");
  await expect(playerPage.getByLabel(OPT_IN)).toBeChecked();
  await setSetting(playerPage, false);
});

test("the opt-in works without JavaScript", async ({ browser, request }) => {
  const page = await loginWithoutScripts(browser, await ownUser(request));
  await page.goto("/profile");
  const box = page.getByLabel(OPT_IN);
  await box.check();
  await page.getByRole("button", { name: "Save mail setting" }).click();
  // Without scripts the form lands on its league's own page, which shows the answer (ADR 46).
  await expect(page).toHaveURL(/\/preferences$/);
  await expect(page.getByText("Saved. We will mail you when registration opens for a round.")).toBeVisible();
  await expect(page.getByLabel(OPT_IN)).toBeChecked();
  await page.getByLabel(OPT_IN).uncheck();
  await page.getByRole("button", { name: "Save mail setting" }).click();
  await expect(page.getByText("Saved. You will not get a mail when registration opens.")).toBeVisible();
  await expect(page.getByLabel(OPT_IN)).not.toBeChecked();
  // The profile form on the same page is not touched by the mail form's answer.
  await expect(page.getByText("Profile updated.")).toHaveCount(0);
  await shot(page, "registration-mail-profile-nojs");
});

test("a member of two leagues sets each league's mail on /profile, by keyboard, at 375 px @narrow", async ({
  adminPage,
  browser,
  request,
}) => {
  const email = await ownUser(request);
  const { user } = (await (await request.get("/api/users/me")).json()) as { user: { id: number } };
  // The Thursday league (db:seed) makes them its director: a member there too (ADR 47).
  await api(adminPage, "PUT", `/l/thursday/api/admin/memberships/${user.id}`, { role: "director" });
  const page = await (await loggedInContext(browser, email, PASSWORD)).newPage();
  await page.goto("/profile");
  await hydrated(page);
  const thursday = page.getByRole("region", { name: "Thursday Night League" });
  await expect(thursday).toBeVisible();
  const groups = page.getByRole("region").filter({ has: page.getByRole("button", { name: "Save mail setting" }) });
  await expect(groups).toHaveCount(2);
  const ours = groups.filter({ hasNot: page.getByRole("heading", { name: "Thursday Night League" }) });
  // Each league's group leads to that league's own page for how it tells the player (ADR 49).
  await expect(thursday.getByRole("link", { name: /^Messages: how Thursday Night League tells you/ })).toHaveAttribute(
    "href",
    "/l/thursday/preferences",
  );

  // By keyboard alone: the box by its label, Space to tick it, the league's own Save button.
  await thursday.getByLabel(OPT_IN).focus();
  await page.keyboard.press("Space");
  await expect(thursday.getByLabel(OPT_IN)).toBeChecked();
  await thursday.getByRole("button", { name: "Save mail setting" }).focus();
  await page.keyboard.press("Enter");
  await expect(thursday.getByRole("status").filter({ hasText: "Saved. We will mail you when registration opens" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await checkA11y(page, "profile with two leagues", test.info());
  await shot(page, "profile-two-leagues");

  // Saved for Thursday only: the default league's stays off, here and through its /api.
  await page.reload();
  await expect(thursday.getByLabel(OPT_IN)).toBeChecked();
  await expect(ours.getByLabel(OPT_IN)).not.toBeChecked();
  const mine = async (path: string) =>
    ((await (await page.request.get(path)).json()) as { notifications: { registrationOpens: boolean } }).notifications.registrationOpens;
  expect(await mine("/api/users/me/notifications")).toBe(false);
  expect(await mine("/l/thursday/api/users/me/notifications")).toBe(true);
  // Each league's calendar link is its own, under its own path.
  await thursday.getByRole("button", { name: "Get my calendar link" }).click();
  await expect(thursday.getByRole("textbox", { name: "My rounds (private link)" })).toHaveValue(/\/l\/thursday\/calendar\/[\w-]{43}\.ics$/);
  await expect(ours.getByRole("button", { name: "Get my calendar link" })).toBeVisible();
});
