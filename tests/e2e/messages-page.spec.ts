import type { APIRequestContext } from "@playwright/test";
import { checkA11y, hydrated } from "./axe";
import { d1 } from "./d1";
import { expect, loggedInContext, shot, test } from "./fixtures";

// How a league tells its player (ADR 49), in Chromium at 375 px: a member chooses push, mail
// or off per kind on the league's /preferences by keyboard alone and saves them with one
// Save; /messages then lists what the leagues sent them, newest first, with how each reached
// them. The user and their messages are the test's own (written into the local D1, as the
// delivery leaves them).

const PASSWORD = "Chains4Days!";

/** A new account of the test's own, a member of the default league (an approved claim): its email and id. */
async function ownMember(request: APIRequestContext): Promise<{ email: string; id: number }> {
  const email = `msgs-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const res = await request.post("/api/users/register", { data: { email, name: "Mo Messages", password: PASSWORD } });
  expect(res.status()).toBe(201);
  const id = Number(d1(`select id from users where email = '${email}'`)[0]?.id);
  const [player] = d1(`insert into players (league_id, fn, ln, division) values (1, 'Mo', 'Messages', 'MA1') returning id`);
  d1(`insert into claims (league_id, user_id, player_id, status) values (1, ${id}, ${player?.id}, 'approved')`);
  return { email, id };
}

/** A message of the default league to `userId`, made `ago` seconds ago, its copy left as `status`. */
function message(userId: number, title: string, body: string, ago: number, status: string) {
  const at = Math.floor(Date.now() / 1000) - ago;
  const key = `e2e-${title}-${Math.random()}`;
  const [row] = d1(
    `insert into messages (league_id, kind, key, title, body, created_at) values (1, 'organiser', '${key}', '${title}', '${body}', ${at}) returning id`,
  );
  d1(
    `insert into message_recipients (league_id, message_id, user_id, title, body, url, status, created_at, sent_at) values (1, ${row?.id}, ${userId}, '${title}', '${body}', '/rounds', '${status}', ${at}, ${at})`,
  );
  return Number(row?.id);
}

test("a member chooses how the league tells them, by keyboard at 375 px, and reads their messages @narrow", async ({
  browser,
  request,
}) => {
  const { email, id } = await ownMember(request);
  const page = await (await loggedInContext(browser, email, PASSWORD)).newPage();
  await page.goto("/preferences");
  await hydrated(page);
  const messages = page.getByRole("region", { name: "Messages" });
  const cards = messages.getByRole("group", { name: /^Cards published/ });
  // Every kind at its default before a choice: auto for cards, off for an ace.
  await expect(cards.getByRole("radio", { name: "Push on this phone, else mail (default)" })).toBeChecked();
  await expect(messages.getByRole("group", { name: "An ace in the league" }).getByRole("radio", { name: "Off (default)" })).toBeChecked();

  // By keyboard alone: focus the group's checked radio, arrow keys move the choice.
  await cards.getByRole("radio", { name: /default/ }).focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(cards.getByRole("radio", { name: "Mail", exact: true })).toBeChecked();
  const ace = messages.getByRole("group", { name: "An ace in the league" });
  await ace.getByRole("radio", { name: "Off (default)" }).focus();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(ace.getByRole("radio", { name: "Push only" })).toBeChecked();
  await messages.getByRole("button", { name: "Save" }).focus();
  await page.keyboard.press("Enter");
  await expect(messages.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await checkA11y(page, "preferences with messages", test.info());
  await shot(page, "messages-preferences");
  // Stored: the league's /api reads them back, and so does the page.
  const stored = await (await page.request.get("/api/messages/prefs")).json();
  expect(stored.prefs).toMatchObject({ cards: "mail", ace: "push", reminder: "auto" });
  await page.reload();
  await expect(page.getByRole("group", { name: /^Cards published/ }).getByRole("radio", { name: "Mail", exact: true })).toBeChecked();

  // The Messages page: empty, then newest first with how each reached them.
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText("No messages in the last 90 days.")).toBeVisible();
  const older = message(id, "Cards are out", "You are on card 3, hole 7.", 2 * 86_400, "mailed");
  const newer = message(id, "Rain delay", "We start at 6:30 tonight.\nBring a towel.", 600, "pushed");
  await page.reload();
  await hydrated(page);
  const items = page.getByRole("article");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Rain delay");
  await expect(items.first()).toContainText("Bring a towel.");
  await expect(items.first()).toContainText("Pushed");
  await expect(items.nth(1)).toContainText("Mailed");
  await expect(page.locator(`#m${newer}`)).toBeVisible();
  await expect(page.locator(`#m${older}`)).toContainText("Cards are out");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await checkA11y(page, "messages page", test.info());
  await shot(page, "messages-page");
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, "messages-page");
  await page.goto("/preferences");
  await shot(page, "messages-preferences");
});
