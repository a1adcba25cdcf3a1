import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";
import { appOrigin, newContext } from "./fixtures";

// A signed-in page reads the session's row in the same batch as its loaders (ADR 41): the
// loaders run on the hint the browser holds, and a page is sent only if the row agrees.

const PASSWORD = "Hinted-Fairway-42";
const trips = (res: APIResponse) => Number(/d1rt;desc="(\d+)"/.exec(res.headers()["server-timing"] ?? "")?.[1]);

test("a signed-in page is one round trip with the session's hint; a rename shows at once, a logout everywhere as a visitor", async ({
  browser,
  baseURL,
}) => {
  const email = `hint-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const context = await newContext(browser);
  const origin = { Origin: appOrigin(baseURL) };
  expect(
    (
      await context.request.post("/api/users/register", { headers: origin, data: { email, name: "Hana Hint", password: PASSWORD } })
    ).status(),
  ).toBe(201);
  const login = await context.request.post("/api/users/login", { headers: origin, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).token as string;

  // The login leaves the hint with the session: even the first page reads the session in
  // its own batch.
  expect((await context.cookies()).map((c) => c.name)).toContain("__Host-session-hint");
  expect(trips(await context.request.get("/aces.data"))).toBe(1);
  // Without it (a browser that dropped it), the page reads the session first and leaves it again.
  const hint = (await context.cookies()).find((c) => c.name === "__Host-session-hint");
  await context.clearCookies({ name: "__Host-session-hint" });
  const first = await context.request.get("/aces.data");
  expect(first.status()).toBe(200);
  expect(trips(first)).toBe(2);
  expect((await context.cookies()).find((c) => c.name === "__Host-session-hint")?.value).toBe(hint?.value);
  expect(trips(await context.request.get("/aces.data"))).toBe(1);

  // Renamed elsewhere: the hint is stale, the page is rendered again on the row.
  const bearer = { Authorization: `Bearer ${token}`, ...origin };
  expect((await context.request.put("/api/users/profile", { headers: bearer, data: { name: "Hana Renamed" } })).status()).toBe(200);
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByText("Hana Renamed").first()).toBeAttached();
  await expect(page.getByText("Hana Hint")).toHaveCount(0);
  // …and the browser now holds the new hint: one trip again.
  expect(trips(await context.request.get("/aces.data"))).toBe(1);

  // Logged out everywhere from another device: the old cookies get a visitor's page.
  expect((await context.request.post("/api/users/logout-everywhere", { headers: bearer })).status()).toBe(200);
  const revoked = await context.request.get("/profile", { maxRedirects: 0 });
  expect(revoked.status()).toBe(302);
  expect(revoked.headers().location).toMatch(/^\/login/);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeAttached();
  await expect(page.getByText("Hana Renamed")).toHaveCount(0);
  expect((await context.cookies()).map((c) => c.name)).not.toContain("__Host-session");
  await context.close();
});
