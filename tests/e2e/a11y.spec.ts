import type { APIRequestContext, Page } from "@playwright/test";
import { checkA11y, hydrated } from "./axe";
import { expect, test } from "./fixtures";

// Axe on every page, logged out, as a player and as an admin. The walks run at
// 1280 px, where every column and control is rendered (below 768 px some table cells are
// hidden, and axe skips what is hidden); what only a phone shows (the open menu, the home
// page's past-rounds list) is checked at 375 px by its own @narrow test. Each walk visits
// its pages as steps; a failing page does not stop the walk, so one run lists every page's
// serious and critical violations. Guarded pages are visited too: what a role lands on
// after the redirect is checked.

// About twenty pages per test at one to two seconds each (axe's color-contrast rule is
// most of it on the long tables).
test.describe.configure({ timeout: 120_000 });

type Round = { id: number; d: number; entry_count: number };

/** The pages every role can ask for, with ids read from the seeded league's API. */
async function commonPaths(request: APIRequestContext): Promise<string[]> {
  const rounds: Round[] = await (await request.get("/api/rounds/all")).json();
  const now = Date.now() / 1000;
  const played = rounds.filter((r) => r.d < now - 86400 && r.entry_count > 0).at(-1)!;
  const future = rounds.find((r) => r.d > now + 86400)!;
  const transfers: { toPlayer: number | null }[] = await (await request.get("/api/transfers")).json();
  const playerId = transfers.find((t) => t.toPlayer !== null)!.toPlayer!;
  const courses: { id: number; layouts: { id: number }[] }[] = await (await request.get("/api/courses")).json();
  const course = courses.find((c) => c.layouts.length > 0)!;
  return [
    "/",
    "/rounds",
    `/rounds/${played.id}`,
    `/rounds/${played.id}?net=1`,
    `/rounds/${future.id}`,
    "/players",
    "/players-all",
    `/players/${playerId}`,
    "/standings",
    "/aces",
    "/tags",
    "/tags/1",
    "/transfers",
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password",
    "/reset-password?token=not-a-real-token",
    "/admin/login",
    "/no-such-page",
    "/profile",
    "/unsubscribe?u=1&t=not-a-signature",
    "/admin/users",
    "/admin/claims",
    "/admin/player?q=ross",
    "/admin/rounds",
    "/admin/rounds/new",
    `/admin/rounds/${future.id}`,
    `/admin/rounds/multi-edit?ids=${played.id},${future.id}`,
    `/admin/round/play/${played.id}`,
    `/admin/round/scores/${played.id}`,
    `/admin/round/night/${played.id}`,
    `/admin/round/night/${future.id}`,
    "/admin/payments",
    "/admin/audit",
    "/admin/audit?find=ross",
    "/admin/reports",
    "/admin/settings",
    "/admin/tags",
    "/admin/courses",
    `/admin/courses/${course.id}`,
    `/admin/courses/${course.id}/layouts/new`,
    `/admin/layouts/${course.layouts[0]!.id}`,
  ];
}

/** The paths that send a visitor or a player elsewhere (to a login page, or home). */
const GUARDED = /^\/(profile|admin\/(?!login))/;

/**
 * Checks each path as `role` sees it. A guarded path that redirects to a page this walk
 * already checked (a visitor's /profile lands on /login) is not checked twice, nor loaded
 * in the page: the server's redirect, asked for with the page's cookies, says where it lands.
 * An admin is sent away from none of them, so an admin's walk asks no path twice.
 */
async function walk(page: Page, paths: string[], role: string): Promise<void> {
  const checked = new Set<string>();
  for (const path of paths) {
    await test.step(`${role} ${path}`, async () => {
      if (!role.startsWith("admin") && GUARDED.test(path)) {
        const answer = await page.request.get(path, { maxRedirects: 0, headers: { Accept: "text/html" } });
        const location = answer.status() >= 300 && answer.status() < 400 ? answer.headers().location : undefined;
        if (location && checked.has(new URL(location, answer.url()).pathname)) return;
      }
      await page.goto(path);
      await hydrated(page);
      const landed = new URL(page.url());
      const redirected = landed.pathname + landed.search !== path;
      if (redirected && checked.has(landed.pathname)) return;
      checked.add(landed.pathname);
      await checkA11y(page, `${role} ${path}${redirected ? ` → ${landed.pathname}` : ""}`, test.info());
    });
  }
}

/** Under 768 px the navbar's links sit behind "Menu": check the menu open, per role. */
async function visitMenu(page: Page, role: string): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  await page.goto("/");
  await hydrated(page);
  await test.step(`${role} / with the menu open`, async () => {
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await checkA11y(page, `${role} / menu open`, test.info());
  });
}

