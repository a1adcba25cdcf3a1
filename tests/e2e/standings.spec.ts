import type { Page } from "@playwright/test";
import { hydrated } from "./axe";
import { expect, shot, test } from "./fixtures";

// Season standings at 1280 px and 375 px: the demo league's numbers, the sort
// through the URL, the links to them, and an admin's new points showing at once.

const DEFAULTS = {
  "Points for 1st": "100",
  "Step per place": "5",
  Floor: "10",
  "Participation points": "5",
  "Best rounds counted": "10",
  "Handicap rounds": "10",
  "Handicap percentage": "80",
  Par: "54",
};

const table = (page: Page) => page.getByRole("table", { name: /^Standings, / });
/** The numbers of one column (0-based) of the standings table, top to bottom. */
const column = async (page: Page, index: number) =>
  (
    await table(page)
      .locator(`tbody tr td:nth-child(${index + 1})`)
      .allInnerTexts()
  ).map((t) => Number(t.replace(/,/g, "")));

// At 1280 px and, the table fitting a phone, at 375 px.
test("the standings show ranked players with points, rounds and the method, fitting the screen @narrow-too", async ({
  page,
  leagueSettings: _,
}) => {
  await page.goto("/standings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Standings \d{4}$/);
  await expect(page.getByText(/^1st place in a division gets 100 points and each place below 5 fewer/)).toBeVisible();
  await expect(table(page)).toBeVisible();
  const ranks = await column(page, 0);
  const totals = await column(page, 2);
  expect(ranks[0]).toBe(1);
  expect(totals.length).toBeGreaterThan(2);
  // Ranked by total, highest first; 10 best rounds of at most 105 points each.
  expect(totals).toEqual([...totals].sort((a, b) => b - a));
  expect(totals[0]).toBeGreaterThan(100);
  expect(totals[0]).toBeLessThanOrEqual(1050);
  const counted = await column(page, 4);
  expect(Math.max(...counted)).toBeLessThanOrEqual(10);
  await shot(page, "standings");
  // A player's rounds open from the last column, the counted ones first in weight.
  await table(page)
    .locator("tbody tr")
    .first()
    .getByText(/^\d+ rounds?$/)
    .click();
  await expect(table(page).locator("tbody tr").first().getByRole("listitem").first()).toContainText(/place \d+, [\d.]+ pts/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Name and points on screen without scrolling sideways.
  const first = table(page).locator("tbody tr").first();
  for (const i of [1, 2]) {
    const box = await first.locator("td").nth(i).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 9999)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  }
  await shot(page, "standings-open");
});

test("sorting by a column works through links, keeps the division, and is announced", async ({ page }) => {
  await page.goto("/standings");
  await hydrated(page);
  const divisions = page.getByRole("navigation", { name: "Division" });
  const other = divisions.getByRole("link").first();
  const division = (await other.textContent()) ?? "";
  await other.click();
  await expect(page.getByRole("region", { name: `Standings, ${division}` })).toBeVisible();
  const head = table(page).locator("thead");
  await head.getByRole("link", { name: /^Rounds/ }).click();
  await expect(page).toHaveURL(/sort=played&dir=desc/);
  await expect(page).toHaveURL(new RegExp(`division=${division}`));
  await expect(page.getByRole("columnheader", { name: /^Rounds/ })).toHaveAttribute("aria-sort", "descending");
  const played = await column(page, 3);
  expect(played).toEqual([...played].sort((a, b) => b - a));
  // Keyboard: the Player header is a link reached by Tab and followed with Enter.
  await head.getByRole("link", { name: /^Player/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(page.getByRole("columnheader", { name: /^Player/ })).toHaveAttribute("aria-sort", "ascending");
});

test("the navbar and a player's page link to the standings, the player's row in view", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Standings" }).click();
  await expect(page).toHaveURL(/\/standings$/);
  const href = await table(page).locator("tbody tr").nth(1).getByRole("link").first().getAttribute("href");
  await page.goto(href!);
  await page.getByRole("link", { name: /^Season standings \d{4} in \w+/ }).click();
  const row = page.locator(`tr#player-${href!.split("/").pop()}`);
  await expect(row).toBeVisible();
  await expect(row).toBeInViewport();
});

// The points are the league's settings, which this test changes and puts back: it holds
// `leagueSettings`, as the test that reads the points does.
test("an admin changes the points on /admin/settings and the standings change at once", async ({ adminPage, page, leagueSettings: _ }) => {
  await page.goto("/standings");
  const before = (await column(page, 2))[0]!;
  const season = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").replace("Standings ", "");
  await adminPage.goto("/admin/settings");
  await hydrated(adminPage);
  for (const [label, value] of Object.entries(DEFAULTS)) await expect(adminPage.getByLabel(label, { exact: true })).toHaveValue(value);
  await shot(adminPage, "admin-settings");
  try {
    // Refused: the floor above the points for 1st; nothing is saved.
    await adminPage.getByLabel("Floor", { exact: true }).fill("500");
    await adminPage.getByRole("button", { name: "Save settings" }).click();
    await expect(adminPage.getByText("Floor must not be more than the points for 1st")).toBeVisible();
    await expect(adminPage.getByLabel("Floor", { exact: true })).toBeFocused();
    await shot(adminPage, "admin-settings-error");

    await adminPage.getByLabel("Floor", { exact: true }).fill("10");
    await adminPage.getByLabel("Points for 1st", { exact: true }).fill("200");
    await adminPage.getByRole("button", { name: "Save settings" }).click();
    await expect(adminPage.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();

    // Another URL than the one this browser kept for 30 s (ADR 11); the edge's copy was purged.
    await page.goto(`/standings?season=${season}`);
    await expect(page.getByText(/^1st place in a division gets 200 points/)).toBeVisible();
    const after = (await column(page, 2))[0]!;
    expect(after).toBeGreaterThan(before);
  } finally {
    await adminPage.goto("/admin/settings");
    for (const [label, value] of Object.entries(DEFAULTS)) await adminPage.getByLabel(label, { exact: true }).fill(value);
    await adminPage.getByRole("button", { name: "Save settings" }).click();
    await expect(adminPage.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
  }
});

test("a player and a visitor are kept out of /admin/settings", async ({ playerPage, page }) => {
  await playerPage.goto("/admin/settings");
  await expect(playerPage).toHaveURL(/\/$/);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/login$/);
});
