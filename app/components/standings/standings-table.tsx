import { useMemo } from "react";
import { Link } from "react-router";
import { SortHeader } from "~/components/ui/sort-header";
import { DataTable, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import type { SortState } from "~/lib/shared/sort";
import { formatDate } from "~/lib/shared/time";
import { type StandingsColumn, standingsFirstDir } from "~/lib/standings/standings-sort";
import type { PlayerStanding, StandingsRound } from "~/lib/standings/standings-table";
import { fullName } from "~/lib/players/player-name";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// Made once: toLocaleString with options builds a new formatter on every call.
const points = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
/** Points as people write them: 97.5, 1,042.5, 12.33. */
export const formatPoints = (n: number) => points.format(n);

// Every cell is styled once here rather than per cell (as /players-all does): a big
// division's table stays a third of the HTML. Columns 1 and 3–6 are numbers.
const leanCells = [
  "[&_td]:border-b [&_td]:border-line [&_td]:px-2 [&_td]:py-2.5 [&_td]:whitespace-nowrap [&_td]:tabular-nums sm:[&_td]:px-3",
  "[&_td:first-child]:text-right [&_td:nth-child(n+3):nth-child(-n+6)]:text-right [&_td:first-child]:font-semibold [&_td:nth-child(3)]:font-semibold",
  "[&_td>a]:font-medium [&_td>a]:text-brand-800 [&_td>a:hover]:underline",
  // A long name wraps on a phone instead of pushing the points off screen.
  "[&_td:nth-child(2)]:min-w-32 [&_td:nth-child(2)]:max-w-40 [&_td:nth-child(2)]:whitespace-normal [&_td:nth-child(2)]:break-words sm:[&_td:nth-child(2)]:max-w-none sm:[&_td:nth-child(2)]:whitespace-nowrap",
  "[&_td:last-child]:min-w-48 [&_td:last-child]:whitespace-normal [&_td:last-child]:align-top",
  "[&_summary]:cursor-pointer [&_summary]:text-brand-800 [&_ul]:mt-1 [&_ul]:space-y-0.5 [&_ul]:text-xs",
].join(" ");

const columns: { column: StandingsColumn; label: string; numeric: boolean }[] = [
  { column: "rank", label: "Rank", numeric: true },
  { column: "name", label: "Player", numeric: false },
  { column: "total", label: "Points", numeric: true },
  { column: "played", label: "Rounds", numeric: true },
  { column: "counted", label: "Counted", numeric: true },
  { column: "average", label: "Avg", numeric: true },
];

/**
 * One division's standings: rank, the player and the points first (what a phone shows
 * without scrolling), then rounds played and counted, the average per round, and each
 * round's place and points behind a disclosure, the rounds that count in bold.
 */
export function StandingsTable({
  division,
  players,
  sort,
  rounds,
}: {
  division: string;
  players: PlayerStanding[];
  sort: SortState<StandingsColumn>;
  rounds: Record<number, StandingsRound>;
}) {
  const { href } = useLeagueUrls();
  const { timeZone } = useLeague();
  // One date label per round, not per row: formatting a date builds an Intl formatter, and
  // a big division's breakdowns name thousands of rounds.
  const labels = useMemo(
    () => new Map(Object.values(rounds).map((r) => [r.id, `${formatDate(r.startsAt, timeZone)} ${r.name}`])),
    [rounds, timeZone],
  );
  return (
    <div className={leanCells}>
      <DataTable
        caption={`Standings, ${division}`}
        head={
          <tr>
            {columns.map((c) => (
              <SortHeader
                key={c.column}
                column={c.column}
                label={c.label}
                sort={sort}
                firstDir={standingsFirstDir(c.column)}
                numeric={c.numeric}
              />
            ))}
            <th scope="col" className={th}>
              By round
            </th>
          </tr>
        }
      >
        {players.map((p) => (
          <tr key={p.playerId} id={`player-${p.playerId}`} className="target:bg-brand-50">
            <td>{p.rank}</td>
            <td>
              <Link to={href(`/players/${p.playerId}`)} discover="none">
                {fullName(p)}
              </Link>
            </td>
            <td>{formatPoints(p.total)}</td>
            <td>{p.roundsPlayed}</td>
            <td>{p.roundsCounted}</td>
            <td>{formatPoints(p.average)}</td>
            <td>
              <details>
                <summary>
                  {p.roundsPlayed} {p.roundsPlayed === 1 ? "round" : "rounds"}
                </summary>
                <ul>
                  {p.rounds.map((r) => (
                    <li key={r.roundId} className={r.counted ? "font-semibold" : "text-muted"}>
                      {`${labels.get(r.roundId) ?? "Round"}: place ${r.place}, ${formatPoints(r.points)} pts${r.counted ? "" : " (not counted)"}`}
                    </li>
                  ))}
                </ul>
              </details>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
