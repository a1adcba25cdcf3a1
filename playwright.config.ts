import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8788);

// Chromium comes from the OS (Debian's packages in CI); Playwright never downloads one.
// Its headless shell (Debian's chromium-headless-shell, the same Chromium build without the
// browser's UI; what Playwright itself runs headless) when installed: the full browser in
// headless mode spent twice the CPU on the same tests (docs/testing.md), on two cores
// that the server and the tests share.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

// The specs whose setting changes every visitor's pages: run with the server to themselves (the league-wide project).
const LEAGUE_WIDE = /(money-visibility|bag-tags)\.spec\.ts$/;
// The read walk: its no-write check counts every row of the database, so it runs alone too.
const READ_WALK = /read-walk\.spec\.ts$/;
// `npm test` runs the suite in two parts (scripts/test.mjs): E2E_PART names the first, whose
// report and output are kept apart from the second's.
const part = process.env.E2E_PART ? `-${process.env.E2E_PART}` : "";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e${part}`,
  testMatch: "**/*.spec.ts",
  // Every test makes its own players, rounds and users, so tests run in parallel, in any
  // order, two at a time (the CI machine has two cores; the server is one workerd for both).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Two tests at a time share the two cores with the server: a long one needs more than 30 s.
  timeout: 60_000,
  reporter: process.env.CI ? [["line"], ["json", { outputFile: `test-results/e2e${part}.json` }]] : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
    // The app's service worker (public/sw.js) registers on every signed-in page, fetches the
    // page again and keeps the build's assets: work a test of anything else pays for and
    // never looks at. It runs in the specs about it (tests/e2e/fixtures.ts SERVICE_WORKER_SPECS).
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // The projects in order: the ones that need the server to themselves first (budgets, the
  // read walk, league-wide), one after the other on the freshly seeded league; then every
  // other test, desktop and mobile side by side. `--no-deps` runs a project without the
  // ones before it; `npm test` runs league-wide (and so those before it) while vitest runs,
  // and desktop and mobile with --no-deps after it.
  projects: [
    // The HTML budget on the freshly seeded league, before any spec writes (tests/e2e/budgets.spec.ts).
    { name: "budgets", testMatch: "budgets.spec.ts", use: { ...devices["Desktop Chrome"] } },
    // Every page and /api GET walked for its round trips and for writing nothing
    // (tests/e2e/read-walk.spec.ts), with no other test writing beside it. It loads no page,
    // so one project. Run it by itself with `--project=read-walk --no-deps`.
    {
      name: "read-walk",
      dependencies: ["budgets"],
      testMatch: READ_WALK,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    // Tests that change what every visitor of the league sees (who sees balances and
    // transfers, bag tags on): with no other test running, so none reads a page mid-change.
    // Each puts the setting back when it ends.
    {
      name: "league-wide",
      dependencies: ["read-walk"],
      testMatch: LEAGUE_WIDE,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    // Every test runs at 1280 px, but those tagged @narrow: they are about the < 768 px
    // layout (the phone menu, the home page's one list at a time, no sideways scroll) and
    // run at 375 px only. @narrow-too: at 1280 px and at 375 px, where the test is about
    // both layouts (the header's targets, the chart's two drawings, the navbar's menu).
    {
      name: "desktop",
      dependencies: ["league-wide"],
      testIgnore: ["budgets.spec.ts", LEAGUE_WIDE, READ_WALK],
      grepInvert: /@narrow(?!-too)/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      dependencies: ["league-wide"],
      testIgnore: ["budgets.spec.ts", LEAGUE_WIDE, READ_WALK],
      grep: /@narrow/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true },
    },
  ],
  webServer: {
    // Builds the app and serves it in workerd with its own freshly seeded local D1. `npm
    // test` starts this same server before the suite (E2E_SERVER=running): the suite uses
    // it; run alone, the suite starts its own and refuses a server it did not start.
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `http://localhost:${port}/`,
    timeout: 240_000,
    reuseExistingServer: process.env.E2E_SERVER === "running",
    stdout: "ignore",
    stderr: "pipe",
  },
});
