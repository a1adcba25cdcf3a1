import { sql } from "drizzle-orm";

// Every tag move in the order they apply (ADR 27): by `at`, then as stored. The history is
// a few rows a league night, so who holds what is folded from all of it (./tag-rules.ts).

export const tagMovesSql = () =>
  sql`select tag, from_player_id as fromPlayerId, to_player_id as toPlayerId, round_id as roundId, reason, at
      from tag_moves order by at, id`;
