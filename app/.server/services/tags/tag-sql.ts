import { sql } from "drizzle-orm";

// Every tag move in the order they apply (ADR 27): by `at`, then as stored. The history is
// a few rows a league night, so who holds what is folded from all of it (./tag-rules.ts):
// all of the league's, never another's (ADR 46).

export const tagMovesSql = (leagueId: number) =>
  sql`select tag, from_player_id as fromPlayerId, to_player_id as toPlayerId, round_id as roundId, reason, at
      from tag_moves where league_id = ${leagueId} order by at, id`;
