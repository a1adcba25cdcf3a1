import { expect, loggedInContext, newContext, test } from "./fixtures";
import type { RegisteredJson } from "../../workers/api/serializers/users";

// The account-security fixes, seen from a browser: no open redirect after login (with
// JavaScript and without), logout that really ends the session, the response headers,
// and a local server that answers refused bodies as themselves.

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
const PASSWORD = "Chains4Days!";

async function registered(request: import("@playwright/test").APIRequestContext, tag: string) {
  const email = unique(tag);
  const res = await request.post("/api/users/register", { data: { email, name: "Sam Secure", password: PASSWORD } });
  expect(res.status()).toBe(201);
  return { email, ...((await res.json()) as RegisteredJson) };
}

async function logIn(page: import("@playwright/test").Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
}

for (const javaScriptEnabled of [false, true]) {
  test(`login never redirects off the site (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser, request, baseURL }) => {
    const { email } = await registered(request, "redirect");
    const context = await newContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    for (const target of ["/%09/evil.example", "/%0a/x", "//evil.example", "/%5Cevil.example", "https://evil.example/"]) {
      await page.goto(`/login?redirectTo=${target}`);
      await logIn(page, email);
      await expect(page).toHaveURL(`${baseURL}/`);
      await context.clearCookies();
    }
    // A target on our own site is kept.
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await logIn(page, email);
    await expect(page).toHaveURL(`${baseURL}/profile`);
    await context.close();
  });
}

test("logging out ends the session on the server: the old token is refused as Bearer and as cookie", async ({ page, request, baseURL }) => {
  const { email } = await registered(request, "logout");
  await page.goto("/login");
  await logIn(page, email);
  await expect(page).toHaveURL(`${baseURL}/`);
  const token = (await page.context().cookies()).find((c) => c.name === "__Host-session")!.value;
  expect((await request.get("/api/users/me", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);

  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeAttached();

  expect((await request.get("/api/users/me", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  // Replaying the old cookie: the page sends it to /login and clears it.
  const replayed = await request.get("/profile", { headers: { Cookie: `__Host-session=${token}` }, maxRedirects: 0 });
  expect(replayed.status()).toBe(302);
  expect(replayed.headers().location).toMatch(/^\/login/);
  expect(replayed.headers()["set-cookie"]).toMatch(/__Host-session=;.*Max-Age=0/);
});

test("'Log out everywhere' on /profile ends the sessions of every device", async ({ browser, request, baseURL }) => {
  const { email } = await registered(request, "everywhere");
  const phone = await loggedInContext(browser, email, PASSWORD);
  const laptop = await loggedInContext(browser, email, PASSWORD);
  const phonePage = await phone.newPage();
  const laptopPage = await laptop.newPage();
  await laptopPage.goto("/profile");
  await expect(laptopPage.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();

  await phonePage.goto("/profile");
  await phonePage.getByRole("button", { name: "Log out everywhere" }).click();
  await expect(phonePage).toHaveURL(`${baseURL}/`);
  await laptopPage.reload();
  await expect(laptopPage).toHaveURL(/\/login/);
  await phone.close();
  await laptop.close();
});

test("every kind of response carries the security headers, and only public reads are cacheable", async ({
  request,
  page,
  playwright,
  baseURL,
}) => {
  const { token } = await registered(request, "headers");
  const auth = { Authorization: `Bearer ${token}` };
  const cookie = { Cookie: `__Host-session=${token}` };

  const doc = await page.goto("/");
  const headers = doc!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // The nonce in the header is the one the inline scripts carry.
  const nonce = headers["content-security-policy"].match(/'nonce-([^']+)'/)![1];
  const inline = await page.locator("script:not([src])").evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
  expect(inline.length).toBeGreaterThan(0);
  expect(new Set(inline)).toEqual(new Set([nonce]));

  for (const path of ["/profile.data", "/rounds.data", "/profile", "/api/users/me"]) {
    const res = await request.get(path, { headers: cookie, maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
    expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
  }
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const path of ["/profile", "/profile.data"]) {
    // Redirects to /login: a plain 302 for a document, a 202 turbo-stream for .data.
    const redirect = await anonymous.get(path, { maxRedirects: 0 });
    expect([302, 202], path).toContain(redirect.status());
    expect(redirect.headers()["cache-control"], path).toBe("private, no-store");
  }
  expect((await anonymous.get("/api/users/me", { headers: auth })).headers()["cache-control"]).toBe("private, no-store");
  // An anonymous public read stays cacheable (the edge cache stands in front of it, ADR 11).
  expect((await anonymous.get("/api/rounds/all")).headers()["cache-control"]).toMatch(/^public/);
  await anonymous.dispose();

  // A hashed build asset: a year, immutable, with the security headers of _headers.
  const asset = await page
    .locator("script[type=module][src], link[rel=modulepreload]")
    .first()
    .evaluate((el) => el.getAttribute("src") ?? el.getAttribute("href"));
  expect(asset).toMatch(/^\/assets\//);
  const assetRes = await request.get(asset!);
  expect(assetRes.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(assetRes.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the local server answers 100 refused large-body requests as themselves, never 5xx", async ({ request }) => {
  const near = "x".repeat(60 * 1024); // under the 64 KB limit, but never read by the route
  const over = "x".repeat(70 * 1024);
  const cases: [string, string, number][] = [
    ["/api/no-such-thing", near, 404],
    ["/api/admin/users/1/lock", near, 401],
    ["/api/users/login", over, 413],
    ["/api/no-such-thing", over, 413],
    ["/login", over, 413],
  ];
  const seen: string[] = [];
  for (let i = 0; i < 100; i++) {
    const [path, body, expected] = cases[i % cases.length];
    const res = await request.post(path, { data: body, headers: { "Content-Type": "application/json" } });
    if (res.status() !== expected) seen.push(`#${i} ${path}: ${res.status()}`);
    // The next request on the same connection must be fine too.
    const next = await request.get("/api/ace");
    if (next.status() !== 200) seen.push(`#${i} GET after ${path}: ${next.status()}`);
  }
  expect(seen).toEqual([]);
});
