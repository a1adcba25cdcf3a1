import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8788);

// Chromium comes from the OS (Debian's package in CI); Playwright never downloads one.
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["line"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
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
  projects: [
    // The HTML budget on the freshly seeded league, before any spec writes (tests/e2e/budgets.spec.ts).
    // `--no-deps` skips it when running a project alone.
    { name: "budgets", testMatch: "budgets.spec.ts", use: { ...devices["Desktop Chrome"] } },
    // @narrow tests are about the < 768 px layout, @wide ones about the desktop layout.
    {
      name: "desktop",
      dependencies: ["budgets"],
      testIgnore: "budgets.spec.ts",
      grepInvert: /@narrow/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      dependencies: ["budgets"],
      testIgnore: "budgets.spec.ts",
      grepInvert: /@wide/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true },
    },
  ],
  webServer: {
    // Builds the app and serves it in workerd with its own freshly seeded local D1.
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `http://localhost:${port}/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
