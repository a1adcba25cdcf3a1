import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { CACHE_TAGS, publicCacheHeaders } from "~/.server/cache-tags";
import { getDb } from "~/.server/db/client";
import * as schema from "~/.server/db/schema";
import { claims, rateLimits, rounds, users } from "~/.server/db/schema";
import { env } from "cloudflare:workers";
import { tableWrittenBy } from "../../workers/d1-observer";
import { TAGS_CHANGED_BY, tagsForWrites } from "../../workers/purge";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

describe("cache tags", () => {
  it("a user's deletion purges claims (ON DELETE CASCADE); a round's, its entries and aces", () => {
    expect(tagsForWrites(["users"])).toEqual(["claims"]);
    expect(tagsForWrites(["rounds"]).sort()).toEqual(["aces", "entries", "rounds"]);
    expect(tagsForWrites(["league_settings"])).toEqual(["settings"]);
    expect(tagsForWrites(["rate_limits", "revoked_sessions", "password_resets", "page_cache_keys"])).toEqual([]);
  });

  it("every table of the schema says which tags a write to it purges", () => {
    const tables = Object.values(schema).filter((t) => is(t, SQLiteTable));
    expect(Object.keys(TAGS_CHANGED_BY).sort()).toEqual(tables.map((t) => getTableName(t)).sort());
  });

  it("every tag a write can purge is one a response can carry", () => {
    for (const tags of Object.values(TAGS_CHANGED_BY)) for (const tag of tags) expect(CACHE_TAGS).toContain(tag);
  });

  it("public headers: max-age with stale-while-revalidate, sorted unique tags, Vary: Cookie", () => {
    expect(publicCacheHeaders("rounds", "entries", "rounds")).toEqual({
      "Cache-Control": "public, max-age=30, stale-while-revalidate=300",
      "Cache-Tag": "entries,rounds",
      Vary: "Cookie",
    });
  });
});

describe("the D1 observer sees the table of every write drizzle sends", () => {
  const db = getDb(env.DB, DEFAULT_LEAGUE_ID);
  it.each([
    ["insert", db.insert(users).values({ email: "a", name: "b", passwordHash: "c" }).toSQL().sql, "users"],
    ["upsert", db.insert(rateLimits).values({ key: "k", count: 1, windowStart: 1 }).onConflictDoNothing().toSQL().sql, "rate_limits"],
    ["update", db.update(rounds).set({ name: "x" }).toSQL().sql, "rounds"],
    ["delete", db.delete(claims).toSQL().sql, "claims"],
    ["select", db.select().from(users).toSQL().sql, null],
    ["raw delete", "DELETE FROM `entries` WHERE id = ?", "entries"],
  ])("%s", (_case, sql, table) => {
    expect(tableWrittenBy(sql)).toBe(table);
  });
});
