import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll } from "vitest";
import { expectBooksSound, resetAllowances } from "./books-check";
import { testDb } from "./fixtures";
import { takeFollowUps } from "~/.server/follow-ups";

// Runs before each test file. The files of one vitest worker share one workerd instance
// and its storage (isolate: false in vitest.config.ts: starting workerd per file cost
// most of the suite's time), so each file first empties what the files before it left:
// the locally cached pages they indexed, then every row. The schema stays; AUTOINCREMENT
// counters keep counting, so a queue message an earlier file left undelivered names
// rows that are gone, never this file's.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS); // the first file's; a no-op after it
// `npm run check:plans` (scripts/check-plans.mjs): every statement printed for its plan at scale.
if (env.STATEMENT_DUMP) await import("./statement-dump");
await emptyPageCache(env.DB);
await emptyDatabase(env.DB);
// The follow-ups a file before it handed over on the shared test binding and never ran
// (a service called without a request's runner) name rows that are gone: they go too.
takeFollowUps(testDb().$client);
// And each file ends with the books sound: balanced, and every audit row naming its actor.
resetAllowances();
afterAll(expectBooksSound);

async function emptyPageCache(db: D1Database) {
  const { results } = await db.prepare("select distinct url from page_cache_keys").all<{ url: string }>();
  if (results.length === 0) return;
  const pages = await caches.open("pages"); // workers/page-cache.ts
  await Promise.all(results.map(({ url }) => pages.delete(new Request(url))));
}

async function emptyDatabase(db: D1Database) {
  const { results } = await db
    .prepare(
      "select type, name, sql from sqlite_master where type in ('table', 'trigger') " +
        "and name not like 'sqlite\\_%' escape '\\' and name not like '\\_cf\\_%' escape '\\' and name <> 'd1_migrations'",
    )
    .all<{ type: "table" | "trigger"; name: string; sql: string }>();
  const tables = results.filter((r) => r.type === "table");
  const triggers = results.filter((r) => r.type === "trigger");
  // The triggers go first and come back last: audit_log refuses deletes by trigger (it is
  // append-only), and the stats triggers would only rewrite rows that are going anyway.
  await db.batch([
    db.prepare("pragma defer_foreign_keys = on"),
    ...triggers.map((t) => db.prepare(`drop trigger "${t.name}"`)),
    // The default league stays (migration 0024 made it), active at its first epoch.
    ...tables.filter((t) => t.name !== "leagues").map((t) => db.prepare(`delete from "${t.name}"`)),
    db.prepare("delete from leagues where id <> 1"),
    db.prepare(
      "update leagues set status = 'active', epoch = 0, suspended_at = null, closed_at = null, hidden_by_owner = 0, hidden_by_operator = 0 where id = 1",
    ),
    ...triggers.map((t) => db.prepare(t.sql)),
  ]);
}
