// League handicaps: a player's handicap is a share of how far their recent average is
// over par, so players of every level can compete on net score (score − handicap). Each
// round counts against its own par: its layout's (ADR 25), or the league's par setting for
// a round without one. Pure, with every number rounded the way the page shows it, so a
// player can redo the sum.

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
  /** The par of the rounds counted: their average, one decimal, when they differ. */
  par: number;
  percent: number;
};

// Half away from zero, in tenths: a handicap of −3.45 is −3.5, as 3.45 is 3.5.
const tenths = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

/** A scored round as a handicap counts it: a score against the league's par, or with the par of the layout played. */
export type RoundScore = number | { score: number; par: number | null };

const scoreOf = (r: RoundScore) => (typeof r === "number" ? r : r.score);
const parOf = (r: RoundScore, s: HandicapSettings) => (typeof r === "number" || r.par === null ? s.handicapPar : r.par);
/** The mean of `values` in tenths, rounded as shown. */
const meanTenths = (values: number[]) => tenths((values.reduce((sum, x) => sum + x, 0) * 10) / values.length);

/**
 * The handicap from a player's rounds in date order (oldest first, unscored ones
 * skipped): the average of the last handicapRounds, rounded to one decimal, minus their
 * par (its average, rounded the same, when the rounds had different pars), times the
 * percentage, rounded to one decimal. Null before MIN_HANDICAP_ROUNDS.
 */
export function handicapFrom(rounds: readonly RoundScore[], s: HandicapSettings): Handicap | null {
  const last = rounds.filter((r) => scoreOf(r) > 0).slice(-s.handicapRounds);
  // A league that counts fewer rounds than the minimum needs only that many.
  if (last.length === 0 || last.length < Math.min(MIN_HANDICAP_ROUNDS, s.handicapRounds)) return null;
  const averageTenths = meanTenths(last.map(scoreOf));
  const parTenths = meanTenths(last.map((r) => parOf(r, s)));
  const overParTenths = averageTenths - parTenths;
  return {
    handicap: tenths((overParTenths * s.handicapPercent) / 100) / 10,
    rounds: last.length,
    average: averageTenths / 10,
    overPar: overParTenths / 10,
    par: parTenths / 10,
    percent: s.handicapPercent,
  };
}

/** Net score, one decimal: score − handicap. */
export const netScore = (score: number, handicap: number): number => Math.round((score - handicap) * 10) / 10;

/** The handicap after each scored round (same order as given): round i's counts that round. */
export function handicapHistory<T extends { score: number; par?: number | null }>(
  rounds: readonly T[],
  s: HandicapSettings,
): (T & { handicap: number | null })[] {
  const counted: RoundScore[] = [];
  return rounds.map((r) => {
    if (r.score > 0) counted.push({ score: r.score, par: r.par ?? null });
    return { ...r, handicap: handicapFrom(counted, s)?.handicap ?? null };
  });
}

/** The sum in words with its numbers: "average of your last 10 rounds 58.3 − par 54 = 4.3 × 80% = 3.4". */
export function handicapSum(h: Handicap): string {
  const rounds = h.rounds === 1 ? "round" : `${h.rounds} rounds`;
  const par = Number.isInteger(h.par) ? String(h.par) : h.par.toFixed(1);
  return `average of the last ${rounds}: ${h.average.toFixed(1)} − par ${par} = ${h.overPar.toFixed(1)} × ${h.percent}% = ${h.handicap.toFixed(1)}`;
}
