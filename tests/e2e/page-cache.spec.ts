import { hydrated } from "./axe";
import { DEMO, expect, test } from "./fixtures";

// The page cache as `npm start` serves it (the Cache API standing in for Workers Cache):
// a repeated anonymous request is answered without D1 or React; a logged-in visitor
// never sees the shared copy; a write purges what it changed.

type Round = { id: number };
const timing = (headers: Record<string, string>) => {
  const t = headers["server-timing"] ?? "";
  return {
    cache: /cache;desc="(\w+)"/.exec(t)?.[1],
    d1: Number(/d1;desc="(\d+)"/.exec(t)?.[1]),
    render: Number(/render;desc="(\d+)"/.exec(t)?.[1]),
  };
};

test("a repeated anonymous request is a hit: no D1 query, no render", async ({ playwright, baseURL, request }) => {
  const rounds: Round[] = await (await request.get("/api/rounds/all")).json();
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const path of ["/", `/rounds/${rounds[0].id}`, "/players-all", "/api/players"]) {
    const first = await anonymous.get(path);
    expect(first.status(), path).toBe(200);
    const second = await anonymous.get(path);
    expect(timing(second.headers()), path).toEqual({ cache: "hit", d1: 0, render: 0 });
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

test("a cached page still hydrates under the CSP: the served nonce matches the header", async ({ page, playwright, baseURL }) => {
  const warm = await playwright.request.newContext({ baseURL });
  await warm.get("/aces");
  await warm.dispose();
  const res = await page.goto("/aces");
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

test("an admin deleting a user who claimed a player: the next anonymous read shows it @wide", async ({ playwright, baseURL, request }) => {
  const admin = await request.post("/api/admin/login", { data: { username: DEMO.admin.email, password: DEMO.admin.password } });
  const auth = { Authorization: `Bearer ${(await admin.json()).token}` };
  // The demo league's third player login has a pending claim.
  const users: { id: number; email: string }[] = await (await request.get("/api/admin/users", { headers: auth })).json();
  const claimant = users.find((u) => u.email === "player3@league.test")!;
  const detail = await (await request.get(`/api/admin/users/${claimant.id}`, { headers: auth })).json();
  const playerId = detail.claims[0].player_id as number;

  const anonymous = await playwright.request.newContext({ baseURL });
  const path = `/api/players/player/${playerId}`;
  await anonymous.get(path);
  const cached = await anonymous.get(path);
  expect(timing(cached.headers()).cache).toBe("hit");
  // player5's conflict claim is on the same record: the deleted user's claim is the one that goes.
  const before: { id: number }[] = (await cached.json()).claims;
  expect(before.map((c) => c.id)).toContain(detail.claims[0].id);

  expect((await request.delete(`/api/admin/users/${claimant.id}`, { headers: auth })).status()).toBe(200);
  const after = await anonymous.get(path);
  expect(timing(after.headers()).cache).toBe("miss");
  const left: { id: number }[] = (await after.json()).claims;
  expect(left.map((c) => c.id)).toEqual(before.map((c) => c.id).filter((id) => id !== detail.claims[0].id));
  await anonymous.dispose();
});

test("a HEAD first never leaves an empty page in the cache", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const v = Date.now();
  for (const [path, content] of [
    [`/aces?v=${v}`, "Current Ace Pot"],
    [`/standings.data?v=${v}`, "standings"],
  ] as const) {
    const head = await anonymous.head(path);
    expect(head.status(), path).toBe(200);
    expect(await head.body(), path).toHaveLength(0);
    const get = await anonymous.get(path);
    expect(timing(get.headers()).cache, path).toBe("hit");
    expect(await get.text(), path).toContain(content);
  }
  await anonymous.dispose();
});
