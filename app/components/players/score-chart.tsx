import { Link } from "react-router";
import { Panel } from "~/components/ui/panel";
import { DataTable, HeadRow, td, tdNum } from "~/components/ui/table";
import type { ChartView, ScoreChart } from "~/lib/players/score-chart";

// The player page's score history, drawn from the geometry the loader computed
// (app/lib/players/score-chart.ts): singles rounds, scores against each round's par. A phone gets the compact drawing and a wider screen (768 px on)
// the wide one (CSS picks), each with text at a legible size; screen readers get the summary
// (aria-label) and the numbers as a table under "Show the data".

const LABELS = { scores: "Scores", ratings: "Ratings" } as const;

function MetricSwitch({ active }: { active: ScoreChart["metric"] }) {
  const cls = "rounded-md px-3 py-1.5 text-sm font-medium";
  return (
    <nav aria-label="Chart shows" className="flex gap-1 rounded-lg border border-line p-1">
      {(["scores", "ratings"] as const).map((m) => (
        <Link
          key={m}
          to={m === "ratings" ? "?chart=ratings" : "."}
          preventScrollReset
          aria-current={m === active ? "page" : undefined}
          className={m === active ? `${cls} bg-brand-700 text-white` : `${cls} text-brand-800 hover:bg-brand-50`}
        >
          {LABELS[m]}
        </Link>
      ))}
    </nav>
  );
}

/** One drawing. The compact one shows at 0.9–2× (phones, small tablets), the wide one at 0.9–1.07× (its max width): text stays 12–14 px or more. */
function Drawing({ view, label, className }: { view: ChartView; label: string; className: string }) {
  const { plot } = view;
  return (
    <svg viewBox={`0 0 ${view.width} ${view.height}`} role="img" aria-label={label} className={`h-auto w-full ${className}`}>
      <g className="fill-muted" fontSize={view.width < 500 ? 13 : 12}>
        {view.yTicks.map((t) => (
          <g key={`y${t.at}`}>
            <line x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} className="stroke-line" />
            <text x={plot.left - 6} y={t.at} textAnchor="end" dominantBaseline="middle">
              {t.label}
            </text>
          </g>
        ))}
        {view.xTicks.map((t) => (
          <g key={`x${t.at}`}>
            <line x1={t.at} x2={t.at} y1={plot.bottom} y2={plot.bottom + 4} className="stroke-muted" />
            <text x={t.at} y={plot.bottom + 18} textAnchor="middle">
              {t.label}
            </text>
          </g>
        ))}
      </g>
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} className="stroke-muted" />
      <path d={view.line} fill="none" strokeWidth={1.5} strokeLinejoin="round" className="stroke-brand-600" />
      {view.averages.map((a) => (
        <line key={a.title} x1={a.x1} x2={a.x2} y1={a.y} y2={a.y} strokeWidth={2.5} strokeDasharray="6 4" className="stroke-warn-800">
          <title>{a.title}</title>
        </line>
      ))}
      {view.dots.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the dots are in date order and never reordered.
        <circle key={i} cx={d.x} cy={d.y} r={3.5} strokeWidth={1.5} className="fill-surface stroke-brand-800">
          <title>{d.title}</title>
        </circle>
      ))}
    </svg>
  );
}

/** The numbers behind the drawing, as a table under "Show the data". */
function ChartData({ chart }: { chart: ScoreChart }) {
  const scores = chart.metric === "scores";
  const value = scores ? "To par" : "Rating";
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-medium text-brand-800">Show the data</summary>
      <div className="mt-2">
        <DataTable
          caption={`${scores ? "Score" : "Rating"} history data`}
          head={
            <HeadRow
              columns={[
                "Date",
                "Round",
                ...(scores ? [{ label: "Score", num: true }] : []),
                { label: value, num: true },
                { label: "Season average", num: true },
              ]}
            />
          }
        >
          {chart.rows.map((r) => (
            <tr key={r.roundId}>
              <td className={td}>{r.date}</td>
              <td className={td}>{r.round}</td>
              {scores ? <td className={tdNum}>{r.score}</td> : null}
              <td className={`${tdNum} font-semibold`}>{r.label}</td>
              <td className={tdNum}>{r.seasonAverage}</td>
            </tr>
          ))}
        </DataTable>
      </div>
    </details>
  );
}

/** The score history panel, or nothing before the player's first score. */
export function ScoreChartPanel({ chart }: { chart: ScoreChart | null }) {
  if (!chart) return null;
  const scores = chart.metric === "scores";
  const seasons = chart.seasons.map((s) => `${s.season}: ${s.average} over ${s.rounds}`).join(" · ");
  return (
    <Panel title="Score history" titleId="score-history-title" actions={chart.hasRatings ? <MetricSwitch active={chart.metric} /> : null}>
      <figure className="space-y-3">
        <figcaption className="text-sm text-muted">
          {scores ? "Score against par" : "Round rating"} each singles round by date ({scores ? "lower" : "higher"} is better), with the{" "}
          <span className="font-medium text-warn-800">dashed line</span> at each season's average. {seasons}
        </figcaption>
        <Drawing view={chart.compact} label={chart.summary} className="md:hidden" />
        <Drawing view={chart.wide} label={chart.summary} className="hidden max-w-3xl md:block" />
      </figure>
      <ChartData chart={chart} />
    </Panel>
  );
}
