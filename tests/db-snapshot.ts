// Every row of every table the app keeps, to prove a read wrote nothing: compare a
// snapshot taken before a GET with one taken after. Left out by design: rate_limits (abuse
// counters are counted on reads too) and page_cache_keys (the local page cache's index).
import { env } from "cloudflare:workers";

const EXEMPT = new Set(["rate_limits", "page_cache_keys", "d1_migrations"]);

export async function dbSnapshot(): Promise<Record<string, unknown[]>> {
  const { results: tables } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' order by name",
  ).all<{ name: string }>();
  const kept = tables.map((t) => t.name).filter((name) => !EXEMPT.has(name));
  // One batch for every table: a snapshot is taken around each of hundreds of GETs.
  const rows = await env.DB.batch(kept.map((name) => env.DB.prepare(`select * from "${name}" order by rowid`)));
  return Object.fromEntries(kept.map((name, i) => [name, rows[i]?.results ?? []]));
}
