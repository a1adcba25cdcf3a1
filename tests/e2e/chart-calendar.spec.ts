import type { Page } from "@playwright/test";
import { checkA11y, hydrated } from "./axe";
import { expect, loggedInContext, newContext, shot, test } from "./fixtures";
import type { PlayerStatsJson } from "../../workers/api/serializers/players";

// The score chart and the calendar feeds in the browser, at 1280 px and 375 px (both: the chart is drawn
// for the screen's width, and the card must fit a phone): the player page's score
// chart (drawn at the size for the screen, its numbers in a table behind "Show the data",
// no sideways scrolling) and /profile's calendar card (the feed links; a reset replaces
// the personal link, also without JavaScript, and the old one then answers 404).

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("the player page charts the player's scores with a data table behind it @narrow-too", async ({ page, request }, info) => {
  const players: PlayerStatsJson[] = await (await request.get("/api/players")).json();
  const busiest = players.reduce((a, b) => (b.roundCount > a.roundCount ? b : a));
  await page.goto(`/players/${busiest.id}`);
  await hydrated(page);

  const card = page.getByRole("region", { name: "Score history", exact: true });
  await expect(card).toBeVisible();
  // One drawing shows, the one for this screen's width; it says what it shows.
  const chart = card.getByRole("img");
  await expect(chart).toHaveCount(1);
  await expect(chart).toHaveAttribute(
    "aria-label",
    /^Scores against par of \d+ rounds?, .*best (E|[+\u2212]\d+), worst (E|[+\u2212]\d+) \(lower is better\)\. Season average: /,
  );
  await expect(card.locator("figcaption")).toContainText("lower is better");
  const dots = await chart.locator("circle").count();
  expect(dots).toBeGreaterThan(0);
  const box = (await chart.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  // The labels stay legible: 12 px text drawn at no less than about 11 px.
  const fontPx = await chart
    .locator("text")
    .first()
    .evaluate((el) => (el as SVGTextElement).getBoundingClientRect().height);
  expect(fontPx).toBeGreaterThan(10);
  await shot(page, "player-chart");
  await shot(card.locator("figure"), "player-chart-figure");

  await card.getByText("Show the data").click();
  const table = card.getByRole("table", { name: "Score history data" });
  await expect(table).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(dots);
  expect(await noSidewaysScroll(page)).toBe(true);
  await checkA11y(page, "player page with the data open", info);
  await shot(card, "player-chart-card");
});

test("/profile shows the feed links; a reset replaces the personal one and the old one stops working", async ({ browser, request }) => {
  // A user of the test's own: the link is theirs alone.
  const email = `calendar-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const password = "Chains4Days!";
  expect((await request.post("/api/users/register", { data: { email, name: "Cal Endar", password } })).status()).toBe(201);
  const context = await loggedInContext(browser, email, password);
  const page = await context.newPage();
  await page.goto("/profile");
  await hydrated(page);
  // The default league's group (ADR 46: each league's feed is its own), with its calendar.
  const card = page.getByRole("region").filter({ has: page.getByRole("heading", { name: "Calendar", exact: true }) });
  await expect(card.getByRole("textbox", { name: "All league rounds" })).toHaveValue(/\/calendar\.ics$/);
  const all = await request.get("/calendar.ics");
  expect(all.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(await all.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

  await card.getByRole("button", { name: "Get my calendar link" }).click();
  const mine = card.getByRole("textbox", { name: "My rounds (private link)" });
  await expect(mine).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
  const first = await mine.inputValue();
  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("X-WR-CALNAME:");
  await shot(page, "profile-calendar");
  expect(await noSidewaysScroll(page)).toBe(true);

  await card.getByRole("button", { name: "Reset link" }).click();
  await expect(card.getByText("the old one no longer works")).toBeVisible();
  await expect(mine).not.toHaveValue(first);
  expect((await request.get(first)).status()).toBe(404);
  await shot(card, "profile-calendar-card");

  // Without JavaScript the same button posts the form to the league's /preferences, which comes back with a new link.
  const plain = await newContext(browser, { javaScriptEnabled: false, storageState: await context.storageState() });
  const noJs = await plain.newPage();
  await noJs.goto("/profile");
  const second = await noJs.getByRole("textbox", { name: "My rounds (private link)" }).inputValue();
  await noJs.getByRole("button", { name: "Reset link" }).click();
  await expect(noJs.getByText("the old one no longer works")).toBeVisible();
  await expect(noJs.getByRole("textbox", { name: "My rounds (private link)" })).not.toHaveValue(second);
  expect((await request.get(second)).status()).toBe(404);
  await plain.close();
  await context.close();
});
