import { hydrated } from "./axe";
import { DEMO, expect, test } from "./fixtures";
import type { RoundJson } from "../../workers/api/serializers/rounds";
import type { PlayerDetailJson } from "../../workers/api/serializers/players";

// The page cache as `npm start` serves it (the Cache API standing in for Workers Cache):
// a repeated anonymous request is answered without D1 or React; a logged-in visitor
// never sees the shared copy; a write purges what it changed. Other tests write while these
// run, and a write purges the pages it changed: a miss where a hit was expected is read
// again (toPass), never a hit where a miss was.

const timing = (headers: Record<string, string>) => {
  const t = headers["server-timing"] ?? "";
  return {
    cache: /cache;desc="(\w+)"/.exec(t)?.[1],
    d1: Number(/d1;desc="(\d+)"/.exec(t)?.[1]),
    render: Number(/render;desc="(\d+)"/.exec(t)?.[1]),
  };
};

test("a repeated anonymous request is a hit: no D1 query, no render", async ({ playwright, baseURL, request }) => {
  const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const path of ["/", `/rounds/${rounds[0].id}`, "/players-all", "/api/players"]) {
    let first = await anonymous.get(path);
    let second = first;
    await expect(async () => {
      first = await anonymous.get(path);
      expect(first.status(), path).toBe(200);
      second = await anonymous.get(path);
      expect(timing(second.headers()), path).toEqual({ cache: "hit", d1: 0, render: 0 });
    }).toPass({ timeout: 30_000 });
    // The same document, but for the nonce: each request gets its own (ADR 8), set by a
    // rewriter that also writes void tags as `<x />`.
    const withoutNonce = async (r: typeof first) =>
      (await r.text())
        .replace(/nonce="[^"]*"/g, "")
        .replace(/\s*\/>/g, "/>")
        .replace(/\s+/g, " ");
    expect(await withoutNonce(second), path).toBe(await withoutNonce(first));
    expect(second.headers()["cache-control"], path).toMatch(/^public, max-age=\d+/);
  }
  await anonymous.dispose();
});

test("a cached page still hydrates under the CSP: the served nonce matches the header", async ({ page }) => {
  // Other tests' writes purge /aces every few moments, so the browser's request is fetched
  // here until the answer is the stored copy (a hit), which the page then gets as served.
  await page.route(/\/aces$/, async (route) => {
    for (let tries = 0; ; tries++) {
      const response = await route.fetch();
      if (timing(response.headers()).cache === "hit" || tries === 100) return route.fulfill({ response });
    }
  });
  const res = await page.goto("/aces");
  await page.unroute(/\/aces$/);
  expect(timing(res!.headers()).cache).toBe("hit");
  const nonce = /'nonce-([^']+)'/.exec(res!.headers()["content-security-policy"])![1];
  const nonces = await page.locator("script[nonce]").evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
  expect(new Set(nonces)).toEqual(new Set([nonce]));
  // Hydrated: the phone menu opens, and a client-side navigation works.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  }
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transfers" }).click();
  await expect(page).toHaveURL(/\/transfers$/);
});

test("a logged-in visitor gets their own navbar, never the shared copy", async ({ playerPage: page, playwright, baseURL }) => {
  const warm = await playwright.request.newContext({ baseURL });
  await warm.get("/");
  await warm.get("/");
  await warm.dispose();
  const res = await page.goto("/");
  expect(timing(res!.headers()).cache).toBe("bypass");
  expect(res!.headers()["cache-control"]).toBe("private, no-store");
  const menu = page.getByRole("button", { name: "Menu" });
  await hydrated(page); // a click before React has attached its handler opens nothing
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);
});

test("an admin deleting a user who claimed a player: the anonymous read shows it once the league lets go @wide", async ({
  playwright,
  baseURL,
  request,
  extraHTTPHeaders,
}) => {
  const admin = await request.post("/api/admin/login", { data: { username: DEMO.admin.email, password: DEMO.admin.password } });
  const auth = { Authorization: `Bearer ${(await admin.json()).token}` };
  // A user of the test's own who adds (and so claims) a player record, like the demo's player3.
  const t = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  // Its own API context: `request` holds the admin's session cookie, which a write without an Origin may not carry.
  const own = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
  const reg = await own.post("/api/users/register", {
    data: { name: `Gone ${t}`, email: `gone-${t}@e2e.test`, password: "Chains4Days!" },
  });
  expect(reg.status()).toBe(201);
  const { token, user } = await reg.json();
  const added = await own.post("/api/players/addNew", {
    headers: { Authorization: `Bearer ${token}` },
    data: { values: { fn: "Gone", ln: `Cached${t.replace(/\d/g, "")}`, division: "MA3" } },
  });
  expect(added.status(), await added.text()).toBe(201);
  const playerId = (await added.json()).newId as number;
  await own.dispose();
  const claimant = { id: user.id as number };
  const detail = await (await request.get(`/api/admin/users/${claimant.id}`, { headers: auth })).json();
  expect(detail.claims[0].player_id).toBe(playerId);

  const anonymous = await playwright.request.newContext({ baseURL });
  const path = `/api/players/player/${playerId}`;
  let cached = await anonymous.get(path);
  await expect(async () => {
    await anonymous.get(path);
    cached = await anonymous.get(path);
    expect(timing(cached.headers()).cache).toBe("hit");
  }).toPass({ timeout: 30_000 });
  const before = ((await cached.json()) as PlayerDetailJson).claims;
  expect(before.map((c) => c.id)).toContain(detail.claims[0].id);

  expect((await request.delete(`/api/admin/users/${claimant.id}`, { headers: auth })).status()).toBe(200);
  // The account goes at once (its write purges the copy); its claim goes with the league's
  // release job, from the queue (ADR 46), whose write purges the copy again: the anonymous
  // read shows the claim gone as soon as the job has run, never a copy kept from before it.
  const after = await anonymous.get(path);
  expect(timing(after.headers()).cache).toBe("miss");
  await expect(async () => {
    const left = ((await (await anonymous.get(path)).json()) as PlayerDetailJson).claims;
    expect(left.map((c) => c.id)).toEqual(before.map((c) => c.id).filter((id) => id !== detail.claims[0].id));
  }).toPass({ timeout: 30_000 });
  await anonymous.dispose();
});

test("a HEAD first never leaves an empty page in the cache", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const [page, content] of [
    ["/aces", "Current Ace Pot"],
    ["/standings.data", "standings"],
  ] as const) {
    // A new address each try: one another test's write purged in between is read anew.
    await expect(async () => {
      const path = `${page}?v=${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
      const head = await anonymous.head(path);
      expect(head.status(), path).toBe(200);
      expect(await head.body(), path).toHaveLength(0);
      const get = await anonymous.get(path);
      expect(await get.text(), path).toContain(content);
      expect(timing(get.headers()).cache, path).toBe("hit");
    }).toPass({ timeout: 30_000 });
  }
  await anonymous.dispose();
});
