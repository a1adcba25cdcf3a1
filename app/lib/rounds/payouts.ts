// Round payouts per division: the pool is entries × the round's payout; about half the
// field is paid (ties at the cutoff too) by the share table; each payout is rounded to
// the nearest $0.25; a division with any score still 0 is skipped. An entry that did not
// finish (dnf, ADR 26) is in: it is placed last, below every finisher, and paid nothing, and
// the pool it paid into goes to the finishers by their own count's share row. Pure and
// dependency-free so the admin round page can preview exactly what the server will store.
// All money is integer cents; shares are integer basis points (1/100 of a percent)
// so every table row sums to exactly 10 000 with no floating-point drift.
import { DOUBLES_DIVISION, splitBetween, teamsOf } from "../doubles/doubles";
import { HAND_SHARE_PERCENT } from "./payout-shares";

export type PayoutEntryInput = { id: number; division: string; score: number; dnf?: boolean };

export type PayoutResult = {
  id: number;
  division: string;
  position: number;
  total: number;
  payoutCents: number;
  /** `position/total|(division)`, the label the old app stored on the entry. */
  result: string;
};

type DivisionSummary = {
  division: string;
  /** True when some score is 0 and not a DNF (card not in yet): nothing is computed for it. */
  skipped: boolean;
  poolCents: number;
  paidCents: number;
  /** poolCents − paidCents; negative when quarter rounding paid out more than the pool. 0 when skipped. */
  roundingCents: number;
  results: PayoutResult[];
};

export const BASIS_POINTS = 10_000;
/** Fields of up to 120 entries pay at most 60 places; those rows are built once at load. */
export const MAX_TABLE_PLACES = 60;

export function roundToQuarterCents(cents: number): number {
  return Math.round(cents / 25) * 25;
}

/** About half the field, never zero: Math.round makes 1 → 1, 3 → 2, 7 → 4. */
export function paidPlaces(entryCount: number): number {
  return Math.max(1, Math.round(entryCount / 2));
}

// Beyond the hand-set rows: weight 1/(place + 1), normalised to 10 000 basis points
// with largest-remainder rounding. That curve reproduces the PDGA-style 8-place shape
// (27.3/18.2/13.7/10.9/9.1/7.8/6.8/6.1) and stays top-heavy as fields grow, where a
// fixed-ratio geometric decay flattens out. Ties in the remainder go to the better
// place, which keeps the row non-increasing.
function formulaRow(places: number): number[] {
  const weights = Array.from({ length: places }, (_, i) => 1 / (i + 2));
  const total = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w * BASIS_POINTS) / total);
  const floors = exact.map((x) => Math.floor(x));
  const missing = BASIS_POINTS - floors.reduce((a, b) => a + b, 0);
  const bumped = new Set(
    exact
      .map((x, i) => ({ i, remainder: x - Math.floor(x) }))
      .sort((a, b) => b.remainder - a.remainder || a.i - b.i)
      .slice(0, missing)
      .map(({ i }) => i),
  );
  return floors.map((f, i) => (bumped.has(i) ? f + 1 : f));
}

const SHARE_TABLE: readonly (readonly number[])[] = Array.from(
  { length: MAX_TABLE_PLACES },
  (_, i) => HAND_SHARE_PERCENT[i]?.map((percent) => percent * 100) ?? formulaRow(i + 1),
);

/** share[P][place] for P paid places, in basis points of the pool (index 0 = 1st place). */
export function shareBasisPoints(places: number): readonly number[] {
  if (!Number.isSafeInteger(places) || places < 1) {
    throw new RangeError(`paid places must be a positive integer, got ${places}`);
  }
  return SHARE_TABLE[places - 1] ?? formulaRow(places);
}

export function computeDivisionPayouts(entries: readonly PayoutEntryInput[], payoutPerEntryCents: number): DivisionSummary {
  // A dollars value (4.5) passed by mistake would silently pay 1/100 of the prize.
  if (!Number.isSafeInteger(payoutPerEntryCents) || payoutPerEntryCents < 0) {
    throw new RangeError(`payout per entry must be whole non-negative cents, got ${payoutPerEntryCents}`);
  }
  const division = entries[0]?.division ?? "";
  if (entries.some((e) => e.division !== division)) {
    throw new RangeError("computeDivisionPayouts takes entries of a single division");
  }
  return payByPlace(entries, entries.length * payoutPerEntryCents);
}

/**
 * Places `units` (one division's entries, or a doubles round's teams) by score and pays
 * `poolCents` by the share table: skipped while a score is missing.
 */
