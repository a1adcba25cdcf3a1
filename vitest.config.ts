import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      // The API and queue consumer without the React Router build (pages are e2e-tested).
      main: "./tests/worker.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          SESSION_SECRET: "Qm9fX3kP0vJd2wH7sLr8TzA1cN5eGuYbVxKfRiWoMjE",
          // Seals each league's own PayPal secret (app/.server/paypal/sealed-secret.ts).
          PAYPAL_CREDENTIALS_KEY: "c2VhbGluZy1rZXktZm9yLXRlc3RzLW9ubHktMzItYnl0ZXMtbG9uZw",
          // A fixed VAPID pair for push (ADR 49; app/.server/push/config.ts), for tests only.
          VAPID_PUBLIC_KEY: "BHG_LuhoW9MW6beZox2cRfAtZI6K2iw5UiQ7wkO3gVqzZB-MODU71EBUk1U2Hhun6hYc6yHWI1yHuHfkLgktCzA",
          VAPID_PRIVATE_KEY: "5QrdA2VRb7sExB4QooQE0kqivo9D5qj75NqntvSgfdM",
          // Tests write straight to D1 between requests; the page-cache tests turn it on.
          PAGE_CACHE: "off",
          // scripts/check-plans.mjs: print every statement sent (tests/statement-dump.ts).
          STATEMENT_DUMP: process.env.STATEMENT_DUMP ? "1" : "",
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url))),
        },
      },
    }),
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // CI also writes a JSON report, which .ci/run sums into one closing line.
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" },
    include: ["tests/{unit,db,services,api,queue,paypal,push,races,hostile,league-scope,isolation}/**/*.test.ts"],
    setupFiles: ["./tests/setup.ts"],
    // One workerd per vitest worker, reused by the files it runs, instead of one per file
    // (starting it and loading the app was most of the suite's time); tests/setup.ts
    // empties the storage before each file. Two workers even on 2 cores: a test spends
    // much of its time waiting on workerd. Two files at once make each test slower, so
    // the time a test may take is 20 s rather than 5 (none asserts its own speed).
    isolate: false,
    maxWorkers: 2,
    testTimeout: 20_000,
  },
}));
