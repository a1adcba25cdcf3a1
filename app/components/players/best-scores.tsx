import { Link } from "react-router";
import { Panel } from "~/components/ui/panel";
import { DataTable, HeadRow, td, tdNum } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import type { BestScore, BestScores } from "~/.server/services/players/best-scores";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// A player's best score on each layout they played (the player page): the layout, the
// score, against its par, and the round; doubles rounds, a team's score, in a table apart.

const toPar = (n: number) => (n === 0 ? "E" : n > 0 ? `+${n}` : `\u2212${-n}`);

function BestTable({ caption, rows }: { caption: string; rows: BestScore[] }) {
  const { href } = useLeagueUrls();
  const { date } = useLeague();
  return (
    <DataTable
      caption={caption}
      stack="dense"
      head={<HeadRow columns={["Layout", { label: "Score", num: true }, { label: "To par", num: true }, "Round"]} />}
    >
      {rows.map((r) => (
        <tr key={`${r.layout}-${r.roundId}`}>
          <td className={td}>{r.layout}</td>
          <td className={`${tdNum} font-semibold`}>{r.score}</td>
          <td className={tdNum}>{toPar(r.toPar)}</td>
          <td className={td}>
            <Link to={href(`/rounds/${r.roundId}`)} className="font-medium text-brand-800 underline">
              {r.roundName}
            </Link>{" "}
            <span className="text-muted">{date(r.startsAt)}</span>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The best scores panel, or nothing before the player's first score. */
export function BestScoresPanel({ best }: { best: BestScores }) {
  if (best.singles.length + best.doubles.length === 0) return null;
  return (
    <Panel title="Best scores" titleId="best-scores-title">
      <div className="space-y-4">
        {best.singles.length ? <BestTable caption="Best score per layout" rows={best.singles} /> : null}
        {best.doubles.length ? <BestTable caption="Doubles: best team score per layout" rows={best.doubles} /> : null}
      </div>
    </Panel>
  );
}
