import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect } from "./fixtures";

/**
 * Runs SQL on the suite's own local D1 (scripts/e2e-server.mjs), for rows no /api makes or
 * shows; returns the rows. It opens the SQLite file workerd keeps the database in, for one
 * statement: `wrangler d1 execute` started a workerd of its own for each (2.5 CPU s), and
 * held the file long enough that the server, writing it for the tests beside this one,
 * was refused with SQLITE_BUSY. Here a statement waits up to 5 s for the server's lock.
 */
export function d1(sql: string): Record<string, unknown>[] {
  const dir = join(process.env.LEAGUE_PERSIST ?? ".e2e-state", "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  expect(files, `one D1 database in ${dir}`).toHaveLength(1);
  const db = new DatabaseSync(join(dir, files[0]!), { timeout: 5_000 });
  try {
    return db.prepare(sql).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}
