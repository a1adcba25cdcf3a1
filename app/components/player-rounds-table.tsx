import { Link } from "react-router";
import { DataTable, HeadRow, td, tdNum } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { formatCents } from "~/lib/money";

/** A round the player played, as their page lists it (`position` is "3 of 12", or null). */
export type PlayedRound = {
  roundId: number;
  startsAt: number;
  roundName: string;
  score: number;
  rating: number | null;
  position: string | null;
  division: string;
  entryPayoutCents: number;
  creditAddedCents: number;
  creditUsedCents: number;
};

const money = (cents: number) => (cents ? formatCents(cents) : "");
const num = (label: string) => ({ label, num: true });
const HEAD = ["Date", "Round", num("Score"), num("Rating"), "Position", "Division", num("Payout"), num("Credit added"), num("Credit used")];

/**
 * The player's rounds, newest first: date pinned (with the start time on a day they played
 * two), then the round and its score, what a phone shows before scrolling.
 */
export function PlayerRoundsTable({ rounds }: { rounds: PlayedRound[] }) {
  const { date, time } = useLeague();
  const perDay = new Map<string, number>();
  for (const r of rounds) perDay.set(date(r.startsAt), (perDay.get(date(r.startsAt)) ?? 0) + 1);
  return (
    <DataTable caption="Rounds played" pinFirst head={<HeadRow columns={HEAD} />}>
      {rounds.map((r) => (
        <tr key={r.roundId}>
          <td className={td}>
            {date(r.startsAt)}
            {(perDay.get(date(r.startsAt)) ?? 0) > 1 ? <span className="block text-xs text-muted">{time(r.startsAt)}</span> : null}
          </td>
          <td className={td}>
            <Link to={`/rounds/${r.roundId}`} className="font-medium text-brand-800 hover:underline">
              {r.roundName}
            </Link>
          </td>
          <td className={`${tdNum} font-semibold`}>{r.score > 0 ? r.score : "–"}</td>
          <td className={tdNum}>{r.rating ?? "–"}</td>
          <td className={td}>{r.position ?? "–"}</td>
          <td className={td}>{r.division}</td>
          <td className={tdNum}>{money(r.entryPayoutCents)}</td>
          <td className={tdNum}>{money(r.creditAddedCents)}</td>
          <td className={tdNum}>{money(r.creditUsedCents)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
