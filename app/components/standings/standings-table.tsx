import { Link } from "react-router";
import { DataTable, SortHeader, td, tdNum, tdWrap } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import type { SortState } from "~/lib/sort";
import { type PlayerStanding, type StandingsColumn, type StandingsRound, standingsFirstDir } from "~/lib/standings-table";

/** Points as people write them: 97.5, 105, 12.33. */
export const formatPoints = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

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
  const { date } = useLeague();
  return (
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
          <th scope="col" className="sticky top-0 z-10 border-b border-line bg-slate-100 px-2 py-2.5 font-semibold sm:px-3">
            By round
          </th>
        </tr>
      }
    >
      {players.map((p) => (
        <tr key={p.playerId} id={`player-${p.playerId}`} className="target:bg-brand-50">
          <td className={`${tdNum} font-semibold`}>{p.rank}</td>
          <td className={`${td} max-w-36 whitespace-normal break-words sm:max-w-none sm:whitespace-nowrap`}>
            <Link to={`/players/${p.playerId}`} discover="none" className="font-medium text-brand-800 hover:underline">
              {`${p.firstName} ${p.lastName}`}
            </Link>
          </td>
          <td className={`${tdNum} font-semibold`}>{formatPoints(p.total)}</td>
          <td className={tdNum}>{p.roundsPlayed}</td>
          <td className={tdNum}>{p.roundsCounted}</td>
          <td className={tdNum}>{formatPoints(p.average)}</td>
          <td className={`${tdWrap} align-top`}>
            <details>
              <summary className="cursor-pointer text-brand-800">
                {p.roundsPlayed} {p.roundsPlayed === 1 ? "round" : "rounds"}
              </summary>
              <ul className="mt-1 space-y-0.5 text-xs">
                {p.rounds.map((r) => {
                  const round = rounds[r.roundId];
                  return (
                    <li key={r.roundId} className={r.counted ? "font-semibold" : "text-muted"}>
                      {round ? `${date(round.d)} ` : ""}
                      <Link to={`/rounds/${r.roundId}`} discover="none" className="underline-offset-2 hover:underline">
                        {round?.n ?? "Round"}
                      </Link>
                      {`: place ${r.place}, ${formatPoints(r.points)} pts${r.counted ? "" : " (not counted)"}`}
                    </li>
                  );
                })}
              </ul>
            </details>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
