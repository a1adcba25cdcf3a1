import { groupByDivision } from "./divisions";

// A stored result label is 'position/total|note' ('3/12|(MA1)' when the payouts were
// computed); people read the place as "3 of 12".

/** "n of total" from a result label, or null when no result was recorded. */
export function positionLabel(result: string | null): string | null {
  const m = result?.match(/^(\d+)\/(\d+)/);
  return m ? `${m[1]} of ${m[2]}` : null;
}

/**
 * Places within one division as people write them: 1, T2, T2, 4. Lower is better; a
 * place is 1 + the number of strictly lower scores, and a place
 * shared by several scores is marked T. Unscored entries (0) have no place; one that did
 * not finish (ADR 26) is "DNF", below every score.
 */
export function placeLabels<T extends { id: number; score: number; dnf?: boolean }>(entries: readonly T[]): Map<number, string> {
  const scores = entries
    .filter((e) => !e.dnf)
    .map((e) => e.score)
    .filter((s) => s > 0);
  const labels = new Map<number, string>();
  for (const e of entries) {
    if (e.dnf) labels.set(e.id, "DNF");
    if (e.dnf || e.score <= 0) continue;
    const place = 1 + scores.filter((s) => s < e.score).length;
    const tied = scores.filter((s) => s === e.score).length > 1;
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
  /** Did not finish (ADR 26): no score, placed last. */
  dnf: boolean;
  entryPayoutCents: number;
  place: string | null;
  ace: boolean;
  /** The score's round rating (null until rated). */
  rating: number | null;
  /** The handicap going into the round, when net scores are asked for (null: none yet). */
  handicap?: number | null;
};
export type ResultGroup = { division: string; rows: ResultRow[]; winners: ResultRow[] };

type ResultEntry = Omit<ResultRow, "place" | "ace" | "handicap" | "dnf"> & { division: string; dnf?: boolean };

/**
 * A round's entries by division (the spec's order), each row with its place and ace, and
 * each division's winners (the lowest score, ties included). `handicaps` (player id →
 * handicap going in) adds each row's handicap for the net columns.
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
        dnf: e.dnf ?? false,
        entryPayoutCents: e.entryPayoutCents,
        place: places.get(e.id) ?? null,
        ace: aced.has(e.playerId),
        rating: e.rating,
        ...(handicaps ? { handicap: handicaps[e.playerId]?.handicap ?? null } : {}),
      }),
    );
    const low = Math.min(...rows.filter((r) => r.score > 0 && !r.dnf).map((r) => r.score));
    return { division, rows, winners: rows.filter((r) => r.score === low) };
  });
}
