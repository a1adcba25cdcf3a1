import { type Browser, type BrowserContext, type Page, test as base, expect } from "@playwright/test";

// Every e2e test runs with the app's real CSP: a violation on any page of any context a
// test opens fails the test. Each test is also its own client address (the abuse limits
// count per client), as it would be behind Cloudflare, which sets CF-Connecting-IP.

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

/** A new browser context whose CSP violations fail the test, like the default one's. */
export async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  watched.push(watchCsp(context));
  return context;
}

/**
 * A new browser context logged in as `email`: the page itself calls the login API, so
 * the browser stores the __Host- cookie as it would from the form. (Chromium refuses a
 * __Host- cookie injected for an http origin, though it accepts one from localhost.)
 */
export async function loggedInContext(browser: Browser, email: string, password: string): Promise<BrowserContext> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto("/login");
  const status = await page.evaluate(
    async (body) => (await fetch("/api/users/login", { method: "POST", headers: { "Content-Type": "application/json" }, body })).status,
    JSON.stringify({ email, password }),
  );
  expect(status, `log in as ${email}`).toBe(200);
  await page.close();
  return context;
}

/** The demo league's logins (scripts/seed/accounts.ts). */
export const DEMO = {
  admin: { email: "admin@league.test", password: "LeagueAdmin2026" },
  player: { email: "player1@league.test", password: "PlayerPass2026" },
} as const;

/** A page of its own browser context, logged in as `who` for the test, closed after it. */
const pageOf =
  (who: keyof typeof DEMO) =>
  async ({ browser }: { browser: Browser }, use: (page: Page) => Promise<void>) => {
    const context = await loggedInContext(browser, DEMO[who].email, DEMO[who].password);
    await use(await context.newPage());
    await context.close();
  };

let client = 0;

export const test = base.extend<{ cspViolations: string[]; playerPage: Page; adminPage: Page }>({
  playerPage: pageOf("player"),
  adminPage: pageOf("admin"),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => {
    // The limits count a whole IPv6 /64 as one client: each test gets its own /64.
    await use({ "CF-Connecting-IP": `2001:db8:${(process.pid % 0xffff).toString(16)}:${(++client).toString(16)}::1` });
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
