import type { ChartView, ScoreChart } from "~/lib/score-chart";
import { attrs, esc } from "./escape";
import { rowHtml, tableHtml } from "./table";

// The player page's score chart drawn as SVG markup here, from the geometry the loader
// computed (app/lib/score-chart.ts): the drawing is not interactive, so the page gets it as
// data and no client code draws it (issue 12's client budget). A phone gets the compact
// drawing and a wider screen (768 px on) the wide one (CSS picks), each with text at a
// legible size; screen readers get the summary (aria-label) and the numbers as a table.

function drawing(view: ChartView, label: string, className: string): string {
  const { plot } = view;
  const line = (a: Record<string, string | number>) => `<line ${attrs(a)}/>`;
  const titled = (tag: string, a: Record<string, string | number>, title: string) =>
    `<${tag} ${attrs(a)}><title>${esc(title)}</title></${tag}>`;
  const y = view.yTicks.map(
    (t) =>
      line({ x1: plot.left, x2: plot.right, y1: t.at, y2: t.at, class: "stroke-line" }) +
      `<text ${attrs({ x: plot.left - 6, y: t.at, "text-anchor": "end", "dominant-baseline": "middle" })}>${esc(t.label)}</text>`,
  );
  const x = view.xTicks.map(
    (t) =>
      line({ x1: t.at, x2: t.at, y1: plot.bottom, y2: plot.bottom + 4, class: "stroke-muted" }) +
      `<text ${attrs({ x: t.at, y: plot.bottom + 18, "text-anchor": "middle" })}>${esc(t.label)}</text>`,
  );
  // The compact drawing shows at 0.9–2× (phones, small tablets), the wide one at 0.9–1.07× (its max width): text stays 12–14 px or more.
  return [
    `<svg ${attrs({ viewBox: `0 0 ${view.width} ${view.height}`, role: "img", "aria-label": label, class: `h-auto w-full ${className}` })}>`,
    `<g class="fill-muted" font-size="${view.width < 500 ? 13 : 12}">${y.join("")}${x.join("")}</g>`,
    line({ x1: plot.left, x2: plot.right, y1: plot.bottom, y2: plot.bottom, class: "stroke-muted" }),
    `<path ${attrs({ d: view.line, fill: "none", "stroke-width": 1.5, "stroke-linejoin": "round", class: "stroke-brand-600" })}/>`,
    ...view.averages.map((a) =>
      titled(
        "line",
        { x1: a.x1, x2: a.x2, y1: a.y, y2: a.y, "stroke-width": 2.5, "stroke-dasharray": "6 4", class: "stroke-warn-800" },
        a.title,
      ),
    ),
    ...view.dots.map((d) =>
      titled("circle", { cx: d.x, cy: d.y, r: 3.5, "stroke-width": 1.5, class: "fill-surface stroke-brand-800" }, d.title),
    ),
    "</svg>",
  ].join("");
}

/** What the page needs of the chart: the metric switch's state, and the figure and the data table as HTML. */
export type ChartForPage = Pick<ScoreChart, "metric" | "hasRatings"> & { figure: string; data: string };

/** The numbers behind the drawing, as a table under "Show the data". */
function dataHtml(chart: ScoreChart): string {
  const value = chart.metric === "scores" ? "Score" : "Rating";
  const head = [{ text: "Date" }, { text: "Round" }, { text: value, num: true }, { text: "Season average", num: true }];
  const rows = chart.rows.map((r) =>
    rowHtml([
      { text: r.date },
      { text: r.round },
      { text: r.value, num: true, cls: "font-semibold" },
      { text: r.seasonAverage, num: true },
    ]),
  );
  const table = tableHtml(`${value} history data`, head, rows.join(""));
  return `<details class="mt-3"><summary class="cursor-pointer text-sm font-medium text-brand-800">Show the data</summary><div class="mt-2">${table}</div></details>`;
}

/** The chart's <figure> content (caption and both drawings) as HTML, or null before the first score. */
export function chartForPage(chart: ScoreChart | null): ChartForPage | null {
  if (!chart) return null;
  const scores = chart.metric === "scores";
  const seasons = chart.seasons.map((s) => `${s.season}: ${s.average} over ${s.rounds}`).join(" · ");
  const caption =
    `<figcaption class="text-sm text-muted">${scores ? "Score" : "Round rating"} each round by date (${scores ? "lower" : "higher"} is better), with the ` +
    `<span class="font-medium text-warn-800">dashed line</span> at each season's average. ${esc(seasons)}</figcaption>`;
  return {
    metric: chart.metric,
    hasRatings: chart.hasRatings,
    data: dataHtml(chart),
    figure: caption + drawing(chart.compact, chart.summary, "md:hidden") + drawing(chart.wide, chart.summary, "hidden max-w-3xl md:block"),
  };
}
