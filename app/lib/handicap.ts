// League handicaps: a player's handicap is a share of how far their recent average is
// over par, so players of every level can compete on net score (score − handicap). Pure,
// with every number rounded the way the page shows it, so a player can redo the sum.

export type HandicapSettings = { handicapRounds: number; handicapPercent: number; handicapPar: number };

/** No handicap before this many scored rounds: one or two rounds say too little. */
export const MIN_HANDICAP_ROUNDS = 3;

export type Handicap = {
  /** Strokes, one decimal; negative for a player whose average is under par. */
  handicap: number;
  /** How many rounds it was taken from (at most handicapRounds) and their average, one decimal. */
  rounds: number;
  average: number;
  /** Average − par, one decimal. */
  overPar: number;
  par: number;
  percent: number;
};

// Half away from zero, in tenths: a handicap of −3.45 is −3.5, as 3.45 is 3.5.
const tenths = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/**
 * The handicap from a player's scores in date order (oldest first, unscored ones
 * skipped): the average of the last handicapRounds, rounded to one decimal, minus par,
 * times the percentage, rounded to one decimal. Null before MIN_HANDICAP_ROUNDS.
 */
export function handicapFrom(scores: readonly number[], s: HandicapSettings): Handicap | null {
  const last = scores.filter((x) => x > 0).slice(-s.handicapRounds);
  // A league that counts fewer rounds than the minimum needs only that many.
  if (last.length === 0 || last.length < Math.min(MIN_HANDICAP_ROUNDS, s.handicapRounds)) return null;
  const averageTenths = tenths((last.reduce((sum, x) => sum + x, 0) * 10) / last.length);
  const overParTenths = averageTenths - s.handicapPar * 10;
  return {
    handicap: tenths((overParTenths * s.handicapPercent) / 100) / 10,
    rounds: last.length,
    average: averageTenths / 10,
    overPar: overParTenths / 10,
    par: s.handicapPar,
    percent: s.handicapPercent,
  };
}

/** Net score, one decimal: score − handicap. */
export const netScore = (score: number, handicap: number): number => Math.round((score - handicap) * 10) / 10;

/** The handicap after each scored round (same order as given): round i's counts that round. */
export function handicapHistory<T extends { score: number }>(
  rounds: readonly T[],
  s: HandicapSettings,
): (T & { handicap: number | null })[] {
  const scores: number[] = [];
  return rounds.map((r) => {
    if (r.score > 0) scores.push(r.score);
    return { ...r, handicap: handicapFrom(scores, s)?.handicap ?? null };
  });
}

/** The sum in words with its numbers: "average of your last 10 rounds 58.3 − par 54 = 4.3 × 80% = 3.4". */
export function handicapSum(h: Handicap): string {
  const rounds = h.rounds === 1 ? "round" : `${h.rounds} rounds`;
  return `average of the last ${rounds}: ${h.average.toFixed(1)} − par ${h.par} = ${h.overPar.toFixed(1)} × ${h.percent}% = ${h.handicap.toFixed(1)}`;
}
