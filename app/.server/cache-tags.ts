// The public pages and reads are cached at the edge for anonymous visitors (ADR 11).
// A cached response is tagged with the tables it read; a write purges the tags of the
// tables it changed (which table purges which tags: workers/purge.ts). Tags are table
// names, a closed set; the Worker qualifies them with the request's league (`l1:rounds`),
// so a write in one league purges only that league's pages (ADR 46).

export const CACHE_TAGS = ["rounds", "entries", "players", "aces", "transfers", "claims", "settings", "courses", "cards", "tags"] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

/** Browsers keep a public response 30 s; the edge keeps it until a write purges it or 5 min pass. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=300";

/**
 * A live round's state (ADR 26) changes by the second and is not in D1, so no write purges
 * it: shared copies are kept two seconds and never tagged.
 */
export const LIVE_CACHE_CONTROL = "public, max-age=2";

/**
 * Headers that make a response publicly cacheable, tagged by the tables it read. `Vary:
 * Cookie` keeps a browser from answering its logged-in requests with the anonymous copy
 * it kept (the browser's cache does not key on cookies otherwise).
 */
export function publicCacheHeaders(...tags: CacheTag[]): Record<string, string> {
  return { "Cache-Control": PUBLIC_CACHE_CONTROL, "Cache-Tag": [...new Set(tags)].sort().join(","), Vary: "Cookie" };
}

/** A table's tag in a league, as a cached page carries it and a write purges it (ADR 46). */
export const leagueTag = (leagueId: number, tag: string) => `l${leagueId}:${tag}`;
