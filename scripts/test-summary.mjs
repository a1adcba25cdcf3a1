// Sums the vitest and Playwright JSON reports into one closing line for CI.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync("test-results/vitest.json")) {
  const v = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
}
// The e2e suite's report, or its two parts' (scripts/test.mjs: e2e-alone.json and e2e.json).
for (const file of ["test-results/e2e-alone.json", "test-results/e2e.json"]) {
  if (!existsSync(file)) continue;
  const p = JSON.parse(readFileSync(file, "utf8"));
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky;
  skipped += p.stats.skipped;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
