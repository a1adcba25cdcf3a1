import { Link } from "react-router";
import { DataTable, HeadRow, td, tdNum } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { formatCents } from "~/lib/shared/money";
import { useLeagueUrls } from "~/hooks/use-league-urls";

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
  /** "Cancelled: weather" for a cancelled round (ADR 50): its score, rating, place and payout are void. */
  cancelled: string | null;
  /** Credit the round added and used; null where the league's setting hides the player's money (ADR 25). */
  credit: { addedCents: number; usedCents: number } | null;
};

const money = (cents: number) => (cents ? formatCents(cents) : null);
const num = (label: string) => ({ label, num: true });
const HEAD = ["Round", num("Score"), num("Rating"), "Position", "Division", num("Payout")];
const CREDIT_HEAD = [num("Credit added"), num("Credit used")];

/**
 * The player's rounds, newest first: the round (its date under its name, with the start
 * time on a day they played two) and its score first. On a phone each round is a stacked block with
 * every column on screen, the money (payout, credit added, credit used) included; an empty
 * money cell is left out of the block. The credit columns are left out where the player's
 * money is hidden.
 */
export function PlayerRoundsTable({ rounds }: { rounds: PlayedRound[] }) {
  const { href } = useLeagueUrls();
  const { date, time } = useLeague();
  const credit = rounds.some((r) => r.credit !== null);
  const perDay = new Map<string, number>();
  for (const r of rounds) perDay.set(date(r.startsAt), (perDay.get(date(r.startsAt)) ?? 0) + 1);
  return (
    <DataTable caption="Rounds played" stack="dense" head={<HeadRow columns={credit ? [...HEAD, ...CREDIT_HEAD] : HEAD} />}>
      {rounds.map((r) => (
        <tr key={r.roundId}>
          <td className={td}>
            <Link to={href(`/rounds/${r.roundId}`)} className="font-medium text-brand-800 hover:underline">
              {r.roundName}
            </Link>
            <span className="block text-xs tabular-nums text-muted">
              {date(r.startsAt)}
              {(perDay.get(date(r.startsAt)) ?? 0) > 1 ? ` ${time(r.startsAt)}` : null}
            </span>
          </td>
          <td className={`${tdNum} font-semibold`} data-label="Score">
            {r.score > 0 && !r.cancelled ? r.score : "–"}
          </td>
          <td className={tdNum} data-label="Rating">
            {r.cancelled ? "–" : (r.rating ?? "–")}
          </td>
          <td className={r.cancelled ? `${td} font-semibold text-danger-800` : td} data-label="Position">
            {r.cancelled ?? r.position ?? "–"}
          </td>
          <td className={td} data-label="Division">
            {r.division}
          </td>
          <td className={tdNum} data-label="Payout">
            {r.cancelled ? null : money(r.entryPayoutCents)}
          </td>
          {r.credit ? (
            <>
              <td className={tdNum} data-label="Credit added">
                {money(r.credit.addedCents)}
              </td>
              <td className={tdNum} data-label="Credit used">
                {money(r.credit.usedCents)}
              </td>
            </>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}
