import { Link } from "react-router";
import { Card } from "./ui/card";
import type { ChartForPage } from "~/.server/html/score-chart";

// The player page's score history. The figure (caption and the SVG drawings) comes as HTML
// the server built (app/.server/html/score-chart.ts): it is not interactive, so no client code
// draws it, nor the data table under "Show the data"; only the metric switch is a component.

const LABELS = { scores: "Scores", ratings: "Ratings" } as const;

function MetricSwitch({ active }: { active: ChartForPage["metric"] }) {
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

/** The score history card, or nothing before the player's first score. */
export function ScoreChartCard({ chart }: { chart: ChartForPage | null }) {
  if (!chart) return null;
  return (
    <Card title="Score history" titleId="score-history-title" actions={chart.hasRatings ? <MetricSwitch active={chart.metric} /> : null}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built on the server with every text escaped (app/.server/html/escape.ts). */}
      <figure className="space-y-3" data-html="" dangerouslySetInnerHTML={{ __html: chart.figure }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built on the server with every text escaped (app/.server/html/escape.ts). */}
      <div data-html="" dangerouslySetInnerHTML={{ __html: chart.data }} />
    </Card>
  );
}
