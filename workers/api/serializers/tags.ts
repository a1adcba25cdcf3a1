import type { TagBoard, TagHistoryRow } from "~/.server/services/tags/tags";

/** GET /api/tags: whether the league runs tags, its holders by number, and the pool. */
export function tagBoardJson(b: TagBoard) {
  return {
    on: b.on,
    tag_count: b.tagCount,
    expiry_weeks: b.expiryWeeks,
    holders: b.holders.map((h) => ({ tag: h.tag, player_id: h.playerId, name: h.name, since: h.since })),
    pool: b.pool,
  };
}

/** One move of a tag, newest first in GET /api/tags/{tag}. */
export function tagMoveJson(m: TagHistoryRow) {
  return {
    tag: m.tag,
    from: m.from && { player_id: m.from.id, name: m.from.name },
    to: m.to && { player_id: m.to.id, name: m.to.name },
    round: m.round && { id: m.round.id, name: m.round.name },
    reason: m.reason,
    at: m.at,
    by: m.actor,
  };
}

export type TagBoardJson = ReturnType<typeof tagBoardJson>;
export type TagMoveJson = ReturnType<typeof tagMoveJson>;
