import { Link } from "react-router";
import { PlayerLink } from "~/components/player-link";
import { DataTable, GroupRow, HeadRow, td, tdNum } from "~/components/ui/table";
import { netScore } from "~/lib/handicap";
import { formatCents } from "~/lib/money";
import { fullName } from "~/lib/player-name";
import type { ResultGroup } from "~/lib/results";

// A round's results (and, before scores, who signed up): one table, one group row per
// division so the columns line up down the page, net columns when asked.

const players = (n: number) => `${n} ${n === 1 ? "player" : "players"}`;
const link = "font-medium text-brand-800 underline-offset-2 hover:underline";

function Ace() {
  return (
    <span
      title="Hit an ace in this round"
      className="ml-1.5 rounded bg-warn-50 px-1 text-xs font-semibold text-warn-800 ring-1 ring-warn-200"
    >
      Ace
    </span>
  );
}

/** The results by division: place, player, score, rating, (handicap and net,) payout. */
export function ResultsTable({ groups, net }: { groups: ResultGroup[]; net: boolean }) {
  const columns = net ? 7 : 5;
  return (
    <DataTable
      caption="Results"
      head={
        <HeadRow
          columns={[
            { label: "Place", className: "w-12" },
            "Player",
            { label: "Score", num: true },
            { label: "Rating", num: true },
            ...(net
              ? [
                  { label: <abbr title="Handicap going into this round">Hcp</abbr>, num: true },
                  { label: "Net", num: true },
                ]
              : []),
            { label: "Payout", num: true },
          ]}
        />
      }
    >
      {groups.map((g) => (
        <Group key={g.division} group={g} columns={columns} net={net} />
      ))}
    </DataTable>
  );
}

function Group({ group, columns, net }: { group: ResultGroup; columns: number; net: boolean }) {
  const { winners, rows } = group;
  const winner = winners.length ? `Winner: ${winners.map(fullName).join(", ")} (${winners[0]?.score})` : "No scores yet";
  return (
    <>
      <GroupRow colSpan={columns} title={group.division} detail={`${players(rows.length)} · ${winner}`} />
      {rows.map((r) => (
        <tr key={r.id}>
          <td className={`${td} tabular-nums`}>{r.place ?? "–"}</td>
          <td className={`${td} max-w-44 truncate sm:max-w-none`}>
            <PlayerLink id={r.playerId} className="underline-offset-2">
              {fullName(r)}
            </PlayerLink>
            {r.ace ? <Ace /> : null}
          </td>
          <td className={`${tdNum} font-semibold`}>{r.dnf ? "DNF" : r.score > 0 ? r.score : "–"}</td>
          <td className={tdNum}>{r.rating ?? "–"}</td>
          {net ? (
            <>
              <td className={tdNum}>{r.handicap == null ? "–" : r.handicap.toFixed(1)}</td>
              <td className={tdNum}>{r.handicap == null || r.score <= 0 ? "–" : netScore(r.score, r.handicap).toFixed(1)}</td>
            </>
          ) : null}
          <td className={tdNum}>{r.entryPayoutCents > 0 ? formatCents(r.entryPayoutCents) : ""}</td>
        </tr>
      ))}
    </>
  );
}

/** Before scores are in: who is signed up, by division. */
export function RegisteredTable({ groups }: { groups: ResultGroup[] }) {
  return (
    <DataTable caption="Registered players" head={<HeadRow columns={["Player"]} />}>
      {groups.map((g) => (
        <RegisteredGroup key={g.division} group={g} />
      ))}
    </DataTable>
  );
}

function RegisteredGroup({ group }: { group: ResultGroup }) {
  return (
    <>
      <GroupRow colSpan={1} title={group.division} detail={players(group.rows.length)} />
      {group.rows.map((r) => (
        <tr key={r.id}>
          <td className={td}>
            <PlayerLink id={r.playerId}>{fullName(r)}</PlayerLink>
          </td>
        </tr>
      ))}
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