// Each walk checks twenty-odd pages, some with hundreds of table cells.
test.describe.configure({ timeout: 240_000 });

test("every page passes axe, logged out", async ({ page, request }) => {
  await walk(page, await commonPaths(request), "visitor");
});

test("every page passes axe, as a player", async ({ playerPage: page, request }) => {
  await walk(page, await commonPaths(request), "player");
});

// The admin's walk in two halves (the public pages, then the account and admin pages),
// so the two workers share it.
const adminHalf = (paths: string[], second: boolean) => {
  const at = paths.indexOf("/profile");
  return second ? paths.slice(at) : paths.slice(0, at);
};

test("every public page passes axe, as an admin", async ({ adminPage: page, request }) => {
  await walk(page, adminHalf(await commonPaths(request), false), "admin");
});

test("every account and admin page passes axe, as an admin", async ({ adminPage: page, request }) => {
  await walk(page, adminHalf(await commonPaths(request), true), "admin");
  // A user with a claim shows the claim review's controls: player1's approved one.
  await page.goto("/admin/users");
  const href = await page.getByRole("row").filter({ hasText: "player1@league.test" }).getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/^\/admin\/user\/\d+$/);
  await walk(page, [href!], "admin");
  await test.step("admin confirm dialog open", async () => {
    await page.getByRole("button", { name: "Lock" }).click();
    await expect(page.getByRole("dialog", { name: "Lock this user?" })).toBeVisible();
    await checkA11y(page, "admin lock dialog open", test.info());
    await page.keyboard.press("Escape"); // never confirmed: the user stays unlocked
  });
});

test("what only a phone shows passes axe: the menu open for each role, the past rounds on / @narrow", async ({
  page,
  playerPage,
  adminPage,
}) => {
  // Under 768 px the home page shows one list at a time; the past one is the other state.
  await page.goto("/");
  await hydrated(page);
  const past = page.getByRole("navigation", { name: "Show rounds" }).getByRole("link", { name: "Past rounds" });
  await test.step("visitor / with past rounds shown", async () => {
    await past.click();
    await expect(past).toHaveAttribute("aria-current", "true");
    await checkA11y(page, "visitor / past rounds shown", test.info());
  });
  await visitMenu(page, "visitor");
  await visitMenu(playerPage, "player");
  await visitMenu(adminPage, "admin");
});

// Under 640 px the tables with row actions are cards (the kit's stacked rows): the
// organiser's screens and a player's rounds, checked as a phone shows them.
test("the stacked tables a phone shows pass axe @narrow", async ({ adminPage, request }) => {
  const rounds: Round[] = await (await request.get("/api/rounds/all")).json();
  const played = rounds.filter((r) => r.d < Date.now() / 1000 - 86400 && r.entry_count > 0).at(-1)!;
  const transfers: { toPlayer: number | null }[] = await (await request.get("/api/transfers")).json();
  const playerId = transfers.find((t) => t.toPlayer !== null)!.toPlayer!;
  await walk(
    adminPage,
    [
      "/admin/rounds",
      "/admin/claims",
      `/admin/round/play/${played.id}`,
      `/admin/round/scores/${played.id}`,
      `/players/${playerId}`,
      "/players",
    ],
    "admin at 375 px",
  );
});

test("forms showing their errors pass axe, logged out", async ({ page }) => {
  await test.step("login, submitted empty", async () => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveAttribute("aria-invalid", "true");
    await checkA11y(page, "login with field errors", test.info());
  });
  await test.step("login, wrong password", async () => {
    await page.getByLabel("Email").fill("nobody@league.test");
    await page.getByLabel("Password").fill("WrongPassword1");
    await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
    await checkA11y(page, "login with a form error", test.info());
  });
  await test.step("admin login, wrong password", async () => {
    await page.goto("/admin/login");
    await hydrated(page);
    await page.getByLabel("Email").fill("nobody@league.test");
    await page.getByLabel("Password").fill("WrongPassword1");
    await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
    await checkA11y(page, "admin login with a form error", test.info());
  });
  await test.step("register, weak and mismatched password", async () => {
    await page.goto("/register");
    await hydrated(page);
    await page.getByLabel("Email").fill("admin@league.test"); // taken: checked on blur
    await page.getByLabel("Name").fill("Axe Checker");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm password").fill("different");
    await page.getByRole("main").getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Password does not meet all requirements")).toBeVisible();
    await checkA11y(page, "register with errors", test.info());
  });
  await test.step("forgot password, sent", async () => {
    await page.goto("/forgot-password");
    await hydrated(page);
    await page.getByLabel("Email").fill("nobody@league.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If an account with that email exists, a reset link has been sent.")).toBeVisible();
    await checkA11y(page, "forgot password sent", test.info());
  });
});
