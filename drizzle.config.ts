import { defineConfig } from "drizzle-kit";

// drizzle-kit only writes SQL; wrangler applies it (`npm run db:migrate:local|remote`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/.server/db/schema.ts",
  out: "./migrations",
});
