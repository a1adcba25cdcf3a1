// The player page's score history chart as plain data: computed in the loader (server),
// drawn as SVG by app/components/players/score-chart.tsx. Scores are plotted against each round's
// par (its layout's, ADR 25), so rounds of 9 and 18 holes share one line; the loader hands
// it singles rounds only (a doubles score is a team's, ADR 31).
// Two sizes are laid out, a phone's and a desktop's, so text stays legible on both
// without measuring the screen.
import { groupMeans, linearScale, niceTicks, timeTicks } from "./chart-geometry";
import { toParLabel } from "../live/live-board";
import { formatDate, wallParts } from "../shared/time";

export type ChartMetric = "scores" | "ratings";
/** One scored entry of the player: the round, its date, its par and what the player shot (and its rating, once rated). */
export type HistoryPoint = { roundId: number; startsAt: number; roundName: string; score: number; par: number; rating: number | null };

type Size = { width: number; height: number; xTicks: number; yTicks: number };
export const COMPACT: Size = { width: 340, height: 230, xTicks: 3, yTicks: 5 };
export const WIDE: Size = { width: 720, height: 300, xTicks: 7, yTicks: 6 };
const MARGIN = { top: 12, right: 14, bottom: 28, left: 44 };
const PAD_SECONDS = 4 * 86_400;

type Tick = { at: number; label: string };
export type ChartView = {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  xTicks: Tick[];
  yTicks: Tick[];
  line: string;
  dots: { x: number; y: number; title: string }[];
  averages: { x1: number; x2: number; y: number; title: string }[];
};
/** `value`: the score against par (or the rating), `label` as written ("+3", "E"), `score` the strokes. */
export type ChartRow = { roundId: number; date: string; round: string; value: number; label: string; score: number; seasonAverage: string };
export type ScoreChart = {
  metric: ChartMetric;
  hasRatings: boolean;
  summary: string;
  rows: ChartRow[];
  seasons: { season: number; average: string; rounds: number }[];
  compact: ChartView;
  wide: ChartView;
};

const r1 = (n: number) => Math.round(n * 10) / 10;

type Point = { roundId: number; startsAt: number; roundName: string; value: number; score: number; season: number };

/** How the chart writes a value: a score against par as "+3", "E", "−2"; a rating as it is. */
const valueText = (metric: ChartMetric) => (metric === "scores" ? toParLabel : String);
/** An average, one decimal: against par signed ("+1.5", "E"), a rating plain. */
const avgText = (metric: ChartMetric, n: number) => {
  if (metric === "ratings") return n.toFixed(1);
  const t = Math.abs(n).toFixed(1);
  return t === "0.0" ? "E" : `${n > 0 ? "+" : "\u2212"}${t}`;
};

function layout(
  points: Point[],
  seasons: { key: number; items: Point[]; mean: number }[],
  size: Size,
  timeZone: string,
  metric: ChartMetric,
): ChartView {
  const text = valueText(metric);
  const plot = { left: MARGIN.left, right: size.width - MARGIN.right, top: MARGIN.top, bottom: size.height - MARGIN.bottom };
  const values = points.map((p) => p.value);
  const yValues = niceTicks(Math.min(...values), Math.max(...values), size.yTicks);
  const y = linearScale([yValues[0], yValues[yValues.length - 1]], [plot.bottom, plot.top]);
  const first = points[0].startsAt;
  const last = points[points.length - 1].startsAt;
  const pad = Math.max((last - first) * 0.03, PAD_SECONDS);
  const x = linearScale([first - pad, last + pad], [plot.left, plot.right]);
  const dots = points.map((p) => ({
    x: r1(x(p.startsAt)),
    y: r1(y(p.value)),
    title: `${formatDate(p.startsAt, timeZone)} ${p.roundName}: ${metric === "scores" ? `${text(p.value)} (${p.score})` : p.value}`,
  }));
  return {
    width: size.width,
    height: size.height,
    plot,
    xTicks: timeTicks(first - pad, last + pad, timeZone, size.xTicks).map((t) => ({ at: r1(x(t.at)), label: t.label })),
    yTicks: yValues.map((v) => ({ at: r1(y(v)), label: text(v) })),
    line: dots.map((d, i) => `${i === 0 ? "M" : "L"}${d.x} ${d.y}`).join(" "),
    dots,
    averages: seasons.map((s) => {
      const x1 = x(s.items[0].startsAt);
      const x2 = x(s.items[s.items.length - 1].startsAt);
      // A season of one round still gets a visible step.
      const widen = Math.max(0, 12 - (x2 - x1)) / 2;
      return {
        x1: r1(Math.max(plot.left, x1 - widen)),
        x2: r1(Math.min(plot.right, x2 + widen)),
        y: r1(y(s.mean)),
        title: `${s.key} season average: ${avgText(metric, s.mean)} over ${s.items.length} round${s.items.length === 1 ? "" : "s"}`,
      };
    }),
  };
}

/**
 * The chart of a player's scores against par (or round ratings) over time with each
 * season's average, or null when there is nothing to draw. Ratings are offered only when some are stored;
 * asking for them otherwise shows scores.
 */
export function scoreChart(history: readonly HistoryPoint[], asked: ChartMetric, timeZone: string): ScoreChart | null {
  const hasRatings = history.some((h) => h.rating !== null);
  const metric: ChartMetric = asked === "ratings" && hasRatings ? "ratings" : "scores";
  const points: Point[] = history
    .filter((h) => (metric === "ratings" ? h.rating !== null : h.score > 0))
    .map((h) => ({
      roundId: h.roundId,
      startsAt: h.startsAt,
      roundName: h.roundName,
      value: metric === "ratings" ? (h.rating as number) : h.score - h.par,
      score: h.score,
    }))
    .sort((a, b) => a.startsAt - b.startsAt || a.roundId - b.roundId)
    .map((p) => ({ ...p, season: wallParts(p.startsAt, timeZone).year }));
  if (points.length === 0) return null;
  const seasons = groupMeans(
    points,
    (p) => p.season,
    (p) => p.value,
  );
  const meanOf = new Map(seasons.map((s) => [s.key, s.mean]));
  const values = points.map((p) => p.value);
  const [best, worst] = metric === "scores" ? [Math.min(...values), Math.max(...values)] : [Math.max(...values), Math.min(...values)];
  const what = metric === "scores" ? "Scores against par" : "Round ratings";
  const text = valueText(metric);
  const span = `${formatDate(points[0].startsAt, timeZone)} to ${formatDate(points[points.length - 1].startsAt, timeZone)}`;
  const averages = seasons.map((s) => `${s.key} ${avgText(metric, s.mean)}`).join(", ");
  return {
    metric,
    hasRatings,
    summary: `${what} of ${points.length} round${points.length === 1 ? "" : "s"}, ${span}: best ${text(best)}, worst ${text(worst)} (${metric === "scores" ? "lower" : "higher"} is better). Season average: ${averages}.`,
    rows: points.map((p) => ({
      roundId: p.roundId,
      date: formatDate(p.startsAt, timeZone),
      round: p.roundName,
      value: p.value,
      label: text(p.value),
      score: p.score,
      seasonAverage: avgText(metric, meanOf.get(p.season) ?? p.value),
    })),
    seasons: seasons.map((s) => ({ season: s.key, average: avgText(metric, s.mean), rounds: s.items.length })),
    compact: layout(points, seasons, COMPACT, timeZone, metric),
    wide: layout(points, seasons, WIDE, timeZone, metric),
  };
}
