// The one build `npm test` makes: `node scripts/build.mjs` builds (test:deploy, first);
// with --if-stale it builds only when build/ is missing or older than its sources, so the
// budgets (test:budgets) and the e2e server (scripts/e2e-server.mjs) use that same build.
import "./check-node.mjs"; // first: lib.mjs and the tools need Node ≥ 22.22

const { build, buildIfStale } = await import("./lib.mjs");

if (process.argv.includes("--if-stale")) buildIfStale();
else build();
