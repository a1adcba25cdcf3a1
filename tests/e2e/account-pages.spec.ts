import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { api, letters, makePlayer } from "./api";
import { d1 } from "./d1";
import { DEMO, expect, loggedInContext, newContext, test } from "./fixtures";

// The account pages: every invalid field marked at once with focus on the
// first, a refused login that forgets the password, an unexpected failure told in the
// form, the admin login that says whom it is for, the welcome page after registering,
// the profile's player card, the password checklist, titles.

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
const PASSWORD = "Chains4Days!";
let clients = 0;
/** A client address of its own /64: the abuse limits count an IPv6 /64 as one client. */
const ownIp = () => `2001:db8:${(0xa000 + ++clients).toString(16)}:${(process.pid % 0xffff).toString(16)}::1`;
const ownClient = () => ({ extraHTTPHeaders: { "CF-Connecting-IP": ownIp() } });

async function registered(request: APIRequestContext, tag: string) {
  const email = unique(tag);
  const res = await request.post("/api/users/register", {
    data: { email, name: "Ada Account", password: PASSWORD },
    headers: { "CF-Connecting-IP": ownIp() },
  });
  expect(res.status()).toBe(201);
  return email;
}

async function page(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  return (await newContext(browser, { javaScriptEnabled, ...ownClient() })).newPage();
}

/** The field an error message describes: errors are tied to their input with aria-describedby. */
const errorOf = async (p: Page, label: string, exact = false) => {
  const field = p.getByLabel(label, { exact });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  return field;
};

