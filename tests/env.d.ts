declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    // Set by scripts/check-plans.mjs: tests/statement-dump.ts prints every statement sent.
    STATEMENT_DUMP: string;
  }
}
