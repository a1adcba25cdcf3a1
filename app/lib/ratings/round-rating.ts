// Round ratings, PDGA style (the published approximation; PDGA's own formulas are not
// public): the players of a round who already have an established rating ("propagators")
// say how hard the round played. A straight line through their (rating, score) points —
// least squares, score = a + b·rating — turns every score of the round into a rating.
// Pure: the service (services/ratings/round-ratings.ts) and the seed both use it.

/** A score of the round and its player's rating going in (null: none yet). */
export type RatingInput = { score: number; rating: number | null; established: boolean };

export type RoundFit = {
  /** score = a + b·rating; b < 0 (a better player shoots fewer strokes). */
  a: number;
  b: number;
  method: "fit" | "fixed-slope" | "bootstrap";
  /** Propagators the line was fitted to (after outliers were dropped) and those dropped. */
  used: number;
  dropped: number;
};

/** The fewest propagators a line is fitted to; fewer anchor a fixed slope on their mean. */
export const MIN_PROPAGATORS = 5;
/** Strokes per rating point when the fit cannot be used: 10 rating points a stroke. */
export const FIXED_SLOPE = -0.1;
/** A fitted slope is used only between these rating points per stroke (PDGA's range is about 7–14). */
export const POINTS_PER_STROKE = { min: 5, max: 20 } as const;
/** A propagator whose score misses the line by more than this many standard errors is dropped. */
export const OUTLIER_SD = 2;
/** Where a round with no propagators is anchored: its median score is rated this. */
export const BOOTSTRAP_RATING = 900;

type Point = { x: number; y: number };

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Least squares through the points: slope and intercept, and each point's residual. */
export function leastSquares(points: readonly Point[]): { a: number; b: number; residuals: number[] } {
  const mx = mean(points.map((p) => p.x));
  const my = mean(points.map((p) => p.y));
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  const b = sxx === 0 ? 0 : sxy / sxx;
  const a = my - b * mx;
  return { a, b, residuals: points.map((p) => p.y - (a + b * p.x)) };
}

/**
 * The points left after dropping those whose residual is beyond OUTLIER_SD standard
 * errors of the fit, s = √(Σ residual² / (n − 2)).
 */
function withoutOutliers(points: readonly Point[], residuals: readonly number[]): Point[] {
  const s = Math.sqrt(residuals.reduce((sum, r) => sum + r * r, 0) / (points.length - 2));
  // Points exactly on a line: what is left is floating-point dust, not outliers.
  if (s < 1e-9) return [...points];
  return points.filter((_, i) => Math.abs(residuals[i] ?? 0) <= OUTLIER_SD * s);
}

const usable = (b: number) => b < 0 && -1 / b >= POINTS_PER_STROKE.min && -1 / b <= POINTS_PER_STROKE.max;

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((p, q) => p - q);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** A line of FIXED_SLOPE through (rating, score). */
const fixedThrough = (rating: number, score: number) => ({ a: score - FIXED_SLOPE * rating, b: FIXED_SLOPE });

/**
 * The line of one round. Propagators: scored entries whose player is established. With
 * at least MIN_PROPAGATORS: fit, drop outliers, refit once (if enough remain). If the
 * slope is not negative or implies fewer than 5 or more than 20 points a stroke, or there
 * are fewer propagators: 10 points a stroke through the propagators' mean (rating, score).
 * With none: 10 points a stroke, the field's median score rated BOOTSTRAP_RATING. Null
 * when the round has no score.
 */
export function fitRound(entries: readonly RatingInput[]): RoundFit | null {
  const scored = entries.filter((e) => e.score > 0);
  if (scored.length === 0) return null;
  const points = scored.flatMap((e) => (e.established && e.rating !== null ? [{ x: e.rating, y: e.score }] : []));
  if (points.length === 0) {
    return { ...fixedThrough(BOOTSTRAP_RATING, median(scored.map((e) => e.score))), method: "bootstrap", used: 0, dropped: 0 };
  }
  let kept = points;
  if (points.length >= MIN_PROPAGATORS) {
    const first = leastSquares(points);
    const trimmed = withoutOutliers(points, first.residuals);
    kept = trimmed.length >= MIN_PROPAGATORS ? trimmed : points;
    const line = kept === points ? first : leastSquares(kept);
    if (usable(line.b)) return { a: line.a, b: line.b, method: "fit", used: kept.length, dropped: points.length - kept.length };
  }
  const line = fixedThrough(mean(kept.map((p) => p.x)), mean(kept.map((p) => p.y)));
  return { ...line, method: "fixed-slope", used: kept.length, dropped: points.length - kept.length };
}

/** The rating of score `s` on the round's line: round((s − a) / b). */
export const ratingOf = (fit: Pick<RoundFit, "a" | "b">, s: number): number => Math.round((s - fit.a) / fit.b);