test.describe("every invalid field shows its error, focus on the first", () => {
  test("register, all empty: name, email and password marked, focus on Name", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password does not meet all requirements")).toBeVisible();
    await errorOf(page, "Email");
    await errorOf(page, "Password", true);
    await expect(await errorOf(page, "Name")).toBeFocused();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("register, only the confirmation wrong: it alone is marked and focused", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Name").fill("Ada Account");
    await page.getByLabel("Email").fill(unique("confirm"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(`${PASSWORD}x`);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
    await expect(page.getByLabel("Confirm password")).toBeFocused();
  });

  test("register: what only the server refuses is marked and focused too", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Name").fill("N".repeat(101));
    await page.getByLabel("Email").fill(unique("long"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Name is too long")).toBeVisible();
    await expect(await errorOf(page, "Name")).toBeFocused();
  });

  for (const path of ["/login", "/admin/login"]) {
    test(`${path}, all empty: email and password marked, focus on Email`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
      await expect(page.getByText("Enter a valid email address")).toBeVisible();
      await expect(page.getByText("Password is required")).toBeVisible();
      await errorOf(page, "Password");
      await expect(await errorOf(page, "Email")).toBeFocused();
    });
  }

  test("without JavaScript the server marks every field of the register form", async ({ browser }) => {
    const p = await page(browser, false);
    await p.goto("/register");
    await p.getByLabel("Password", { exact: true }).fill("short");
    await p.getByRole("button", { name: "Register" }).click();
    await expect(p.getByText("Name is required")).toBeVisible();
    await expect(p.getByText("Enter a valid email address")).toBeVisible();
    await expect(p.getByText("Password does not meet complexity requirements")).toBeVisible();
    await expect(p.getByText("Passwords do not match")).toBeVisible();
    // The rules show with the password's error, so the reader knows what to fix.
    await expect(p.getByRole("list", { name: "Password rules" })).toBeVisible();
    await p.context().close();
  });
});

for (const javaScriptEnabled of [true, false]) {
  test(`a refused login keeps the email and empties the password (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    request,
  }) => {
    const email = await registered(request, "refused");
    const p = await page(browser, javaScriptEnabled);
    await p.goto("/login");
    await p.getByLabel("Email").fill(email);
    await p.getByLabel("Password").fill("WrongGuess-7731");
    const answer = p.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"));
    await p.getByRole("main").getByRole("button", { name: "Log in" }).click();
    expect((await answer).status()).toBe(401);
    await expect(p.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(p.getByLabel("Password")).toHaveValue("");
    await expect(p.getByLabel("Email")).toHaveValue(email);
    expect(await p.content()).not.toContain("WrongGuess-7731");
    if (javaScriptEnabled) await expect(p.getByLabel("Password")).toBeFocused();
    // The right password still works from here.
    await p.getByLabel("Password").fill(PASSWORD);
    await p.getByRole("main").getByRole("button", { name: "Log in" }).click();
    await expect(p).toHaveURL(/\/$/);
    await p.context().close();
  });
}

// The build hashes with the production cost (app/.server/auth/password.ts; vitest's suites
// hash cheaper, so this is where the deployed cost is checked).
test("a new account's password is stored as scrypt with N=16384, r=8, p=5", async ({ request }) => {
  const email = await registered(request, "cost");
  const [row] = d1(`select password_hash as hash from users where email = '${email}'`);
  expect(String(row?.hash)).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
});

/**
 * A stored hash whose scrypt parameters are impossible (N=3 is not a power of two): the
 * password check throws instead of answering, as a damaged row (a bad import) would make it.
 */
function corruptPasswordHash(email: string) {
  const hash = `scrypt$3$8$1$${randomBytes(16).toString("base64")}$${randomBytes(32).toString("base64")}`;
  d1(`update users set password_hash = '${hash}' where email = '${email}'`);
}

test("an unexpected login failure is told in the form, not on the error page", async ({ browser, request }) => {
  test.setTimeout(60_000);
  const email = await registered(request, "broken");
  corruptPasswordHash(email);
  for (const javaScriptEnabled of [true, false]) {
    const p = await page(browser, javaScriptEnabled);
    for (const [path, message] of [
      ["/login", "An error occurred during login. Please try again."],
      ["/admin/login", "Login failed. Please try again."],
    ]) {
      await p.goto(path);
      await p.getByLabel("Email").fill(email);
      await p.getByLabel("Password").fill(PASSWORD);
      const answer = p.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(path));
      await p.getByRole("main").getByRole("button", { name: "Log in" }).click();
      expect((await answer).status(), path).toBe(500);
      await expect(p.getByRole("alert")).toHaveText(message);
      await expect(p.getByRole("heading", { level: 1 })).toHaveText(path === "/login" ? "Player login" : "Admin login");
      await expect(p.getByLabel("Password")).toHaveValue("");
      await expect(p.getByLabel("Email")).toHaveValue(email);
    }
    await p.context().close();
  }
});

test("the admin login says whom it is for and links to the player login; the player login to register and forgot password", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin login");
  await expect(page.getByText("For league admins. Players log in at the player login.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "player login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Player login");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
  await expect(main.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
});

test("registering lands on the welcome page, which points to the players page", async ({ browser }) => {
  const page = await (await newContext(browser, ownClient())).newPage();
  await page.goto("/register");
  await page.getByLabel("Name").fill("Wendy Welcome");
  await page.getByLabel("Email").fill(unique("welcome"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Wendy Welcome");
  await expect(
    page.getByText("Find your name on the Players page and claim your record. If you are new to the league, you can add yourself there."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Find your player record" }).click();
  await expect(page).toHaveURL(/\/players$/);
  await page.context().close();
});

test("the welcome page is for logged-in users", async ({ page }) => {
  await page.goto("/welcome");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fwelcome$/);
});

test.describe("the profile's player card", () => {
  test("player1: the approved record, its badge and the credit the /api reports", async ({ playerPage, request }) => {
    const token = (await (await request.post("/api/users/login", { data: DEMO.player })).json()).token as string;
    const me = await (await request.get("/api/users/me", { headers: { Authorization: `Bearer ${token}` } })).json();
    const id: number = (me.user ?? me).linked_player;
    const player = await (await request.get(`/api/players/player/${id}`)).json();
    const credit = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(player.balance);

    await playerPage.goto("/profile");
    const card = playerPage.getByRole("region", { name: "Your player record" });
    await expect(card.getByRole("link", { name: `${player.fn} ${player.ln}` })).toHaveAttribute("href", `/players/${id}`);
    await expect(card.getByText("Approved", { exact: true })).toBeVisible();
    await expect(card.getByText(credit, { exact: true })).toBeVisible();
    // The card comes first, then the form in the natural order (the scoring PIN's card asks for the password too).
    const labels = await playerPage.getByRole("region", { name: "Edit profile" }).locator("form[method=post] label").allTextContents();
    expect(labels.filter((l) => /password/i.test(l))).toEqual(["Current password", "New password", "Confirm new password"]);
  });

  // The test's own claimant and record (like the demo's player3, whom other tests may change).
  test("a pending claim (like player3's): its record and badge, no credit yet", async ({ browser, request, adminPage }) => {
    const email = await registered(request, "pending");
    const claimed = { fn: "Penny", ln: `Pending${letters()}`, id: 0 };
    claimed.id = await makePlayer(adminPage, claimed.fn, claimed.ln);
    const context = await loggedInContext(browser, email, PASSWORD);
    const p = await context.newPage();
    await api(p, "POST", "/api/claims", { player_id: claimed.id, note: "" });
    await p.goto("/profile");
    const card = p.getByRole("region", { name: "Your player record" });
    await expect(card.getByRole("link", { name: `${claimed.fn} ${claimed.ln}` })).toHaveAttribute("href", `/players/${claimed.id}`);
    await expect(card.getByText("Pending", { exact: true })).toBeVisible();
    await expect(card.getByText("Your claim is waiting for an admin to review it.")).toBeVisible();
    await expect(card.getByText("Credit")).toHaveCount(0);
    await context.close();
  });

  test("a new user: a way to the players page; an admin: no claim status", async ({ browser, request, adminPage }) => {
    const email = await registered(request, "noclaim");
    const context = await loggedInContext(browser, email, PASSWORD);
    const p = await context.newPage();
    await p.goto("/profile");
    const card = p.getByRole("region", { name: "Your player record" });
    await expect(card.getByRole("link", { name: "Find your player record" })).toHaveAttribute("href", "/players");
    await context.close();

    await adminPage.goto("/profile");
    const adminCard = adminPage.getByRole("region", { name: "Your player record" });
    await expect(adminCard.getByText("Admins do not claim a player record.")).toBeVisible();
    await expect(adminCard.getByText(/pending|approved/i)).toHaveCount(0);
  });
});

test("the password checklist shows once the new password is being typed", async ({ page, playerPage }) => {
  for (const [p, path, label] of [
    [page, "/register", "Password"],
    [playerPage, "/profile", "New password"],
  ] as const) {
    await p.goto(path);
    const rules = p.getByRole("list", { name: "Password rules" });
    await expect(rules).toHaveCount(0);
    await p.getByLabel(label, { exact: true }).fill("abc");
    await expect(rules).toBeVisible();
    await expect(rules.getByText("At least 10 characters (not met)")).toBeAttached();
    await expect(rules.getByText("One lowercase letter (met)")).toBeAttached();
    await p.getByLabel(label, { exact: true }).fill("");
    await expect(rules).toHaveCount(0);
  }
});

test("titles and descriptions of the account pages", async ({ page, adminPage, request }) => {
  const leagues = new Set<string>();
  const expectTitle = async (p: Page, title: string, described: boolean) => {
    const [, name, league] = /^(.+) · (.+)$/.exec(await p.title()) ?? [];
    expect(name, p.url()).toBe(title);
    leagues.add(league);
    const description = p.locator('meta[name="description"]');
    if (!described) return;
    const content = (await description.getAttribute("content")) ?? "";
    expect(content.length, p.url()).toBeGreaterThanOrEqual(50);
    expect(content.length, p.url()).toBeLessThanOrEqual(160);
  };
  for (const [path, title] of [
    ["/login", "Log in"],
    ["/register", "Register"],
    ["/forgot-password", "Forgot password"],
    ["/admin/login", "Admin login"],
  ]) {
    await page.goto(path);
    await expectTitle(page, title, true);
  }
  await page.goto("/reset-password?token=nope");
  await expectTitle(page, "Reset password", false);

  const users: { id: number; name: string; email: string }[] = await (
    await request.get("/api/admin/users", {
      headers: {
        Authorization: `Bearer ${(await (await request.post("/api/admin/login", { data: { username: DEMO.admin.email, password: DEMO.admin.password } })).json()).token}`,
      },
    })
  ).json();
  const player1 = users.find((u) => u.email === DEMO.player.email)!;
  for (const [path, title] of [
    ["/profile", "Profile"],
    ["/welcome", "Welcome"],
    ["/admin/users", "Users"],
    [`/admin/user/${player1.id}`, `User: ${player1.name}`],
  ]) {
    await adminPage.goto(path);
    await expectTitle(adminPage, title, false);
  }
  expect(leagues.size).toBe(1);
});

test("a bad user id is a 4xx on the admin's user page, never a 500", async ({ adminPage }) => {
  for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999", "123456789"]) {
    const response = await adminPage.goto(`/admin/user/${id}`);
    expect(response?.status(), id).toBeGreaterThanOrEqual(400);
    expect(response?.status(), id).toBeLessThan(500);
    await expect(adminPage.getByRole("heading", { name: "Error loading user" })).toBeVisible();
  }
});

test("the signed-in account pages do not scroll sideways at 375 px @narrow", async ({ playerPage, adminPage }) => {
  const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const [p, path] of [
    [playerPage, "/profile"],
    [playerPage, "/welcome"],
    [adminPage, "/profile"],
    [adminPage, "/admin/users"],
  ] as const) {
    await p.goto(path);
    expect(await overflow(p), path).toBeLessThanOrEqual(0);
  }
  await adminPage.getByRole("table", { name: "Registered users" }).getByRole("link").first().click();
  await expect(adminPage).toHaveURL(/\/admin\/user\/\d+$/);
  expect(await overflow(adminPage), "a user's page").toBeLessThanOrEqual(0);
});
