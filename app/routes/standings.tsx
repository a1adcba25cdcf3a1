import { data } from "react-router";
import type { Route } from "./+types/standings";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { orRouteError, routeServices } from "~/.server/route-context";
import { seasonStandings } from "~/.server/services/standings/standings";
import { StandingsNav } from "~/components/standings/standings-nav";
import { StandingsTable } from "~/components/standings/standings-table";
import { Alert } from "~/components/ui/alert";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { useLeague } from "~/hooks/use-league";
import { pageMeta } from "~/lib/shared/meta";
import { describeRule } from "~/lib/standings/standings-rule";
import { sortStandings, standingsSort } from "~/lib/standings/standings-sort";
import type { StandingsRound } from "~/lib/standings/standings-table";
import { SeasonLoadError } from "~/components/layout/season-load-error";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// Public: cached for anonymous visitors, purged when scores, rounds, players or the
// league settings change (ADR 11). Each ?season=, ?division= and sort is its own page.
export const headers: Route.HeadersFunction = () => publicCacheHeaders("rounds", "entries", "players", "settings");

const NO_SEASON = "There are no rounds in that season.";

/**
 * One season's standings (default: the current one, or the last one scored), one division
 * at a time (default: the first in the league's order), sorted through the URL.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, league } = routeServices(context);
  const params = new URL(request.url).searchParams;
  const asked = params.get("season");
  if (asked !== null && !/^\d{4}$/.test(asked)) throw data({ message: NO_SEASON }, { status: 404 });
  const standings = await orRouteError(seasonStandings(db, league, { season: asked === null ? undefined : Number(asked) }));
  const { season, current, seasons, settings } = standings;
  const shown =
    standings.divisions.find((d) => d.division === params.get("division")) ??
    standings.divisions.find((d) => d.players.length > 0) ??
    standings.divisions[0] ??
    null;
  const sort = standingsSort(params);
  // Only the rounds this division's table names travel to the browser.
  const used = new Set([
    ...(shown?.players.flatMap((p) => p.rounds.map((r) => r.roundId)) ?? []),
    ...(shown?.waiting.map((r) => r.id) ?? []),
  ]);
  const rounds: Record<number, StandingsRound> = {};
  for (const r of standings.rounds) if (used.has(r.id)) rounds[r.id] = r;
  return {
    season,
    current,
    seasons: seasons.includes(season) ? seasons : [season, ...seasons].sort((a, b) => b - a),
    method: describeRule(settings),
    divisions: standings.divisions.map((d) => d.division),
    shown: shown && { ...shown, players: sortStandings(shown.players, sort) },
    sort,
    rounds,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const season = args.loaderData?.season;
  return pageMeta(
    args,
    season ? `Standings ${season}` : "Standings",
    `The league's season standings${season ? ` for ${season}` : ""}: points per round by finishing place in each division, best rounds counted.`,
  );
};

export default function Standings({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { season, seasons, method, divisions, shown, sort, rounds } = loaderData;
  const { date } = useLeague();
  const link = (values: { season?: number; division?: string }) => {
    const params = new URLSearchParams({ season: String(values.season ?? season) });
    if (values.division) params.set("division", values.division);
    if (values.division && sort.column !== "rank") params.set("sort", sort.column);
    if (values.division && sort.column !== "rank") params.set("dir", sort.dir);
    return href(`/standings?${params}`);
  };
  return (
    <>
      <PageHeader title={`Standings ${season}`} subtitle={shown ? `${shown.division} · ${shown.roundsScored} rounds scored` : undefined} />
      <div className="space-y-4">
        <p className="max-w-3xl text-sm text-muted">{method}</p>
        <StandingsNav
          label="Division"
          items={divisions.map((d) => ({ value: d, text: d }))}
          selected={shown?.division ?? ""}
          href={(d) => link({ division: d })}
        />
        {shown && shown.waiting.length > 0 ? (
          <Alert tone="info">
            {`Waiting for scores, not counted yet in ${shown.division}: `}
            {shown.waiting.map((r) => `${r.name} (${date(r.startsAt)})`).join(", ")}.
          </Alert>
        ) : null}
        {shown && shown.players.length > 0 ? (
          <StandingsTable division={shown.division} players={shown.players} sort={sort} rounds={rounds} />
        ) : (
          <EmptyState title={`No scored rounds in ${season} yet`}>Standings appear once a round's scores are all in.</EmptyState>
        )}
        <StandingsNav
          label="Seasons"
          items={seasons.map((s) => ({ value: String(s), text: String(s) }))}
          selected={String(season)}
          href={(s) => link({ season: Number(s) })}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SeasonLoadError error={error} what="standings" />;
}
