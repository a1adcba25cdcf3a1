import { type BrowserContext, type Page, devices } from "@playwright/test";
import { claimedPlayer } from "./api";
import { partHydrated } from "./axe";
import { expect, newContext, shot, test } from "./fixtures";
import { PHONE } from "./live";

// This spec is about the service worker: its pages run it (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

// The app on the Home Screen and its service worker (ADR 49; public/sw.js, public/pwa.js):
// the manifest and its icons, a player's own pages kept per user for a phone without a
// signal (never a visitor's, never shown to the next login), the note that says how to add
// the app on an iPhone, and a push message shown as a notification whose click opens its
// page. At 375 px (a phone), with the screenshots of the note at 1280 px too.

test.describe.configure({ timeout: 120_000 });

const record = (page: Page) => page.getByRole("region", { name: "Your player record" });
const offline = (page: Page) => page.getByRole("heading", { name: "You are offline" });
const iosHint = (page: Page) => page.getByRole("complementary", { name: "Add this app to your Home Screen" });

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString("ascii"), "a PNG signature").toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** The pages the worker keeps for user caches, by cache name: what a test may read in the page. */
const keptPages = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith("league-pages-u")) continue;
      out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });

/** Waits until the current page's user has `path` kept. */
async function waitKept(page: Page, path: string) {
  await expect.poll(async () => Object.values(await keptPages(page)).flat(), { timeout: 15_000 }).toContain(path);
}

/** Opens the navbar's menu (a phone's) and taps Log out. */
async function tapLogOut(page: Page) {
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
  await page.getByRole("button", { name: "Menu" }).click();
}

/** Goes to `path` with the network cut off: what the worker answers. */
async function gotoOffline(context: BrowserContext, page: Page, path: string) {
  await context.setOffline(true);
  try {
    await page.goto(path);
  } finally {
    await context.setOffline(false);
  }
}

