import { useEffect, useState } from "react";
import { LiveConnection, socketUrl } from "./live-connection";
import { type LeaderDivision, leaderboard, toParLabel } from "~/lib/live-board";
import type { LiveState } from "~/lib/live-state";
import { applyCardUpdate, applyUpdate } from "~/lib/live-update";

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

/**
 * The round page's live leaderboard (ADR 26): the state the page was rendered with, then
 * every update from the spectator socket, without a reload; where the socket cannot open,
 * the state as JSON every few seconds.
 */
export function LiveBoard({ initial }: { initial: LiveState }) {
  const [state, setState] = useState(initial);
  const [live, setLive] = useState(false);
  useEffect(() => {
    let polling: ReturnType<typeof setInterval> | null = null;
    const poll = () =>
      fetch(`/api/live/${initial.roundId}`)
        .then((r) => (r.ok ? (r.json() as Promise<{ state: LiveState }>) : null))
        .then((j) => j && setState(j.state))
        .catch(() => undefined);
    const conn = new LiveConnection({
      url: socketUrl(initial.roundId, true),
      beatMs: 10_000,
      onLink: (link) => {
        setLive(link === "live");
        if (link === "offline" && !polling) polling = setInterval(poll, 5000);
        if (link === "live" && polling) {
          clearInterval(polling);
          polling = null;
        }
      },
      onMessage: (m) => {
        if (m.type === "welcome" || m.type === "state") setState(m.state);
        else if (m.type === "card") setState((s) => applyCardUpdate(s, m.update));
        else if (m.type === "update")
          setState((s) => {
            const next = applyUpdate(s, m.update);
            if (next === null) conn.send({ type: "state" });
            return next ?? s;
          });
      },
    });
    return () => {
      conn.stop();
      if (polling) clearInterval(polling);
    };
  }, [initial.roundId]);
  return (
    <div data-live={live ? "live" : "waiting"}>
      <LeaderTable divisions={leaderboard(state)} />
    </div>
  );
}
