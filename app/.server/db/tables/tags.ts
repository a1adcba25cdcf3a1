import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";
import { ACTOR_ROLES } from "./system";
import { players } from "./players";
import { rounds } from "./rounds";

// Bag tags: every move of a tag.

/**
 * Every movement of a bag tag (ADR 27): a round's swap or expiry (`roundId` set, rewritten
 * when the round's results or an earlier tags round change), or an admin's assignment or
 * take-back (no round, never rewritten). Who holds a tag is the last move of it in the
 * order of `at` (the round's start, or the moment of the admin's action), then id; a null
 * side is the pool. The actor columns are filled by a trigger from audit_actor.
 */
export const tagMoves = sqliteTable(
  "tag_moves",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    tag: integer("tag").notNull(),
    fromPlayerId: integer("from_player_id"),
    toPlayerId: integer("to_player_id"),
    roundId: integer("round_id"),
    reason: text("reason", { enum: ["swap", "expired", "assigned", "taken_back"] }).notNull(),
    at: integer("at").notNull(),
    actorUserId: integer("actor_user_id"),
    actorName: text("actor_name"),
    actorRole: text("actor_role", { enum: ACTOR_ROLES }),
    createdAt: createdAt(),
  },
  (t) => [
    // A round moves each tag at most once: two saves of one round cannot both write its swap.
    leagueKey("tag_moves", t),
    sameLeague(t, t.fromPlayerId, players),
    sameLeague(t, t.toPlayerId, players),
    sameLeague(t, t.roundId, rounds).onDelete("cascade"),
    uniqueIndex("tag_moves_round_tag_uq").on(t.leagueId, t.roundId, t.tag).where(sql`round_id is not null`),
    index("tag_moves_tag_idx").on(t.leagueId, t.tag, t.at, t.id),
    index("tag_moves_at_idx").on(t.leagueId, t.at, t.id),
    index("tag_moves_to_idx").on(t.leagueId, t.toPlayerId),
    index("tag_moves_from_idx").on(t.leagueId, t.fromPlayerId),
    check("tag_moves_tag", sql`${t.tag} between 1 and 999`),
    check("tag_moves_sides", sql`${t.fromPlayerId} is not ${t.toPlayerId}`),
    check("tag_moves_round", sql`(${t.roundId} is null) = (${t.reason} in ('assigned', 'taken_back'))`),
  ],
);
