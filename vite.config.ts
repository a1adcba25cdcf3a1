import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
  ],
  environments: {
    client: {
      build: {
        // No preload helper in every page for the few dynamic imports (lazy-parts.tsx): their
        // own imports (the framework, the UI kit) are loaded already.
        modulePreload: false,
        rolldownOptions: {
          output: {
            // One framework chunk (React, React DOM, React Router) instead of four: every page
            // loads all of it, and one gzip stream is ~2 KB smaller than four (issue 12's
            // client budget, scripts/check-budgets.mjs).
            codeSplitting: {
              groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
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
