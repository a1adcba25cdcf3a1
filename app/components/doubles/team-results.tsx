import { PlayerLink } from "~/components/players/player-link";
import { DataTable, HeadRow, td, tdNum } from "~/components/ui/table";
import type { TeamResult } from "~/lib/doubles/doubles";
import { formatCents } from "~/lib/shared/money";

// A doubles round's results (ADR 31): the teams by place, partners together, the team's
// score and its payout (split between the partners, each one's share on their own page).

export function TeamResults({ teams }: { teams: TeamResult[] }) {
  return (
    <DataTable
      caption="Team results"
      head={
        <HeadRow columns={[{ label: "Place", className: "w-12" }, "Team", { label: "Score", num: true }, { label: "Payout", num: true }]} />
      }
    >
      {teams.map((t) => (
        <tr key={t.key}>
          <td className={td}>{t.placeLabel === null ? "–" : t.dnf ? "DNF" : t.placeLabel}</td>
          <td className={td}>
            {/* One partner a line: the table fits a phone without scrolling sideways. */}
            {t.members.map((m, i) => (
              <span key={m.playerId} className="block">
                {i > 0 ? <span className="sr-only">and </span> : null}
                <PlayerLink id={m.playerId}>{m.name}</PlayerLink>
                {t.members.length === 1 ? <span className="text-muted"> (cali)</span> : null}
              </span>
            ))}
          </td>
          <td className={tdNum}>{t.dnf ? "DNF" : t.score > 0 ? t.score : "–"}</td>
          <td className={tdNum}>{t.payoutCents > 0 ? formatCents(t.payoutCents) : "–"}</td>
        </tr>
      ))}
    </DataTable>
  );
}
