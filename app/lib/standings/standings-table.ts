// A season's standings from its scores: each round's points (./standings-points.ts), then
// per division and player the best N rounds, ranked by total (ties share a rank).
import { compareDivisions } from "../players/divisions";
import { type EntryPoints, type ScoredEntry, bestOf, roundPoints } from "./standings-points";
import type { PointsRule } from "./standings-rule";

export type StandingsRound = { id: number; startsAt: number; name: string };
export type StandingsEntry = ScoredEntry & { firstName: string; lastName: string };

/** One round of a player's season: the place, the points, and whether it is among the best N that count. */
export type RoundScore = { roundId: number; place: number; points: number; counted: boolean };

export type PlayerStanding = {
  playerId: number;
  firstName: string;
  lastName: string;
  rank: number;
  total: number;
  roundsPlayed: number;
  roundsCounted: number;
  /** Points per round played, to one decimal. */
  average: number;
  /** In date order. */
  rounds: RoundScore[];
};

export type DivisionStanding = {
  division: string;
  /** Rounds of the season whose scores in this division are complete (they count). */
  roundsScored: number;
  /** Rounds with a score still 0 in this division: they count once complete. */
  waiting: StandingsRound[];
  players: PlayerStanding[];
};

/** Every division's standings, in the spec's division order; players by rank, then name. */
export function buildStandings(
  entries: readonly StandingsEntry[],
  rounds: readonly StandingsRound[],
  rule: PointsRule,
): DivisionStanding[] {
  const order = new Map(rounds.map((r, i) => [r.id, i]));
  const byRound = new Map<number, StandingsEntry[]>();
  for (const e of entries) push(byRound, e.roundId, e);
  const names = new Map(entries.map((e) => [e.playerId, e]));
  const divisions = new Map<string, { scored: Set<number>; waiting: StandingsRound[]; points: EntryPoints[] }>();
  const divisionOf = (d: string) => {
    const found = divisions.get(d) ?? { scored: new Set<number>(), waiting: [], points: [] };
    divisions.set(d, found);
    return found;
  };
  for (const round of rounds) {
    const { points, waiting } = roundPoints(byRound.get(round.id) ?? [], rule);
    for (const d of waiting) divisionOf(d).waiting.push(round);
    for (const p of points) {
      const division = divisionOf(p.division);
      division.scored.add(p.roundId);
      division.points.push(p);
    }
  }
  return [...divisions]
    .sort(([a], [b]) => compareDivisions(a, b))
    .map(([division, { scored, waiting, points }]) => {
      const byPlayer = new Map<number, EntryPoints[]>();
      for (const p of points) push(byPlayer, p.playerId, p);
      const players = [...byPlayer].map(([playerId, list]) => {
        const dated = list.sort((a, b) => (order.get(a.roundId) ?? 0) - (order.get(b.roundId) ?? 0));
        return playerStanding(playerId, names.get(playerId), dated, rule.standingsBestN);
      });
      return { division, roundsScored: scored.size, waiting, players: ranked(players) };
    });
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function playerStanding(playerId: number, name: StandingsEntry | undefined, dated: EntryPoints[], n: number): PlayerStanding {
  const { total } = bestOf(
    dated.map((p) => p.points),
    n,
  );
  // Which rounds are the best N: by points, the earlier round first among equals.
  const best = new Set(
    dated
      .map((p, i) => ({ i, points: p.points }))
      .sort((a, b) => b.points - a.points || a.i - b.i)
      .slice(0, n)
      .map(({ i }) => i),
  );
  const all = dated.reduce((sum, p) => sum + Math.round(p.points * 100), 0) / 100;
  return {
    playerId,
    firstName: name?.firstName ?? "",
    lastName: name?.lastName ?? "",
    rank: 0,
    total,
    roundsPlayed: dated.length,
    roundsCounted: best.size,
    average: Math.round((all / dated.length) * 10) / 10,
    rounds: dated.map((p, i) => ({ roundId: p.roundId, place: p.place, points: p.points, counted: best.has(i) })),
  };
}

/** Ranked by total, highest first; equal totals share the rank (1, 2, 2, 4), then by name. */
function ranked(players: PlayerStanding[]): PlayerStanding[] {
  const sorted = [...players].sort(
    (a, b) => b.total - a.total || a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
  );
  return sorted.map((p) => ({ ...p, rank: 1 + sorted.filter((q) => q.total > p.total).length }));
}
