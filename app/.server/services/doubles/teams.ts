import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, checkFailed, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { entries, players, rounds } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict, notFound } from "../../errors";
import { currentRatings } from "../ratings/league-ratings";
import type { Random } from "~/lib/cards/cards";
import { type DrawMode, drawTeams } from "~/lib/doubles/doubles";

// A doubles round's teams (ADR 31): drawn by an admin at check-in from the players checked
// in, at random or balanced by league rating; drawn again freely until the cards are
// published or a score is in. Each draw carries the teams_version it read and bumps it in
// one batch that refuses itself when another draw (or the cards, or a score) came first.

export const TEAM_MESSAGES = {
  notDoubles: "This round is not doubles: tick Doubles on its round form first.",
  few: "Check in at least two players, then draw the teams.",
  fixed: "The scorecards are published or a score is in: the teams can no longer change.",
  changed: "The teams changed while you drew them (another admin?). Reload to see them as they are.",
  drawn: (teams: number, cali: boolean) =>
    `Drew ${teams} teams${cali ? ", one of them a cali" : ""}. Make the scorecards: partners share one.`,
} as const;

export type DrawInput = { mode: DrawMode; version: number; random?: Random };

/** Draws the round's teams; answers how many teams and whether one is a cali. */
export async function drawRoundTeams(db: Db, roundId: number, input: DrawInput): Promise<{ teams: number; cali: boolean }> {
  const [[round], field] = await db.batch([
    db
      .select({ doubles: rounds.doubles, teamsVersion: rounds.teamsVersion, published: rounds.cardsPublishedAt })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    db
      .select({ entryId: entries.id, playerId: entries.playerId })
      .from(entries)
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId), isNotNull(entries.checkedInAt)))
      .orderBy(asc(entries.id)),
  ]);
  if (!round) throw notFound("Round not found");
  if (!round.doubles) throw conflict(TEAM_MESSAGES.notDoubles);
  if (round.teamsVersion !== input.version) throw conflict(TEAM_MESSAGES.changed);
  if (field.length < 2) throw conflict(TEAM_MESSAGES.few);
  const ratings = await currentRatings(
    db,
    field.map((p) => p.playerId),
  );
  const teams = drawTeams(
    field.map((p) => ({ entryId: p.entryId, rating: ratings.get(p.playerId) ?? null })),
    input.mode,
    input.random,
  );
  const fixed = sql`(select cards_published_at from ${rounds} where league_id = ${db.leagueId} and id = ${roundId}) is not null
    or exists (select 1 from ${entries} where league_id = ${db.leagueId} and round_id = ${roundId} and (score > 0 or dnf = 1))`;
  const statements: BatchItem<"sqlite">[] = [
    writeGuard(
      db,
      "roundChanged",
      sql`(select teams_version from ${rounds} where league_id = ${db.leagueId} and id = ${roundId}) <> ${input.version} or ${fixed}`,
    ),
    db
      .update(entries)
      .set({ team: null })
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId))),
    ...teams.map((ids, i) =>
      db
        .update(entries)
        .set({ team: i + 1 })
        .where(and(inLeague(db, entries), eq(entries.roundId, roundId), inArray(entries.id, ids))),
    ),
    // Last: its audit row (a trigger, ADR 20) reads the teams just written.
    db
      .update(rounds)
      .set({ teamsVersion: input.version + 1 })
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
  ];
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (!checkFailed(err, "round_changed")) throw err;
    const [now] = await db
      .select({ teamsVersion: rounds.teamsVersion })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));
    throw conflict(now?.teamsVersion !== input.version ? TEAM_MESSAGES.changed : TEAM_MESSAGES.fixed);
  }
  return { teams: teams.length, cali: teams.some((t) => t.length === 1) };
}

export type TeamMember = { entryId: number; playerId: number; name: string };
export type RoundTeam = { number: number; members: TeamMember[] };

/** The round's teams in number order, each its partners by entry id; and the version a draw sends back. */
export async function roundTeams(db: Db, roundId: number): Promise<{ version: number; teams: RoundTeam[] }> {
  const [[round], rows] = await db.batch([
    db
      .select({ version: rounds.teamsVersion })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    db
      .select({ team: entries.team, entryId: entries.id, playerId: entries.playerId, name: fullNameSql(players) })
      .from(entries)
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId), isNotNull(entries.team)))
      .orderBy(asc(entries.team), asc(entries.id)),
  ]);
  const teams = new Map<number, TeamMember[]>();
  for (const { team, ...member } of rows) if (team !== null) teams.set(team, [...(teams.get(team) ?? []), member]);
  return { version: round?.version ?? 0, teams: [...teams].map(([number, members]) => ({ number, members })) };
}

/** The round's drawn teams as entry id → team number (none before a draw): what the live leaderboard ranks by. */
export async function teamNumbers(db: Db, roundId: number): Promise<Record<number, number>> {
  const rows = await db
    .select({ entryId: entries.id, team: entries.team })
    .from(entries)
    .where(and(inLeague(db, entries), eq(entries.roundId, roundId), isNotNull(entries.team)));
  return Object.fromEntries(rows.flatMap((r) => (r.team === null ? [] : [[r.entryId, r.team]])));
}
