import type { TodayRound } from "~/.server/services/rounds/admin-landing";
import { ButtonLink } from "~/components/ui/button";
import { useLeague } from "~/hooks/use-league";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/**
 * The admin's rounds to run today (ADR 39), each with its night screen: where the admin
 * lands after logging in when several rounds are dated today (`#today`). Nothing when none.
 */
export function TodayRounds({ rounds }: { rounds: TodayRound[] }) {
  const { href } = useLeagueUrls();
  const { time } = useLeague();
  if (rounds.length === 0) return null;
  return (
    <section id="today" aria-labelledby="today-title" className="scroll-mt-4 space-y-2">
      <h2 id="today-title" className="font-display text-2xl font-semibold tracking-wide">
        Today
      </h2>
      <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        {rounds.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
            <span className="w-16 shrink-0 text-sm tabular-nums text-muted">{time(r.startsAt)}</span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-ink">{r.name}</span>
              <span className="block truncate text-sm text-muted">{r.location}</span>
            </span>
            <ButtonLink to={href(`/admin/round/night/${r.id}`)} variant="primary" aria-label={`Night screen of ${r.name}`}>
              Night screen
            </ButtonLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
