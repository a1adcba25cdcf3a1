import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { smallPreloadHelper } from "./scripts/vite/small-preload-helper.ts";

// LEAGUE_PERSIST lets the e2e suite run against its own local D1 instead of the dev one.
const persistPath = process.env.LEAGUE_PERSIST;

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: persistPath ? { path: persistPath } : true,
    }),
    tailwindcss(),
    reactRouter(),
    smallPreloadHelper(),
  ],
  environments: {
    client: {
      build: {
        // Dynamic imports (lazy parts, the dialog's modal) need no preloading of their own
        // imports, which the page has loaded already (see scripts/vite/small-preload-helper.ts).
        modulePreload: false,
        rolldownOptions: {
          output: {
            // Fewer gzip streams for what every public page loads (issue 12's client budget,
            // scripts/check-budgets.mjs): one framework chunk (React, React DOM, React
            // Router, with the tiny preload helper and lazyPart) instead of six, ~2.5 KB
            // smaller; and one for the small pieces with no app imports of their own that the
            // content pages share (a group takes its members' imports along, so these must
            // have none, or every page would load the group).
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|vite[\\/]preload-helper|app[\\/]components[\\/]lazy-part\./,
                },
                {
                  name: "content-kit",
                  test: /app[\\/](components[\\/]ui[\\/](table|empty-state|badge)|lib[\\/]money|components[\\/]player-link)\./,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 5173) },
  preview: { port: Number(process.env.PORT ?? 8787), strictPort: true },
});
