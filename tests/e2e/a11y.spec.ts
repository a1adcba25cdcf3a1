import type { APIRequestContext, Page } from "@playwright/test";
import { checkA11y, hydrated } from "./axe";
import { expect, test } from "./fixtures";
import type { RoundJson } from "../../workers/api/serializers/rounds";
import type { CourseJson } from "../../workers/api/serializers/courses";
import type { TransferJson } from "../../workers/api/serializers/transfers";

// Axe on every page, logged out, as a player and as an admin: a test per few pages and role,
// at 1280 px, where every column and control is rendered (below 768 px some table cells are
// hidden, and axe skips what is hidden); what only a phone shows (the open menu, the home
// page's past-rounds list) is checked at 375 px by its own @narrow test. Guarded pages are
// asked for too: where a role lands after the redirect has its own test.

type Ids = Record<"played" | "future" | "player" | "course" | "layout", number>;

/**
 * Every page a role can ask for; {played}, {future}, {player}, {course} and {layout} stand
 * for ids read from the seeded league's API.
 */
const PAGES = [
  "/",
  "/rounds",
  "/rounds/{played}",
  "/rounds/{played}?net=1",
  "/rounds/{future}",
  "/players",
  "/players-all",
  "/players/{player}",
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
  "/preferences",
  "/unsubscribe?u=1&t=not-a-signature",
  "/admin/users",
  "/admin/claims",
  "/admin/player?q=ross",
  "/admin/rounds",
  "/admin/rounds/new",
  "/admin/rounds/{future}",
  "/admin/rounds/multi-edit?ids={played},{future}",
  "/admin/round/play/{played}",
  "/admin/round/scores/{played}",
  "/admin/round/night/{played}",
  "/admin/round/night/{future}",
  "/admin/payments",
  "/admin/audit",
  "/admin/audit?find=ross",
  "/admin/reports",
  "/admin/settings",
  "/admin/tags",
  "/admin/courses",
  "/admin/courses/{course}",
  "/admin/courses/{course}/layouts/new",
  "/admin/layouts/{layout}",
];

let idsOnce: Promise<Ids> | null = null;

/** The seeded league's ids the pages name, read once per worker. */
function leagueIds(request: APIRequestContext): Promise<Ids> {
  idsOnce ??= (async () => {
    const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
    const now = Date.now() / 1000;
    const played = rounds.filter((r) => r.d < now - 86400 && r.entry_count > 0).at(-1)!;
    const future = rounds.find((r) => r.d > now + 86400)!;
    const transfers: TransferJson[] = await (await request.get("/api/transfers")).json();
    const courses: CourseJson[] = await (await request.get("/api/courses")).json();
    const course = courses.find((c) => c.layouts.length > 0)!;
    return {
      played: played.id,
      future: future.id,
      player: transfers.find((t) => t.toPlayer !== null)!.toPlayer!,
      course: course.id,
      layout: course.layouts[0]!.id,
    };
  })();
  return idsOnce;
}

const pathOf = (template: string, ids: Ids) => template.replace(/\{(\w+)\}/g, (_, key: keyof Ids) => String(ids[key]));

/** The paths that send a visitor or a player elsewhere (to a login page, or home). */
const GUARDED = /^\/(profile|preferences|admin\/(?!login))/;

/**
 * Checks one path as `role` sees it. A guarded path that sends a visitor or a player
 * elsewhere is not loaded: where it lands (/login, /) is a page with a test of its own, and
 * the server's redirect, asked for with the page's cookies, says so. An admin is sent away
 * from none of them.
 */
async function checkPage(page: Page, path: string, role: string): Promise<void> {
  if (role !== "admin" && GUARDED.test(path)) {
    const answer = await page.request.get(path, { maxRedirects: 0, headers: { Accept: "text/html" } });
    if (answer.status() >= 300 && answer.status() < 400) return;
  }
  await page.goto(path);
  await hydrated(page);
  await checkA11y(page, `${role} ${path}`, test.info());
}

/** Checks each path in turn, a step each: a failing page does not stop the others. */
async function walk(page: Page, paths: string[], role: string): Promise<void> {
  for (const path of paths) await test.step(`${role} ${path}`, () => checkPage(page, path, role));
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

// A few pages a test: each takes seconds (a new context per test cost more than most
// pages), and a slow machine never nears the time limit as the one walk per role did.
const GROUP = 6;
const groups = Array.from({ length: Math.ceil(PAGES.length / GROUP) }, (_, i) => PAGES.slice(i * GROUP, (i + 1) * GROUP));
const groupName = (g: string[]) => `${g[0]} … ${g.at(-1)}`;

for (const group of groups) {
  test(`axe on ${groupName(group)}, logged out`, async ({ page, request }) => {
    const ids = await leagueIds(request);
    await walk(
      page,
      group.map((t) => pathOf(t, ids)),
      "visitor",
    );
  });
  test(`axe on ${groupName(group)}, as a player`, async ({ playerPage: page, request }) => {
    const ids = await leagueIds(request);
    await walk(
      page,
      group.map((t) => pathOf(t, ids)),
      "player",
    );
  });
  test(`axe on ${groupName(group)}, as an admin`, async ({ adminPage: page, request }) => {
    const ids = await leagueIds(request);
    await walk(
      page,
      group.map((t) => pathOf(t, ids)),
      "admin",
    );
  });
}

test("a user with a claim, and the lock dialog, pass axe as an admin", async ({ adminPage: page }) => {
  // A user with a claim shows the claim review's controls: player1's approved one.
  await page.goto("/admin/users");
  const href = await page.getByRole("row").filter({ hasText: "player1@league.test" }).getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/^\/admin\/user\/\d+$/);
  await checkPage(page, href!, "admin");
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
  const ids = await leagueIds(request);
  await walk(
    adminPage,
    [
      "/admin/rounds",
      "/admin/claims",
      `/admin/round/play/${ids.played}`,
      `/admin/round/scores/${ids.played}`,
      `/players/${ids.player}`,
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
