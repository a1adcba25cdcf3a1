// Every row of every table the app keeps, to prove a read wrote nothing: compare a
// snapshot taken before a GET with one taken after. Left out by design: rate_limits (abuse
// counters are counted on reads too) and page_cache_keys (the local page cache's index).
import { env } from "cloudflare:workers";

const EXEMPT = new Set(["rate_limits", "page_cache_keys", "d1_migrations"]);

export async function dbSnapshot(): Promise<Record<string, unknown[]>> {
  const { results: tables } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' order by name",
  ).all<{ name: string }>();
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    if (EXEMPT.has(name)) continue;
    out[name] = (await env.DB.prepare(`select * from "${name}" order by rowid`).all()).results;
  }
  return out;
}
