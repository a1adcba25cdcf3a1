import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/**
 * The files that took 5 s or more (docs/testing.md, "How npm test runs"), longest first.
 * They start first: vitest orders files by the durations in its cache, which a fresh clone
 * has not got, and falls back on file size, which put the 20 s page walks (small files)
 * last, running alone while the other workers had finished.
 */
const SLOW_FILES = [
  "hostile/api.test.ts",
  "isolation/pages-root.test.ts",
  "isolation/pages-league.test.ts",
  "api/audit-coverage.test.ts",
  "api/live-change-limits.test.ts",
  "isolation/writes-pages.test.ts",
  "races/night.test.ts",
  "isolation/writes-api.test.ts",
  "services/cards-make.test.ts",
  "races/side-pots.test.ts",
  "api/live-socket-limits.test.ts",
  "api/league-members.test.ts",
  "api/admin-messages.test.ts",
  "api/paypal-signup.test.ts",
  "races/money.test.ts",
  "races/signups.test.ts",
  "isolation/api-reads.test.ts",
  "hostile/actions.test.ts",
  "services/message-kinds.test.ts",
  "races/waitlist.test.ts",
  "races/entries.test.ts",
].map((f) => `/tests/${f}`);

/** The slow files first, in that order; every other file as vitest orders it (its cache, else size). */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const i = SLOW_FILES.findIndex((f) => spec.moduleId.endsWith(f));
      return i < 0 ? SLOW_FILES.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    // empties the storage before each file. Four workers on 2 cores: with two, the suite
    // kept 1.4 of the cores busy (a test spends much of its time waiting: on its workerd,
    // on a socket's answer, on a rate limit's window); on a fresh clone, alone in its part of
    // `npm test`, four took 186 s and 285 CPU s where three beside the side steps took 220 s
    // and 290 (docs/testing.md). Files at once make each test slower, so the time a test may
    // take is 20 s rather than 5 (none asserts its own speed).
    isolate: false,
    maxWorkers: 4,
    sequence: { sequencer: SlowFirst },
    testTimeout: 20_000,
  },
}));
