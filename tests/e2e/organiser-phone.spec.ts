import type { APIRequestContext, Page } from "@playwright/test";
import { api, letters, makeRound, playedRound } from "./api";
import { checkA11y, hydrated } from "./axe";
import { expect, test } from "./fixtures";
import type { EntryJson } from "../../workers/api/serializers/entries";

// The organiser's screens on a phone at the course (375 px): the page scrolls only down,
// every action of every row is on screen (the kit's stacked rows), and the actions work.
// And the admin's navigation: one row at 1280 px, its pages behind Admin (ADR 39); a menu on a phone.

/** Every visible control of the page that is not within the screen's width: what would need sideways scrolling. */
async function offScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = document.querySelectorAll<HTMLElement>(
      "main a[href], main button, main input:not([type=hidden]), main select, main textarea, main [tabindex='0']",
    );
    const out: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue; // not rendered, or for screen readers only
      const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
      if (box.left < -0.5 || box.right > width + 0.5)
        out.push(`${el.tagName.toLowerCase()} "${name}" at ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    return out;
  });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A new user who adds their own player record, and so a pending claim, through the API. */
async function pendingClaim(request: APIRequestContext) {
  const t = letters();
  const reg = await request.post("/api/users/register", {
    data: { name: `Phone ${t}`, email: `phone-${t}@e2e.test`, password: "Chains4Days!" },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const headers = { Authorization: `Bearer ${(await reg.json()).token}` };
  const added = await request.post("/api/players/addNew", { headers, data: { values: { fn: "Robin", ln: `Phone${t}`, division: "MA3" } } });
  expect(added.status(), await added.text()).toBe(201);
  return { name: `Robin Phone${t}`, headers };
}

test("at 375 px the organiser's screens scroll only down, every action on screen @narrow", async ({ adminPage: page, request }) => {
  const { roundId, players } = await playedRound(page, [
    { fn: "Ann", division: "MA3", score: 52 },
    { fn: "Bo", division: "MA3", score: 55 },
    { fn: "Cy", division: "FA1", score: 60 },
  ]);
  await pendingClaim(request);
  const paths = [
    "/admin/rounds",
    "/admin/claims",
    `/admin/round/play/${roundId}`,
    `/admin/round/scores/${roundId}`,
    `/players/${players[0].id}`,
    `/admin/player?q=${players[0].ln}`,
    "/players",
    "/transfers",
    "/aces",
    "/admin/payments",
    "/profile",
  ];
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    expect(await sideways(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    expect(await offScreen(page), `${path}: controls off screen`).toEqual([]);
  }
});

test("the rounds list's Entries and Scores open from a phone @narrow", async ({ adminPage: page }) => {
  const name = `Phone ${letters()}`;
  const roundId = await makeRound(page, name, 3);
  await page.goto("/admin/rounds");
  await page.getByRole("link", { name: `Entries of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/round/play/${roundId}$`));
  await page.goBack();
  await page.getByRole("link", { name: `Scores of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/round/scores/${roundId}$`));
});

test("a claim is approved from a phone @narrow", async ({ adminPage: page, request }) => {
  const claim = await pendingClaim(request);
  await page.goto("/admin/claims");
  const approve = page.getByRole("button", { name: `Approve ${claim.name}` });
  await expect(approve).toBeInViewport();
  await approve.scrollIntoViewIfNeeded();
  const box = await approve.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await approve.click();
  await expect(page.getByText("Claim updated: approved.")).toBeVisible();
  const mine = await (await request.get("/api/claims/mine", { headers: claim.headers })).json();
  expect(mine.claim.status).toBe("approved");
});

test("the entries editor on a phone: the last entry's score saved from the save bar held on screen @narrow", async ({
  adminPage: page,
}) => {
  const { roundId, players } = await playedRound(page, [
    { fn: "Ann", division: "MA1", score: 50 },
    { fn: "Bo", division: "MA2", score: 51 },
    { fn: "Cy", division: "MA3", score: 52 },
    { fn: "Di", division: "FA1", score: 53 },
  ]);
  const last = players[3];
  await page.goto(`/admin/round/play/${roundId}`);
  await hydrated(page);
  const score = page.getByLabel(`Score for ${last.fn} ${last.ln}`);
  await score.scrollIntoViewIfNeeded();
  await score.fill("57");
  // The save stays at the bottom of the screen however far down the list the admin typed.
  const save = page.getByRole("button", { name: "Save changes" });
  await expect(save).toBeInViewport();
  await expect(page.getByText("1 entry changed")).toBeVisible();
  await save.click();
  await expect(page.getByText("No unsaved changes")).toBeVisible();
  const entries: EntryJson[] = await (await page.request.get(`/api/entries/${roundId}`)).json();
  expect(entries.find((e) => e.player_id === last.id)?.score).toBe(57);
});

test("the scores editor on a phone: a score typed and saved @narrow", async ({ adminPage: page }) => {
  const { roundId, players } = await playedRound(page, [
    { fn: "Ann", division: "MA3", score: 0 },
    { fn: "Bo", division: "MA3", score: 0 },
  ]);
  await page.goto(`/admin/round/scores/${roundId}`);
  await hydrated(page);
  const input = page.getByLabel(`${players[1].fn} ${players[1].ln}`);
  await input.fill("49");
  const save = page.getByRole("button", { name: "Save scores" });
  await expect(save).toBeInViewport();
  await save.click();
  await expect(page.getByText("No unsaved changes")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`${players[1].fn} ${players[1].ln}`)).toHaveValue("49");
});

test("a player's rounds show the payout and the credit added and used on a phone @narrow", async ({ adminPage: page }) => {
  const { roundId, players } = await playedRound(page, [
    { fn: "Ann", division: "MA3", score: 50 },
    { fn: "Bo", division: "MA3", score: 55 },
  ]);
  const winner = players[0];
  const entries: EntryJson[] = await (await page.request.get(`/api/entries/${roundId}`)).json();
  const entry = entries.find((e) => e.player_id === winner.id)!;
  await api(page, "POST", "/api/admin/entry/bulk", {
    data: [{ id: entry.id, version: entry.version, value: { credit_added: 9, credit_used: 3 } }],
  });
  await page.goto(`/players/${winner.id}`);
  const row = page.getByRole("table", { name: "Rounds played" }).getByRole("row").filter({ hasText: `Played` });
  for (const [label, value] of [
    ["Payout", "$9.00"],
    ["Credit added", "$9.00"],
    ["Credit used", "$3.00"],
  ]) {
    const cell = row.locator(`td[data-label="${label}"]`);
    await expect(cell, label).toHaveText(value);
    await expect(cell, label).toBeVisible();
    const box = await cell.boundingBox();
    expect(box!.x + box!.width, label).toBeLessThanOrEqual(375);
  }
});

test("the admin's navigation: one row at 1280 px, reached by keyboard", async ({ adminPage: page }) => {
  await page.goto("/admin/rounds");
  await hydrated(page);
  // One row: the header is one 44 px target and its padding tall (it was two bars, 100 px).
  expect((await page.getByRole("banner").boundingBox())!.height).toBeLessThanOrEqual(60);
  const main = page.getByRole("navigation", { name: "Main" });
  const admin = main.locator("summary", { hasText: "Admin" });
  const top = async (name: string) => (await main.getByRole("link", { name, exact: true }).boundingBox())!.y;
  // The wordmark's row holds every main link, Admin, the profile and Log out.
  const row = await top("Rounds");
  for (const name of ["Standings", "Players", "Aces", "Tags", "Transfers"]) expect(await top(name), name).toBe(row);
  expect((await admin.boundingBox())!.y).toBe(row);
  expect((await main.getByRole("button", { name: "Log out" }).boundingBox())!.y).toBe(row);
  // Admin reads as the current section on an admin page; its pages are out of sight until it opens.
  await expect(admin).toHaveClass(/underline/);
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu).toBeHidden();

  // Tab from Transfers reaches Admin, with the focus ring; Enter opens it, Escape closes it.
  await main.getByRole("link", { name: "Transfers", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(admin).toBeFocused();
  expect(await admin.evaluate((el) => el.matches(":focus-visible") && getComputedStyle(el).outlineStyle !== "none")).toBe(true);
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("link")).toHaveCount(13);
  await expect(menu.getByRole("link", { name: "Manage rounds" })).toHaveAttribute("aria-current", "page");
  await checkA11y(page, "the admin's menu open", test.info());
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(admin).toBeFocused();
  // Space opens it too; Tab goes on into its links, in order, and Enter follows one.
  await page.keyboard.press("Space");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Admin home" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Manage rounds" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Courses" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(menu).toBeHidden();

  // Every admin page is one open and one click away, and the header stays one row on each.
  const pages = [
    "Admin home",
    "Manage rounds",
    "Courses",
    "Edit players",
    "Claims",
    "Bag tags",
    "Payments",
    "Reports",
    "Audit log",
    "Members",
    "Users",
    "Settings",
    "PayPal",
  ];
  const hrefs = [
    "/admin",
    "/admin/rounds",
    "/admin/courses",
    "/admin/player",
    "/admin/claims",
    "/admin/tags",
    "/admin/payments",
    "/admin/reports",
    "/admin/audit",
    "/admin/members",
    "/admin/users",
    "/admin/settings",
    "/admin/paypal",
  ];
  for (const [i, name] of pages.entries()) {
    await admin.click();
    await menu.getByRole("link", { name, exact: true }).click();
    await expect(page, name).toHaveURL(new RegExp(`${hrefs[i]}$`));
    await expect(menu).toBeHidden();
    expect((await page.getByRole("banner").boundingBox())!.height, name).toBeLessThanOrEqual(60);
  }
  // A click elsewhere closes it.
  await admin.click();
  await expect(menu).toBeVisible();
  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await expect(menu).toBeHidden();
});

test("on a phone the admin's pages are in the menu, under the public ones @narrow", async ({ adminPage: page, playerPage }) => {
  await page.goto("/");
  await hydrated(page);
  const admin = page.getByRole("navigation", { name: "Admin" });
  await expect(admin).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(admin.getByRole("link", { name: "Claims" })).toBeVisible();
  await admin.getByRole("link", { name: "Claims" }).click();
  await expect(page).toHaveURL(/\/admin\/claims$/);
  await expect(admin).toBeHidden();
  // A player has no admin bar at all.
  await playerPage.goto("/");
  await expect(playerPage.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
});
