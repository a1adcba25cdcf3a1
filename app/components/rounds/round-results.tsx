import { Link } from "react-router";
import { PlayerLink } from "~/components/players/player-link";
import { DataTable, GroupRow, HeadRow, td, tdNum } from "~/components/ui/table";
import { formatCents } from "~/lib/shared/money";
import { fullName } from "~/lib/players/player-name";
import type { ResultGroup } from "~/lib/rounds/results";

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

const HCP = { label: <abbr title="Handicap going into this round">Hcp</abbr>, num: true };
const GROSS_COLUMNS = [{ label: "Place", className: "w-12" }, "Player", { label: "Score", num: true }, { label: "Rating", num: true }];
// Ranked by net: the net place and score lead, the gross place stays beside the score.
const NET_COLUMNS = [
  { label: <abbr title="Place by net score">Net place</abbr>, className: "w-12" },
  "Player",
  { label: "Net", num: true },
  HCP,
  { label: "Score", num: true },
  { label: <abbr title="Place by score, without handicaps">Gross place</abbr>, className: "w-12" },
  { label: "Rating", num: true },
];

/** The results by division: place, player, score, rating, payout; with handicaps, ranked by net score. */
export function ResultsTable({ groups, net }: { groups: ResultGroup[]; net: boolean }) {
  const columns = net ? 8 : 5;
  return (
    <DataTable
      caption={net ? "Results by net score" : "Results"}
      pinFirst={net}
      head={<HeadRow columns={[...(net ? NET_COLUMNS : GROSS_COLUMNS), { label: "Payout", num: true }]} />}
    >
      {groups.map((g) => (
        <Group key={g.division} group={g} columns={columns} net={net} />
      ))}
    </DataTable>
  );
}

const tenth = (n: number | null | undefined) => (n == null ? "–" : n.toFixed(1));

function winnerLine({ winners }: ResultGroup, net: boolean): string {
  const first = winners[0];
  if (!first) return net ? "No net scores yet" : "No scores yet";
  const names = winners.map(fullName).join(", ");
  return net ? `Net winner: ${names} (${tenth(first.net)})` : `Winner: ${names} (${first.score})`;
}

function Group({ group, columns, net }: { group: ResultGroup; columns: number; net: boolean }) {
  const { rows } = group;
  return (
    <>
      <GroupRow colSpan={columns} title={group.division} detail={`${players(rows.length)} · ${winnerLine(group, net)}`} />
      {rows.map((r) => {
        const score = <td className={`${tdNum} ${net ? "" : "font-semibold"}`}>{r.dnf ? "DNF" : r.score > 0 ? r.score : "–"}</td>;
        return (
          <tr key={r.id}>
            <td className={`${td} tabular-nums`}>{(net ? r.netPlace : r.place) ?? "–"}</td>
            <td className={`${td} max-w-44 truncate sm:max-w-none`}>
              <PlayerLink id={r.playerId} className="underline-offset-2">
                {fullName(r)}
              </PlayerLink>
              {r.ace ? <Ace /> : null}
            </td>
            {net ? (
              <>
                <td className={`${tdNum} font-semibold`}>{tenth(r.net)}</td>
                <td className={tdNum}>{tenth(r.handicap)}</td>
                {score}
                <td className={`${td} tabular-nums`}>{r.place ?? "–"}</td>
              </>
            ) : (
              score
            )}
            <td className={tdNum}>{r.rating ?? "–"}</td>
            <td className={tdNum}>{r.entryPayoutCents > 0 ? formatCents(r.entryPayoutCents) : ""}</td>
          </tr>
        );
      })}
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

/** Shows the handicaps and ranks by net score, or not: a plain link (?net=1), so it works without JavaScript. */
export function NetToggle({ net }: { net: boolean }) {
  return (
    <Link to={net ? "?" : "?net=1"} preventScrollReset replace className={`text-sm ${link} underline`}>
      {net ? "Hide handicaps and net scores" : "Show handicaps and net scores"}
    </Link>
  );
}
