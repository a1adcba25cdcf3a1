import { sql } from "drizzle-orm";
import { type Db, readTogether } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { type Holdings, type TagMoveFact, type TagReason, applyMoves } from "./tag-rules";
import { tagMovesSql } from "./tag-sql";
import { SETTINGS } from "~/lib/settings/league-settings";

// Reading the bag tags (ADR 27): who holds each tag now (the history folded in order), the
// pool, and the history of a tag or of a player. Every page and the /api read these.

export type TagsSettings = { on: boolean; tagCount: number; expiryWeeks: number };
export type TagHolder = { tag: number; playerId: number; name: string; since: number };
export type TagBoard = TagsSettings & { holders: TagHolder[]; pool: number[] };

export type TagHistoryRow = {
  id: number;
  tag: number;
  from: { id: number; name: string } | null;
  to: { id: number; name: string } | null;
  round: { id: number; name: string } | null;
  reason: TagReason;
  at: number;
  /** Who saved the results or made the admin's move; null when made outside the app. */
  actor: string | null;
};

const settingsSql = (leagueId: number) =>
  sql`select bag_tags as bagTags, tag_count as tagCount, tag_expiry_weeks as expiryWeeks from league_settings where league_id = ${leagueId}`;
const namesSql = (leagueId: number) =>
  sql`select id, ${fullNameSql("p")} as name from players p where p.league_id = ${leagueId} and id in
      (select from_player_id from tag_moves where league_id = ${leagueId} union select to_player_id from tag_moves where league_id = ${leagueId})`;

type SettingsRow = { bagTags: string; tagCount: number; expiryWeeks: number };

function settingsOf(row: SettingsRow | undefined): TagsSettings {
  return {
    on: row !== undefined && row.bagTags !== "off",
    tagCount: row?.tagCount ?? SETTINGS.tagCount.default,
    expiryWeeks: row?.expiryWeeks ?? SETTINGS.tagExpiryWeeks.default,
  };
}

/** Who holds what now, and the league's tag settings, read together. */
export async function readHoldings(db: Db): Promise<{ settings: TagsSettings; holdings: Holdings; names: Map<number, string> }> {
  const [settings, moves, names] = await readTogether<[SettingsRow, TagMoveFact, { id: number; name: string }]>(db, [
    settingsSql(db.leagueId),
    tagMovesSql(db.leagueId),
    namesSql(db.leagueId),
  ]);
  return {
    settings: settingsOf(settings[0]),
    holdings: applyMoves(new Map(), moves),
    names: new Map(names.map((n) => [n.id, n.name])),
  };
}

/** The holders by tag number, and the tags of 1 to the pool's size nobody holds. */
export async function tagBoard(db: Db): Promise<TagBoard> {
  const { settings, holdings, names } = await readHoldings(db);
  const holders = [...holdings]
    .map(([tag, h]) => ({ tag, playerId: h.playerId, name: names.get(h.playerId) ?? `player #${h.playerId}`, since: h.since }))
    .sort((a, b) => a.tag - b.tag);
  const held = new Set(holdings.keys());
  const pool = Array.from({ length: settings.tagCount }, (_, i) => i + 1).filter((t) => !held.has(t));
  return { ...settings, holders, pool };
}

/** The moves of one tag or of one player (given or taken), newest first. */
export async function tagHistory(db: Db, of: { tag: number } | { playerId: number }): Promise<TagHistoryRow[]> {
  const where = "tag" in of ? sql`m.tag = ${of.tag}` : sql`(m.from_player_id = ${of.playerId} or m.to_player_id = ${of.playerId})`;
  const rows = await db.all<{
    id: number;
    tag: number;
    fromId: number | null;
    fromName: string | null;
    toId: number | null;
    toName: string | null;
    roundId: number | null;
    roundName: string | null;
    reason: TagReason;
    at: number;
    actor: string | null;
    actorRole: string | null;
  }>(sql`
    select m.id, m.tag, m.from_player_id as fromId, ${fullNameSql("f")} as fromName, m.to_player_id as toId,
           ${fullNameSql("t")} as toName, m.round_id as roundId, r.n as roundName, m.reason, m.at,
           m.actor_name as actor, m.actor_role as actorRole
    from tag_moves m
    left join players f on f.id = m.from_player_id
    left join players t on t.id = m.to_player_id
    left join rounds r on r.id = m.round_id
    where m.league_id = ${db.leagueId} and ${where}
    order by m.at desc, m.id desc
    limit 200`);
  const side = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? `player #${id}` });
  return rows.map((r) => ({
    id: r.id,
    tag: r.tag,
    from: side(r.fromId, r.fromName),
    to: side(r.toId, r.toName),
    round: r.roundId === null ? null : { id: r.roundId, name: r.roundName ?? `round #${r.roundId}` },
    reason: r.reason,
    at: r.at,
    actor: r.actor ?? (r.actorRole === "system" ? "System" : null),
  }));
}

/** A player's tag now (null: none) and its history with them, for their page. */
export async function playerTag(db: Db, playerId: number): Promise<{ on: boolean; tag: number | null; history: TagHistoryRow[] }> {
  const [{ settings, holdings }, history] = await Promise.all([readHoldings(db), tagHistory(db, { playerId })]);
  const held = [...holdings].find(([, h]) => h.playerId === playerId);
  return { on: settings.on, tag: held ? held[0] : null, history };
}
