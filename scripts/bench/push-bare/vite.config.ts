import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { defineConfig } from "vite";

// Built as the app is and served by scripts/serve-build.mjs exactly as the app is, so the
// push bench compares like with like.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [cloudflare({ configPath: fileURLToPath(new URL("./wrangler.toml", import.meta.url)), persistState: false })],
  build: { outDir: fileURLToPath(new URL("../../../.bench-state/push-bare-build", import.meta.url)), emptyOutDir: true },
  logLevel: "warn",
});
