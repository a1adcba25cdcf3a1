import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { defineConfig } from "vite";

// Built as the app is and served by scripts/serve-build.mjs exactly as the app is, so the
// bench compares like with like. The answers it replays are the app's own, recorded by
// scripts/bench.mjs into BENCH_BARE_RESPONSES (a JSON file) just before this build.
const recorded = process.env.BENCH_BARE_RESPONSES;

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [cloudflare({ configPath: fileURLToPath(new URL("./wrangler.toml", import.meta.url)), persistState: false })],
  define: { BARE_RESPONSES: recorded ? readFileSync(recorded, "utf8") : "[]" },
  build: { outDir: fileURLToPath(new URL("../../../.bench-state/bare-build", import.meta.url)), emptyOutDir: true },
  logLevel: "warn",
});
