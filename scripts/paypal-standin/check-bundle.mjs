// Fails when the built Worker contains the local PayPal stand-in: run after the build
// (npm run test:deploy). The stand-in's marker is a runtime string, so it survives bundling
// and minifying wherever the stand-in's code does.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const MARKER = "PAYPAL-LOCAL-STANDIN"; // STANDIN_MARKER in standin.ts
// build/server is what `wrangler deploy` bundles (an older .wrangler/dry-run may be stale).
const roots = ["build/server"].filter((dir) => existsSync(dir));
if (roots.length === 0) {
  console.error("✗ No built Worker to check (build/server): run `react-router build` first.");
  process.exit(1);
}

const files = (dir) =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
const offenders = roots.flatMap(files).filter((file) => /\.(m?js|cjs)$/.test(file) && readFileSync(file, "utf8").includes(MARKER));
if (offenders.length) {
  console.error(`✗ The local PayPal stand-in is in the Worker bundle: ${offenders.join(", ")}`);
  process.exit(1);
}
console.log(`✓ The Worker bundle (${roots.join(", ")}) has no PayPal stand-in.`);
