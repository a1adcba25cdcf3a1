import { groupByDivision } from "../players/divisions";
import { netScore } from "../ratings/handicap";

// A stored result label is 'position/total|note' ('3/12|(MA1)' when the payouts were
// computed); people read the place as "3 of 12".

/** "n of total" from a result label, or null when no result was recorded. */
export function positionLabel(result: string | null): string | null {
  const m = result?.match(/^(\d+)\/(\d+)/);
  return m ? `${m[1]} of ${m[2]}` : null;
}

const grossScore = (e: { score: number; dnf?: boolean }) => (e.score > 0 && !e.dnf ? e.score : null);

/**
 * Places within one division as people write them: 1, T2, T2, 4. Lower is better; a
 * place is 1 + the number of strictly lower values, and a place shared by several is
 * marked T. The value is the score (unscored entries, 0, have no place) unless another is
 * given: a net score in tenths; an entry whose value is null has no place. One that did
 * not finish (ADR 26) is "DNF", below every score.
 */
export function placeLabels<T extends { id: number; score: number; dnf?: boolean }>(
  entries: readonly T[],
  rankBy: (e: T) => number | null = grossScore,
): Map<number, string> {
  const values = entries.map(rankBy).filter((v): v is number => v !== null);
  const labels = new Map<number, string>();
  for (const e of entries) {
    if (e.dnf) labels.set(e.id, "DNF");
    const value = e.dnf ? null : rankBy(e);
    if (value === null) continue;
    const place = 1 + values.filter((v) => v < value).length;
    const tied = values.filter((v) => v === value).length > 1;
    labels.set(e.id, `${tied ? "T" : ""}${place}`);
  }
  return labels;
}

/** An entry as a round's results show it: its place in its division, and whether the player hit an ace. */
export type ResultRow = {
  id: number;
  playerId: number;
  firstName: string;
  lastName: string;
  score: number;
  entryPayoutCents: number;
  place: string | null;
  ace: boolean;
  /** The score's round rating (null until rated). */
  rating: number | null;
  /** Did not finish (ADR 26): no score, placed last. */
  dnf: boolean;
  /** With net scores asked for: the handicap going into the round (null: none yet), the net score and its place. */
  handicap?: number | null;
  net?: number | null;
  netPlace?: string | null;
};
export type ResultGroup = { division: string; rows: ResultRow[]; winners: ResultRow[] };

type ResultEntry = Omit<ResultRow, "place" | "ace" | "handicap" | "net" | "netPlace" | "dnf"> & { division: string; dnf?: boolean };

/** Net scores in tenths, so two equal nets compare equal whatever sums made them. */
const netTenths = (r: ResultRow) => (r.net == null ? null : Math.round(r.net * 10));

/**
 * A division ranked by net score (?net=1): each row's net and its place by net, those with
 * one first, lowest net first (a tie keeps the gross order), then the rest as they were.
 * The winners are the lowest net.
 */
function byNet(rows: ResultRow[]): { rows: ResultRow[]; winners: ResultRow[] } {
  const withNet = rows.map((r) => ({ ...r, net: r.handicap == null || r.score <= 0 || r.dnf ? null : netScore(r.score, r.handicap) }));
  const places = placeLabels(withNet, netTenths);
  const ranked = withNet.map((r) => ({ ...r, netPlace: places.get(r.id) ?? null }));
  const order = (r: ResultRow) => netTenths(r) ?? Number.POSITIVE_INFINITY;
  const sorted = ranked
    .map((r, i) => ({ r, i }))
    .sort((a, b) => order(a.r) - order(b.r) || a.i - b.i)
    .map(({ r }) => r);
  const low = Math.min(...sorted.map(order));
  return { rows: sorted, winners: Number.isFinite(low) ? sorted.filter((r) => order(r) === low) : [] };
}

/**
 * A round's entries by division (the spec's order), each row with its place and ace, and
 * each division's winners (the lowest score, ties included). `handicaps` (player id →
 * handicap going in) adds each row's handicap and net score, and ranks by net instead.
 */
export function resultGroups(
  entries: readonly ResultEntry[],
  acedPlayerIds: readonly number[],
  handicaps?: Record<number, { handicap: number } | null>,
): ResultGroup[] {
  const aced = new Set(acedPlayerIds);
  return groupByDivision(entries).map(([division, list]) => {
    const places = placeLabels(list);
    const rows = list.map(
      (e): ResultRow => ({
        id: e.id,
        playerId: e.playerId,
        firstName: e.firstName,
        lastName: e.lastName,
        score: e.score,
        entryPayoutCents: e.entryPayoutCents,
        place: places.get(e.id) ?? null,
        ace: aced.has(e.playerId),
        rating: e.rating,
        dnf: e.dnf ?? false,
        ...(handicaps ? { handicap: handicaps[e.playerId]?.handicap ?? null } : {}),
      }),
    );
    if (handicaps) return { division, ...byNet(rows) };
    const low = Math.min(...rows.filter((r) => r.score > 0 && !r.dnf).map((r) => r.score));
    return { division, rows, winners: rows.filter((r) => r.score === low) };
  });
}
