import { Link } from "react-router";
import type { ListedRound, LowScore } from "~/.server/services/rounds/rounds";
import { StatusBadge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { useLeague } from "~/hooks/use-league";
import { isToday, nowSeconds } from "~/lib/shared/time";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { cancelledLabel } from "~/lib/rainouts/words";

/**
 * "Low 48 · Kevin Anderson" (ties: "+1 more"), or the number of players before scores are in;
 * for a cancelled round (ADR 50) "Cancelled: weather": its scores are void.
 */
function Outcome({ round, low }: { round: ListedRound; low?: LowScore }) {
  if (round.cancelledAt !== null) return <span className="font-semibold text-danger-800">{cancelledLabel(round.cancelReason)}</span>;
  if (!low) return <>{`${round.entryCount} ${round.entryCount === 1 ? "player" : "players"}`}</>;
  const [first, ...others] = low.names;
  return (
    <>
      <span className="font-semibold text-ink">Low {low.score}</span> · {first}
      {others.length ? ` +${others.length} tied` : ""}
    </>
  );
}

/**
 * A list of rounds, each a link to its page: date and time, name, place; future rounds with their
 * registration badge, past ones with the low score. `hidden` hides it under 768 px only
 * (the phone's past/future toggle); from 768 px both lists show side by side.
 */
export function RoundList({
  title,
  rounds,
  id,
  hidden,
  lows,
  empty,
}: {
  title: string;
  rounds: ListedRound[];
  id: string;
  hidden?: boolean;
  lows?: Record<number, LowScore>;
  empty: string;
}) {
  const { href } = useLeagueUrls();
  const { date, time } = useLeague();
  const now = nowSeconds();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`min-w-0 ${hidden ? "hidden md:block" : "block"}`}>
      <h2 id={`${id}-title`} className="mb-2 font-display text-2xl font-semibold tracking-wide">
        {title}
      </h2>
      {rounds.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
          {rounds.map((r) => (
            <li key={r.id}>
              <Link to={href(`/rounds/${r.id}`)} className="flex min-h-14 items-center gap-3 px-3 py-2.5 hover:bg-brand-50">
                {/* The start time too: two rounds on one evening read apart. */}
                <span className="w-16 shrink-0 text-sm tabular-nums text-muted">
                  <span className="block">{date(r.startsAt)}</span>
                  <span className="block text-xs">{time(r.startsAt)}</span>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-ink">{r.name}</span>
                  <span className="block truncate text-sm text-muted">{lows ? <Outcome round={r} low={lows[r.id]} /> : r.location}</span>
                </span>
                {lows ? null : (
                  <span className="shrink-0">
                    {r.cancelledAt !== null ? (
                      <StatusBadge status="Closed" label={cancelledLabel(r.cancelReason)} />
                    ) : isToday(r.startsAt, now) ? (
                      <StatusBadge status="Today" />
                    ) : (
                      <StatusBadge status={r.openForRegistration ? "Open" : "Closed"} />
                    )}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
