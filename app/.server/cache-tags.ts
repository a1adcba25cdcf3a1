// The public pages and reads are cached at the edge for anonymous visitors (ADR 11).
// A cached response is tagged with the tables it read; a write purges the tags of the
// tables it changed. Tags are table names, a closed set.

export const CACHE_TAGS = ["rounds", "entries", "players", "aces", "transfers", "claims", "settings"] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

/**
 * The tags a change to a table makes stale, cascades included: deleting a user deletes
 * their claims (ON DELETE CASCADE), deleting a round its entries and its aces' round link.
 * Tables no public response reads (sessions, limits, resets, webhooks) purge nothing.
 */
export const TAGS_CHANGED_BY: Readonly<Record<string, readonly CacheTag[]>> = {
  rounds: ["rounds", "entries", "aces"],
  entries: ["entries"],
  players: ["players", "claims"],
  aces: ["aces"],
  transfers: ["transfers"],
  claims: ["claims"],
  users: ["claims"],
  payments: ["entries"],
  // Standings points and handicaps: the standings, round and player pages.
  league_settings: ["settings"],
};

/** The tags made stale by writes to `tables`. */
export function tagsForWrites(tables: Iterable<string>): CacheTag[] {
  const tags = new Set<CacheTag>();
  for (const table of tables) for (const tag of TAGS_CHANGED_BY[table] ?? []) tags.add(tag);
  return [...tags];
}

/** Browsers keep a public response 30 s; the edge keeps it until a write purges it or 5 min pass. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=300";

/**
 * Headers that make a response publicly cacheable, tagged by the tables it read. `Vary:
 * Cookie` keeps a browser from answering its logged-in requests with the anonymous copy
 * it kept (the browser's cache does not key on cookies otherwise).
 */
export function publicCacheHeaders(...tags: CacheTag[]): Record<string, string> {
  return { "Cache-Control": PUBLIC_CACHE_CONTROL, "Cache-Tag": [...new Set(tags)].sort().join(","), Vary: "Cookie" };
}
