import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, type Locator, type Page, test as base, expect } from "@playwright/test";

// Every e2e test runs with the app's real CSP: a violation on any page of any context a
// test opens fails the test. Each test is also its own client address (the abuse limits
// count per client), as it would be behind Cloudflare, which sets CF-Connecting-IP. Tests run
// in parallel (two workers) against one server: each worker's addresses are its own.

/** Collects CSP violations of every page of `context`, as the browser reports them. */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`),
    );
  });
  context.on("console", (msg) => {
    const text = msg.text();
    if (msg.type() === "error" && /CSP violation|Content Security Policy/i.test(text)) violations.push(`${msg.location().url}: ${text}`);
  });
  return violations;
}

// The contexts a test opened itself, checked with its own page's at the end.
let watched: Promise<string[]>[] = [];

/**
 * The app's origin, as a browser on it sends in the Origin header: every write the /api
 * takes must carry it (the Worker refuses a foreign or missing Origin).
 */
export const appOrigin = (baseURL: string | undefined) => new URL(baseURL ?? "http://localhost").origin;

/**
 * A picture for a person to look at, taken only on request: SHOTS_DIR=folder saves the
 * page (all of it) or one element as folder/name-<width>.png. No test asserts on a
 * picture, and a full-page PNG costs a third of a second of CPU, so `npm test` takes none.
 */
export async function shot(target: Page | Locator, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const page = "goto" in target ? target : target.page();
  const path = join(dir, `${name}-${page.viewportSize()?.width}.png`);
  if ("goto" in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}

/** A new browser context whose CSP violations fail the test, like the default one's. */
/**
 * The specs about the service worker (the app on the Home Screen, push, a scorer's phone
 * offline): their contexts run it; every other spec's block it (playwright.config.ts).
 */
const SERVICE_WORKER_SPECS = /(app-install|push-journey|live-scoring|live-phone)\.spec\.ts$/;
export const serviceWorkers = (): "allow" | "block" => (SERVICE_WORKER_SPECS.test(base.info().file) ? "allow" : "block");

export async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: serviceWorkers(), ...options });
  watched.push(watchCsp(context));
  return context;
}

/** A new browser context logged in as `email`. */
export async function loggedInContext(browser: Browser, email: string, password: string): Promise<BrowserContext> {
  const context = await newContext(browser);
  await logIn(context, email, password, base.info().project.use.baseURL);
  return context;
}

/**
 * Logs `context` in through the login API, called with the context's own request client:
 * the answer's __Host- session cookie goes into the context's cookies, as the browser
 * stores it from the form (it must be 200), and no page is loaded for it.
 */
async function logIn(context: BrowserContext, email: string, password: string, baseURL: string | undefined): Promise<void> {
  const res = await context.request.post("/api/users/login", { headers: { Origin: appOrigin(baseURL) }, data: { email, password } });
  expect(res.status(), `log in as ${email}`).toBe(200);
}

/** The demo league's logins (scripts/seed/accounts.ts). */
export const DEMO = {
  admin: { email: "admin@league.test", password: "LeagueAdmin2026" },
  player: { email: "player1@league.test", password: "PlayerPass2026" },
} as const;

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * A client address of its own for worker `worker`'s test number `n` (n = 0: the worker's
 * logins). The abuse limits count a whole IPv6 /64 as one client: each gets its own /64.
 */
const clientAddress = (worker: number, n: number) => `2001:db8:${(0xe000 + worker).toString(16)}:${n.toString(16)}::1`;

/**
 * A page of its own browser context, logged in as `who` for the test, closed after it. The
 * login itself (a scrypt check) happens once per worker: each test's context starts from
 * that session's cookie, as a second tab of the same browser would.
 */
const pageOf =
  (who: keyof typeof DEMO) =>
  async (
    { browser, demoSession }: { browser: Browser; demoSession: (who: keyof typeof DEMO) => Promise<StorageState> },
    use: (page: Page) => Promise<void>,
  ) => {
    const context = await newContext(browser, { storageState: await demoSession(who) });
    await use(await context.newPage());
    await context.close();
  };

let client = 0;

/**
 * Holds a lock across the workers for the test's length (a folder made atomically; one
 * left by a killed run is taken over after two minutes). The ace pot is one number for
 * the whole league: the tests that add aces or read the pot and the ace list exactly hold
 * `acePot`, so no other such test changes them meanwhile; so are the league's settings
 * (the standings' points): `leagueSettings`.
 */
async function lock(name: string, baseURL: string | undefined, use: (value: undefined) => Promise<void>) {
  const dir = join(tmpdir(), `league-e2e-${new URL(baseURL ?? "http://localhost").port}-${name}.lock`);
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      try {
        if (Date.now() - statSync(dir).mtimeMs > 120_000) rmSync(dir, { recursive: true, force: true });
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    await use(undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const test = base.extend<
  { cspViolations: string[]; playerPage: Page; adminPage: Page; acePot: undefined; leagueSettings: undefined },
  { demoSession: (who: keyof typeof DEMO) => Promise<StorageState> }
>({
  demoSession: [
    async ({ browser }, use, workerInfo) => {
      const sessions = new Map<string, Promise<StorageState>>();
      const sessionOf = async (who: keyof typeof DEMO) => {
        const context = await browser.newContext({
          baseURL: workerInfo.project.use.baseURL,
          extraHTTPHeaders: { "CF-Connecting-IP": clientAddress(workerInfo.workerIndex, 0) },
        });
        await logIn(context, DEMO[who].email, DEMO[who].password, workerInfo.project.use.baseURL);
        const state = await context.storageState();
        await context.close();
        return state;
      };
      await use((who) => {
        if (!sessions.has(who)) sessions.set(who, sessionOf(who));
        return sessions.get(who)!;
      });
    },
    { scope: "worker" },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  acePot: async ({}, use, testInfo) => lock("ace-pot", testInfo.project.use.baseURL, use),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  leagueSettings: async ({}, use, testInfo) => lock("league-settings", testInfo.project.use.baseURL, use),
  playerPage: pageOf("player"),
  adminPage: pageOf("admin"),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "CF-Connecting-IP": clientAddress(testInfo.workerIndex, ++client) });
  },
  cspViolations: [
    async ({ context }, use) => {
      watched = [];
      const violations = await watchCsp(context);
      await use(violations);
      const all = [...violations, ...(await Promise.all(watched)).flat()];
      expect(all, "no CSP violation on any page of this test").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
