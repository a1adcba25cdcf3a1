import { type LeaderDivision, toParLabel } from "~/lib/live/live-board";

// The live leaderboard's table (ADR 26): what the round page shows while a round is scored
// live, from the server's render (also without JavaScript) and then from the socket.

const th = "px-2 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted";
const td = "px-2 py-2";

/** The leaderboard's table: each division, place, name, thru, strokes and the total against par. */
export function LeaderTable({ divisions }: { divisions: LeaderDivision[] }) {
  return (
    <div className="space-y-4">
      {divisions.map((d) => (
        <table key={d.division} className="w-full border-collapse rounded-lg bg-surface text-sm shadow-sm">
          <caption className="px-2 py-1 text-left text-base font-bold">{d.division}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className={th}>
                Place
              </th>
              <th scope="col" className={th}>
                Player
              </th>
              <th scope="col" className={`${th} text-right`}>
                Thru
              </th>
              <th scope="col" className={`${th} text-right`}>
                Strokes
              </th>
              <th scope="col" className={`${th} text-right`}>
                To par
              </th>
            </tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.entryId} className="border-b border-line last:border-0" data-entry={r.entryId}>
                <td className={`${td} tabular-nums`}>{r.place ?? "–"}</td>
                <td className={`${td} font-medium`}>
                  {r.name}
                  {r.flagged ? <span className="ml-1 text-danger-800">(hole in question)</span> : null}
                </td>
                <td className={`${td} text-right tabular-nums`}>{r.dnf ? "DNF" : r.finished ? "F" : r.thru}</td>
                <td className={`${td} text-right tabular-nums`}>{r.thru ? r.strokes : "–"}</td>
                <td className={`${td} text-right font-semibold tabular-nums`}>{r.dnf || !r.thru ? "–" : toParLabel(r.toPar)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
