// Season standings points: each complete division of a round gives points by
// finishing place, the places coming from the payouts' own rule (lower score better, ties
// share), so a round's standings and its payouts can never disagree on who finished where.
// Pure: the admin settings page can show what a rule gives without the server.
import { teamKey } from "../doubles/doubles";
import { computeRoundDivisionSummaries } from "../rounds/payouts";
import type { PointsRule } from "./standings-rule";

/** One score of a round, as the standings read it. */
export type ScoredEntry = {
  id: number;
  roundId: number;
  playerId: number;
  division: string;
  score: number;
  dnf?: boolean;
  /** A doubles round's team (ADR 31), and the stored label that carries the team's place. */
  team?: number | null;
  result?: string | null;
};

/** What one entry earned: its place (shared by a tie) and its points, participation included. */
export type EntryPoints = { id: number; roundId: number; playerId: number; division: string; place: number; points: number };

/** The points of place `place` (1-based) alone: first − step per place below 1st, never under the floor. */
export function placePoints(place: number, rule: PointsRule): number {
  return Math.max(rule.pointsFloor, rule.pointsFirst - rule.pointsStep * (place - 1));
}

/**
 * The points each of a tie group gets: the average of the places it occupies (`first`
 * .. `first + size − 1`), as the payouts split the shares of those places. Rounded to
 * hundredths so totals add up exactly in ./standings-table.ts.
 */
export function tiedPlacePoints(first: number, size: number, rule: PointsRule): number {
  let sum = 0;
  for (let place = first; place < first + size; place++) sum += placePoints(place, rule);
  return Math.round((sum * 100) / size) / 100;
}

/**
 * Every entry's points in one round. A division with a score still 0 is not complete and
 * gives no points to anyone (its key is in `waiting`), as it pays no prizes. A DNF (ADR 26)
 * takes the place after the last finisher, as the payouts place it.
 */
export function roundPoints(entries: readonly ScoredEntry[], rule: PointsRule): { points: EntryPoints[]; waiting: string[] } {
  if (entries.some((e) => e.team != null)) return teamRoundPoints(entries, rule);
  const byId = new Map(entries.map((e) => [e.id, e]));
  const points: EntryPoints[] = [];
  const waiting: string[] = [];
  for (const summary of computeRoundDivisionSummaries(entries, 0)) {
    if (summary.skipped) {
      waiting.push(summary.division);
      continue;
    }
    const tieSize = new Map<number, number>();
    for (const r of summary.results) tieSize.set(r.position, (tieSize.get(r.position) ?? 0) + 1);
    for (const r of summary.results) {
      const entry = byId.get(r.id);
      if (!entry) continue;
      const placed = tiedPlacePoints(r.position, tieSize.get(r.position) ?? 1, rule);
      points.push({ ...entry, place: r.position, points: placed + rule.pointsParticipation });
    }
  }
  return { points, waiting };
}

/**
 * A doubles round's points (ADR 31): each partner takes the team's place among the teams,
 * as the round's payouts stored it on every partner ("2/5|(Doubles)"), and the points of
 * that place, a tie shared between the teams in it. No label yet: the round waits.
 */
function teamRoundPoints(entries: readonly ScoredEntry[], rule: PointsRule): { points: EntryPoints[]; waiting: string[] } {
  const placeOf = (e: ScoredEntry) => Number(/^(\d+)\//.exec(e.result ?? "")?.[1] ?? Number.NaN);
  if (entries.some((e) => !Number.isInteger(placeOf(e)))) return { points: [], waiting: [...new Set(entries.map((e) => e.division))] };
  const teamsAt = new Map<number, Set<string>>();
  for (const e of entries) {
    const teams = teamsAt.get(placeOf(e)) ?? new Set<string>();
    teams.add(teamKey(e));
    teamsAt.set(placeOf(e), teams);
  }
  const points = entries.map((e) => {
    const place = placeOf(e);
    const shared = tiedPlacePoints(place, teamsAt.get(place)?.size ?? 1, rule);
    return { id: e.id, roundId: e.roundId, playerId: e.playerId, division: e.division, place, points: shared + rule.pointsParticipation };
  });
  return { points, waiting: [] };
}

/** The sum of the `n` highest of `points` (all of them when there are fewer), in hundredths to stay exact. */
export function bestOf(points: readonly number[], n: number): { total: number; counted: number[] } {
  const counted = [...points].sort((a, b) => b - a).slice(0, Math.max(0, n));
  const hundredths = counted.reduce((sum, p) => sum + Math.round(p * 100), 0);
  return { total: hundredths / 100, counted };
}