function payByPlace(units: readonly PayoutEntryInput[], poolCents: number): DivisionSummary {
  const division = units[0]?.division ?? "";
  const total = units.length;
  // Paying on a partial card list would pay the wrong people; wait for every score.
  if (units.some((e) => !e.dnf && !(e.score > 0))) {
    return { division, skipped: true, poolCents, paidCents: 0, roundingCents: 0, results: [] };
  }

  const finishers = units.filter((e) => !e.dnf).sort((a, b) => a.score - b.score || a.id - b.id);
  const places = paidPlaces(finishers.length);
  const shares = finishers.length > 0 ? shareBasisPoints(places) : [];
  const results: PayoutResult[] = [];
  const place = (entry: PayoutEntryInput, position: number, payoutCents: number) =>
    results.push({ id: entry.id, division, position, total, payoutCents, result: `${position}/${total}|(${division})` });
  let start = 0;
  while (start < finishers.length) {
    const score = finishers[start]?.score;
    let end = start;
    while (end < finishers.length && finishers[end]?.score === score) end++;
    // The group occupies places start+1..end; it is paid only the places up to P, so
    // a tie straddling the cutoff is paid in full but never dilutes the pool further.
    const groupBasisPoints = shares.slice(start, Math.min(end, places)).reduce((a, b) => a + b, 0);
    const payoutCents = roundToQuarterCents((poolCents * groupBasisPoints) / (BASIS_POINTS * (end - start)));
    for (const entry of finishers.slice(start, end)) place(entry, start + 1, payoutCents);
    start = end;
  }
  // Every DNF shares the place after the last finisher.
  for (const entry of units.filter((e) => e.dnf).sort((a, b) => a.id - b.id)) place(entry, finishers.length + 1, 0);
  const paidCents = results.reduce((sum, r) => sum + r.payoutCents, 0);
  return { division, skipped: false, poolCents, paidCents, roundingCents: poolCents - paidCents, results };
}

/**
 * A doubles round (ADR 31): its teams placed against each other (a team's score and DNF
 * are its first partner's), the pool (every entry's payout) paid by the teams' places, and
 * each team's payout split between its partners; both partners carry the team's label.
 */
export function computeTeamPayouts(entries: readonly (PayoutEntryInput & { team: number | null })[], payoutPerEntryCents: number) {
  const teams = teamsOf(entries);
  const units = teams.map((members) => {
    const first = members[0] as PayoutEntryInput;
    return { id: first.id, division: DOUBLES_DIVISION, score: first.score, dnf: first.dnf };
  });
  const summary = payByPlace(units, entries.length * payoutPerEntryCents);
  const byFirst = new Map(summary.results.map((r) => [r.id, r]));
  const results: PayoutResult[] = teams.flatMap((members) => {
    const team = byFirst.get((members[0] as PayoutEntryInput).id);
    if (!team) return [];
    const shares = splitBetween(team.payoutCents, members.length);
    return members.map((m, i) => ({ ...team, id: m.id, payoutCents: shares[i] ?? 0 }));
  });
  return { ...summary, results };
}

/** One summary per division, in order of each division's first entry. */
export function computeRoundDivisionSummaries(entries: readonly PayoutEntryInput[], payoutPerEntryCents: number): DivisionSummary[] {
  const byDivision = new Map<string, PayoutEntryInput[]>();
  for (const entry of entries) {
    const list = byDivision.get(entry.division);
    if (list) list.push(entry);
    else byDivision.set(entry.division, [entry]);
  }
  return [...byDivision.values()].map((list) => computeDivisionPayouts(list, payoutPerEntryCents));
}

export function computeRoundPayouts(entries: readonly PayoutEntryInput[], payoutPerEntryCents: number): PayoutResult[] {
  return computeRoundDivisionSummaries(entries, payoutPerEntryCents).flatMap((d) => d.results);
}

/**
 * Each entry's payout and result label as they are stored: computed for a complete
 * division, 0 and no label while a division waits for a score. Entries without an id
 * yet (a new entry) are keyed by negative placeholders.
 */
export function payoutsByEntry(
  entries: readonly { id: number | null; division: string; score: number; dnf?: boolean; team?: number | null }[],
  payoutPerEntryCents: number,
): Map<number, { payoutCents: number; result: string | null }> {
  const withIds = entries.map((e, i) => ({ ...e, id: e.id ?? -(i + 1), team: e.team ?? null }));
  const out = new Map<number, { payoutCents: number; result: string | null }>();
  for (const e of withIds) out.set(e.id, { payoutCents: 0, result: null });
  // Drawn teams make the round doubles: the teams are placed and paid, not the divisions.
  const results = withIds.some((e) => e.team !== null)
    ? computeTeamPayouts(withIds, payoutPerEntryCents).results
    : computeRoundPayouts(withIds, payoutPerEntryCents);
  for (const r of results) out.set(r.id, { payoutCents: r.payoutCents, result: r.result });
  return out;
}
