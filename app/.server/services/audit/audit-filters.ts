import { and, asc, desc, eq, exists, or, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { memberships, players, rounds, users } from "../../db/schema";
import type { AuditFilter } from "./audit-log";
import { searchPlayers } from "../players/players";
import { MIN_SEARCH_LENGTH } from "~/lib/players/constants";
import { formatDate, wallParts } from "~/lib/shared/time";
import { fullName } from "~/lib/players/player-name";
import { fullNameSql } from "../../db/player-name";

// What /admin/audit's filter form offers: the league's rounds (newest first, by season),
// its admins, and the names of the player and actor a filter names by id.

export type Choice = { id: number; label: string };
export type RoundChoice = Choice & { season: number };
export type AuditChoices = { rounds: RoundChoice[]; actors: Choice[]; player: Choice | null };

export async function auditChoices(db: Db, filter: AuditFilter, timeZone: string): Promise<AuditChoices> {
  const [roundRows, admins, player, actor] = await Promise.all([
    db
      .select({ id: rounds.id, name: rounds.name, startsAt: rounds.startsAt })
      .from(rounds)
      .where(inLeague(db, rounds))
      .orderBy(desc(rounds.startsAt), desc(rounds.id)),
    // Who can change money here: the operator and the league's staff (ADR 47).
    db
      .select({ id: users.id, label: users.name })
      .from(users)
      .where(
        or(
          eq(users.isOperator, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(memberships)
              .where(and(eq(memberships.leagueId, db.leagueId), eq(memberships.userId, users.id))),
          ),
        ),
      )
      .orderBy(asc(users.name)),
    filter.playerId
      ? db
          .select({ name: fullNameSql(players) })
          .from(players)
          .where(and(inLeague(db, players), eq(players.id, filter.playerId)))
      : [],
    filter.actorId ? db.select({ label: users.name }).from(users).where(eq(users.id, filter.actorId)) : [],
  ]);
  const actors = [...admins];
  // A filter by a user who is not (or no longer) an admin still shows whom it names.
  if (filter.actorId && !actors.some((a) => a.id === filter.actorId)) {
    actors.push({ id: filter.actorId, label: actor[0]?.label ?? `user #${filter.actorId}` });
  }
  return {
    rounds: roundRows.map((r) => ({
      id: r.id,
      label: `${formatDate(r.startsAt, timeZone)} · ${r.name}`,
      season: wallParts(r.startsAt, timeZone).year,
    })),
    actors,
    player: filter.playerId ? { id: filter.playerId, label: player[0]?.name ?? `player #${filter.playerId}` } : null,
  };
}

export type PlayerFind = { text: string; matches: Choice[]; tooShort: boolean };

/** The players a typed name finds (at most `limit`), for the filter's "Find a player". */
export async function findPlayers(db: Db, text: string, limit = 20): Promise<PlayerFind> {
  const trimmed = text.trim().replace(/\s+/g, " ").slice(0, 100);
  if (trimmed.length < MIN_SEARCH_LENGTH) return { text: trimmed, matches: [], tooShort: true };
  const found = await searchPlayers(db, trimmed, limit);
  return {
    text: trimmed,
    matches: found.map((p) => ({ id: p.id, label: `${fullName(p)} (${p.division})` })),
    tooShort: false,
  };
}
