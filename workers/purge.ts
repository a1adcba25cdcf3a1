import { purgeCacheApi, type PageCacheMode } from "./page-cache";
import { CACHE_TAGS, type CacheTag, leagueTag } from "~/.server/cache-tags";
import type * as schema from "~/.server/db/schema";

// Step "purge" (ADR 11): the tables a request or queue job wrote, as the D1 observer saw
// them (workers/d1-observer.ts), purge the cache tags below before the response leaves.
// Services never name a tag, so no write path can forget one; and the map names every
// table of the schema (the type below), so a new table cannot be left out either.
//
// | table written       | purges                 | why                                                   |
// | ------------------- | ---------------------- | ----------------------------------------------------- |
// | rounds              | rounds, entries, aces  | deleting a round deletes its entries, unlinks its aces |
// | entries             | entries                | player_stats and round_stats follow by trigger         |
// | players             | players, claims        | deleting a player deletes its claims                   |
// | aces                | aces                   |                                                       |
// | transfers           | transfers              |                                                       |
// | claims              | claims                 |                                                       |
// | users               | claims                 | a claim shows its account (deleted: the job, ADR 46)   |
// | payments            | entries                | an entry shows how it was paid                         |
// | league_settings     | settings               | standings points and handicaps, divisions, visibility  |
// | courses, layouts,   | courses                | a round page shows its course, layout and par          |
// |   layout_holes      |                        |                                                       |
// | cards, card_players | cards                  | a round page shows its published cards                 |
// | waitlist            | entries                | a round page shows its field and how many wait         |
// | tag_moves           | tags                   | the tags pages and a player's page show who holds what |
// | side_pots, side_pot_| entries                | a round's and a player's pages show the side pots,    |
// |   players, _marks,  |                        |   who holds a hole and who won what                   |
// |   _wins             |                        |                                                       |
// | player_stats,       | (nothing)              | written only by triggers on entries, which purge      |
// |   round_stats       |                        |   `entries` themselves                                |
// | everything else     | (nothing)              | no public response reads it: refunds, audit log,      |
// |                     |                        |   sessions, limits, resets, mails and mail choices,   |
// |                     |                        |   webhooks, guards,                                   |
// |                     |                        |   the local cache's own index                         |

export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends { _: { name: infer N extends string } } ? N : never;
}[keyof typeof schema];

export const TAGS_CHANGED_BY: Readonly<Record<TableName, readonly CacheTag[]>> = {
  rounds: ["rounds", "entries", "aces"],
  entries: ["entries"],
  players: ["players", "claims"],
  aces: ["aces"],
  transfers: ["transfers"],
  claims: ["claims"],
  users: ["claims"],
  payments: ["entries"],
  league_settings: ["settings"],
  courses: ["courses"],
  layouts: ["courses"],
  layout_holes: ["courses"],
  cards: ["cards"],
  card_players: ["cards"],
  waitlist: ["entries"],
  waitlist_notices: [],
  tag_moves: ["tags"],
  side_pots: ["entries"],
  side_pot_players: ["entries"],
  side_pot_marks: ["entries"],
  side_pot_wins: ["entries"],
  player_stats: [],
  round_stats: [],
  round_cancellations: ["rounds", "entries"],
  payment_refunds: [],
  audit_log: [],
  audit_actor: [],
  revoked_sessions: [],
  rate_limits: [],
  password_resets: [],
  registration_mails: [],
  card_mails: [],
  // An account's choices in a league: read by its own pages and its personal feed only, never cached.
  league_prefs: [],
  webhook_events: [],
  write_guards: [],
  page_cache_keys: [],
  // A league's status and epoch show on no page (ADR 46).
  leagues: [],
  memberships: [],
  league_invites: [],
  // Whether the league takes PayPal shows in its sign-up dialog, read with its settings.
  league_paypal: ["settings"],
  // What the league told its players, and each account's devices and choices: private pages only (ADR 49).
  messages: [],
  message_recipients: [],
  message_prefs: [],
  push_subscriptions: [],
};

/** The tags made stale by writes to `tables`. */
export function tagsForWrites(tables: Iterable<string>): CacheTag[] {
  const tags = new Set<CacheTag>();
  for (const table of tables) for (const tag of TAGS_CHANGED_BY[table as TableName] ?? []) tags.add(tag);
  return [...tags];
}

type Purger = { purge(tags: string[]): Promise<unknown> };

/**
 * The one purge every write goes through: the Worker calls it with the tables the
 * request (or queue job) wrote, as seen by the D1 observer, and the league they are the
 * league's of: its tags only are purged (ADR 46).
 */
export async function purgeWrites(
  tables: Iterable<string>,
  mode: PageCacheMode,
  db: D1Database,
  ctx: { exports?: unknown },
  leagueId: number,
): Promise<string[]> {
  return purgeTags(
    tagsForWrites(tables).map((tag) => leagueTag(leagueId, tag)),
    mode,
    db,
    ctx,
  );
}

/** Every page of league `leagueId`, whatever it read: its address changed (ADR 46). */
export function purgeLeague(leagueId: number, mode: PageCacheMode, db: D1Database, ctx: { exports?: unknown }): Promise<string[]> {
  return purgeTags(
    CACHE_TAGS.map((tag) => leagueTag(leagueId, tag)),
    mode,
    db,
    ctx,
  );
}

async function purgeTags(tags: string[], mode: PageCacheMode, db: D1Database, ctx: { exports?: unknown }): Promise<string[]> {
  if (tags.length === 0 || mode === "off") return tags;
  try {
    if (mode === "cache-api") await purgeCacheApi(db, tags);
    else await ((ctx.exports as Record<string, Purger> | undefined)?.CachedPages?.purge(tags) ?? Promise.resolve());
  } catch (err) {
    // The write itself succeeded; a page may stay stale until its max-age. Say so loudly.
    console.error("Cache purge failed for tags", tags.join(","), err);
  }
  return tags;
}
