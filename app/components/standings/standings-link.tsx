import { Link } from "react-router";
import { useLeague } from "~/hooks/use-league";
import { wallParts } from "~/lib/shared/time";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/**
 * The player page's way to the season standings they are in: the season and division of
 * their latest round (their own division when they have none), their row in view.
 */
export function StandingsLink({
  playerId,
  division,
  latest,
}: {
  playerId: number;
  division: string;
  latest?: { startsAt: number; division: string };
}) {
  const { href } = useLeagueUrls();
  const { timeZone } = useLeague();
  const params = new URLSearchParams({ division: latest?.division ?? division });
  if (latest) params.set("season", String(wallParts(latest.startsAt, timeZone).year));
  return (
    <p className="mt-3 text-sm">
      <Link
        to={href(`/standings?${params}#player-${playerId}`)}
        className="inline-flex min-h-11 items-center font-medium text-brand-800 underline-offset-2 hover:underline"
      >
        Season standings{latest ? ` ${params.get("season")}` : ""} in {params.get("division")} →
      </Link>
    </p>
  );
}
