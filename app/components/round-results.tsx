import { Link } from "react-router";
import { DataTable, GroupRow, td, tdNum, th } from "~/components/ui/table";
import { formatCents } from "~/lib/money";
import { type Handicap, type HandicapSettings, netScore } from "~/lib/handicap";

export type ResultRow = {
  id: number;
  playerId: number;
  firstName: string;
  lastName: string;
  score: number;
  entryPayoutCents: number;
  place: string | null;
  ace: boolean;
  /** The score's round rating (null until rated). */
  rating: number | null;
};
export type ResultGroup = { division: string; rows: ResultRow[]; winners: ResultRow[] };
/** Each entrant's handicap going into the round, by player id; null when net scores are not shown. */
export type RoundHandicaps = { settings: HandicapSettings; players: Record<number, Handicap | null> } | null;

const name = (r: ResultRow) => `${r.firstName} ${r.lastName}`;
const link = "font-medium text-brand-800 underline-offset-2 hover:underline";

function AceMark() {
  return (
    <span
      title="Hit an ace in this round"
      className="ml-1.5 rounded bg-warn-50 px-1 text-xs font-semibold text-warn-800 ring-1 ring-warn-200"
    >
      Ace
    </span>
  );
}

/** One table, one group row per division, so the columns line up down the page; net columns when asked. */
export function Results({ groups, handicaps }: { groups: ResultGroup[]; handicaps: RoundHandicaps }) {
  const net = handicaps !== null;
  const cols = net ? 7 : 5;
  return (
    <DataTable
      caption="Results"
      head={
        <tr>
          <th scope="col" className={`${th} w-12`}>
            Place
          </th>
          <th scope="col" className={th}>
            Player
          </th>
          <th scope="col" className={`${th} text-right`}>
            Score
          </th>
          <th scope="col" className={`${th} text-right`}>
            Rating
          </th>
          {net ? (
            <>
              <th scope="col" className={`${th} text-right`}>
                <abbr title="Handicap going into this round">Hcp</abbr>
              </th>
              <th scope="col" className={`${th} text-right`}>
                Net
              </th>
            </>
          ) : null}
          <th scope="col" className={`${th} text-right`}>
            Payout
          </th>
        </tr>
      }
    >
      {groups.map((g) => (
        <Group key={g.division} group={g} cols={cols} handicaps={handicaps} />
      ))}
    </DataTable>
  );
}

function Group({ group, cols, handicaps }: { group: ResultGroup; cols: number; handicaps: RoundHandicaps }) {
  const winner = group.winners.length ? `Winner: ${group.winners.map(name).join(", ")} (${group.winners[0]?.score})` : "No scores yet";
  return (
    <>
      <GroupRow
        colSpan={cols}
        title={group.division}
        detail={`${group.rows.length} ${group.rows.length === 1 ? "player" : "players"} · ${winner}`}
      />
      {group.rows.map((r) => {
        const h = handicaps?.players[r.playerId]?.handicap;
        return (
          <tr key={r.id}>
            <td className={`${td} tabular-nums`}>{r.place ?? "–"}</td>
            <td className={`${td} max-w-44 truncate sm:max-w-none`}>
              <Link className={link} to={`/players/${r.playerId}`}>
                {name(r)}
              </Link>
              {r.ace ? <AceMark /> : null}
            </td>
            <td className={`${tdNum} font-semibold`}>{r.score > 0 ? r.score : "–"}</td>
            <td className={tdNum}>{r.rating ?? "–"}</td>
            {handicaps ? (
              <>
                <td className={tdNum}>{h === undefined ? "–" : h.toFixed(1)}</td>
                <td className={tdNum}>{h === undefined || r.score <= 0 ? "–" : netScore(r.score, h).toFixed(1)}</td>
              </>
            ) : null}
            <td className={tdNum}>{r.entryPayoutCents > 0 ? formatCents(r.entryPayoutCents) : ""}</td>
          </tr>
        );
      })}
    </>
  );
}

/** Shows or hides the net columns: a plain link (?net=1), so it works without JavaScript. */
export function NetToggle({ net }: { net: boolean }) {
  return (
    <Link to={net ? "?" : "?net=1"} preventScrollReset replace className={`text-sm ${link} underline`}>
      {net ? "Hide handicaps and net scores" : "Show handicaps and net scores"}
    </Link>
  );
}