test("the manifest is linked from every page, names the app and its icons, which are PNGs of their sizes @narrow", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#064e3b");
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute("content", /\S/);

  const res = await page.request.get(href as string);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/manifest+json");
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#064e3b",
    background_color: "#f6f7f5",
  });
  expect(manifest.name).toMatch(/\S/);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  const sizes = (manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[]).map(
    (i) => `${i.sizes} ${i.purpose ?? "any"}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable", "180x180 any"]));

  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
  for (const [src, size] of [...manifest.icons.map((i: { src: string; sizes: string }) => [i.src, i.sizes]), [touch, "180x180"]]) {
    const icon = await page.request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()["content-type"], src).toBe("image/png");
    expect(pngSize(await icon.body()).join("x"), src).toBe(size);
  }
});

test("a player's home and round open offline from their own copy; after a logout and another's login, never the first's @narrow", async ({
  adminPage: admin,
  browser,
}) => {
  const a = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const b = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const page = a.page;
  const context = a.context;
  try {
    // One visit online: the page registers the worker, which keeps the home page as A's.
    await page.goto("/");
    await expect(record(page)).toContainText(a.playerName);
    await waitKept(page, "/");
    // The round's page (where the player's card shows), opened as a document, is kept too.
    await page.goto(`/rounds/${a.roundId}`);
    await expect(page.getByRole("heading", { level: 1, name: a.roundName })).toBeVisible();
    await waitKept(page, `/rounds/${a.roundId}`);

    // No signal: both open from A's copies, the home page with its lazy part working.
    await gotoOffline(context, page, "/");
    await expect(record(page)).toContainText(a.playerName);
    await gotoOffline(context, page, `/rounds/${a.roundId}`);
    await expect(page.getByRole("heading", { level: 1, name: a.roundName })).toBeVisible();
    // A page never opened has no copy: the offline page, with its way home.
    await gotoOffline(context, page, "/rounds/999999");
    await expect(offline(page)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");

    // A logs out: every kept page goes. As a visitor, nothing is kept.
    await page.goto("/");
    await tapLogOut(page);
    expect(await keptPages(page)).toEqual({});
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Register" }).first()).toBeVisible();
    await page.waitForTimeout(2000);
    expect(await keptPages(page)).toEqual({});
    // Offline, a page the visitor never opened (a public page the browser's own cache
    // holds may still open: that one is no one's).
    await gotoOffline(context, page, "/rounds");
    await expect(offline(page)).toBeVisible();
    await gotoOffline(context, page, "/");
    await expect(page.getByText(a.playerName)).toHaveCount(0);

    // B logs in on the same phone: A's round page is not theirs to see offline, and the home
    // page B opened is B's.
    await page.goto("/login");
    await page.getByLabel("Email").fill(`pay-${b.tag}@example.com`);
    await page.getByLabel("Password").fill("Fairway-Drive-42");
    await page.getByRole("main").getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/");
    await expect(record(page)).toContainText(b.playerName);
    await waitKept(page, "/");
    await gotoOffline(context, page, `/rounds/${a.roundId}`);
    await expect(offline(page)).toBeVisible();
    await gotoOffline(context, page, "/");
    await expect(record(page)).toContainText(b.playerName);
    await expect(page.getByText(a.playerName)).toHaveCount(0);
    expect(Object.keys(await keptPages(page))).toHaveLength(1);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test("a visitor gets no service worker and no kept page @narrow", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Register" }).first()).toBeVisible();
  await page.waitForTimeout(2000);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await keptPages(page)).toEqual({});
});

test("on an iPhone the Home Screen note shows on the player's home until dismissed; where the browser offers, an Install button @narrow", async ({
  adminPage: admin,
  browser,
}) => {
  const a = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const iphone = await newContext(browser, {
    userAgent: devices["iPhone 13"].userAgent,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    storageState: await a.context.storageState(),
  });
  try {
    const page = await iphone.newPage();
    await page.goto("/");
    const hint = iosHint(page);
    await expect(hint).toContainText(
      "Add this app to your Home Screen: tap Share, then Add to Home Screen — then notifications can reach this phone.",
    );
    await shot(page, "home-screen-hint");
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, "home-screen-hint");
    await page.setViewportSize({ width: 375, height: 740 });
    // Thumb-sized and reached by the keyboard.
    const dismiss = hint.getByRole("button", { name: "Dismiss" });
    expect((await dismiss.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await dismiss.focus();
    await page.keyboard.press("Enter");
    await expect(hint).toHaveCount(0);
    await page.reload();
    await partHydrated(record(page));
    await page.waitForTimeout(500);
    await expect(iosHint(page)).toHaveCount(0);

    // A desktop browser that offers to install: the button asks it, then goes.
    const desktop = a.page;
    await desktop.goto("/");
    await partHydrated(record(desktop));
    await expect(iosHint(desktop)).toHaveCount(0);
    await desktop.evaluate(() => {
      const offer = Object.assign(new Event("beforeinstallprompt"), {
        prompt: async () => {
          (window as { prompted?: boolean }).prompted = true;
        },
      });
      window.dispatchEvent(offer);
    });
    const install = desktop.getByRole("button", { name: "Install the app" });
    await install.click();
    expect(await desktop.evaluate(() => (window as { prompted?: boolean }).prompted)).toBe(true);
    await expect(install).toHaveCount(0);
  } finally {
    await iphone.close();
    await a.context.close();
  }
});

test("a push message shows its notification; a click opens its page on this site only @narrow", async ({
  adminPage: admin,
  browser,
  playwright,
}) => {
  const a = await claimedPlayer(admin, browser, { creditDollars: 0 });
  // Chromium's headless shell has no notifications (every origin's permission reads
  // "denied"): this test runs in the full browser, headless.
  const full = await playwright.chromium.launch({ ...test.info().project.use.launchOptions, executablePath: "/usr/bin/chromium" });
  const context = await newContext(full, {
    ...PHONE,
    baseURL: test.info().project.use.baseURL,
    storageState: await a.context.storageState(),
  });
  try {
    await context.grantPermissions(["notifications"], { origin: new URL(test.info().project.use.baseURL ?? "").origin });
    const page = await context.newPage();
    const registered = context.waitForEvent("serviceworker");
    await page.goto("/");
    const worker = await registered;
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // Pushed as the push service delivers: DevTools' own push delivery, to this registration.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === `${new URL(page.url()).origin}/` && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const id = await registrationId;
    const here = new URL(page.url()).origin;
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data?.url,
        })),
      );
    const push = (data: string) => cdp.send("ServiceWorker.deliverPushMessage", { origin: here, registrationId: id, data });

    await push(
      JSON.stringify({ title: "Round moved", body: "Thursday's round starts at 7 PM.", url: `/rounds/${a.roundId}`, tag: "round-1" }),
    );
    await expect
      .poll(shown)
      .toEqual([{ title: "Round moved", body: "Thursday's round starts at 7 PM.", tag: "round-1", url: `${here}/rounds/${a.roundId}` }]);
    // Not JSON: the generic words, to the home page. Another site's URL: the home page.
    await push("not json");
    await push(JSON.stringify({ title: "Elsewhere", body: "", url: "https://example.com/phish", tag: "away" }));
    await expect
      .poll(async () => (await shown()).map((n) => [n.title, n.url]))
      .toEqual(
        expect.arrayContaining([
          ["New message from your league", `${here}/`],
          ["Elsewhere", `${here}/`],
        ]),
      );

    // A click: headless Chromium cannot click a notification, so the worker's own handler is
    // run on the shown notification, with the browser's opening and focusing of windows
    // recorded instead (a synthetic click may do neither). The round is not open: a new
    // window; the foreign link goes home, where this page is: that window is focused.
    const opened = await worker.evaluate(async (foreign) => {
      // The worker's scope, as far as this test uses it (the page's types know no worker).
      type Shown = { tag: string };
      const sw = self as unknown as {
        clients: object;
        registration: {
          showNotification: (title: string, options: object) => Promise<void>;
          getNotifications: (filter?: { tag: string }) => Promise<Shown[]>;
        };
        dispatchEvent: (event: Event) => boolean;
        NotificationEvent: new (type: string, init: { notification: Shown }) => Event;
        WindowClient: { prototype: { url: string } };
      };
      const urls: string[] = [];
      const focused: string[] = [];
      Object.defineProperty(sw.WindowClient.prototype, "focus", {
        value(this: { url: string }) {
          focused.push(this.url);
          return Promise.resolve(this);
        },
      });
      Object.defineProperty(sw.clients, "openWindow", {
        value: async (u: string) => {
          urls.push(u);
          return null;
        },
      });
      const posted: string[] = [];
      Object.defineProperty(sw, "fetch", {
        value: async (u: string, init: { method?: string; body?: string }) => {
          posted.push(`${init.method} ${new URL(u).pathname}${new URL(u).search} ${init.body}`);
          return new Response(null, { status: 200 });
        },
      });
      await sw.registration.showNotification("Foreign", { tag: "foreign", data: { url: foreign } });
      // "Turn these off": the one-click link of this origin is posted, nothing opens; another site's is not.
      await sw.registration.showNotification("Off", { tag: "off", data: { url: "/", off: "/api/messages/off?k=ace" } });
      await sw.registration.showNotification("Off away", { tag: "off-away", data: { url: "/", off: `${foreign}?k=ace` } });
      for (const tag of ["round-1", "foreign"]) {
        const [n] = await sw.registration.getNotifications({ tag });
        sw.dispatchEvent(new sw.NotificationEvent("notificationclick", { notification: n }));
      }
      for (const tag of ["off", "off-away"]) {
        const [n] = await sw.registration.getNotifications({ tag });
        sw.dispatchEvent(new sw.NotificationEvent("notificationclick", { notification: n, action: "off" } as { notification: Shown }));
      }
      await new Promise((r) => setTimeout(r, 300));
      return { urls, focused, posted, left: (await sw.registration.getNotifications()).map((n) => n.tag) };
    }, "https://example.com/phish");
    expect(opened.posted).toEqual(["POST /api/messages/off?k=ace List-Unsubscribe=One-Click"]);
    expect(opened.urls).toEqual([`${here}/rounds/${a.roundId}`]);
    // The foreign link went home, as did "Turn these off" with another site's link: home is focused twice.
    expect(opened.focused).toEqual([`${here}/`, `${here}/`]);
    // Clicked notifications close.
    expect(opened.left).not.toContain("round-1");
    expect(opened.left).not.toContain("foreign");
  } finally {
    await context.close();
    await full.close();
    await a.context.close();
  }
});
