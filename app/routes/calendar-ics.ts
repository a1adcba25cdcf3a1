import type { Route } from "./+types/calendar-ics";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { routeServices } from "~/.server/route-context";
import { feedOrigin, leagueCalendar } from "~/.server/services/rounds/calendar";

// /calendar.ics: every round of the previous season on, as an iCalendar feed anyone can
// subscribe to (a resource route: the loader answers the file). Public and cached for
// anonymous readers like the pages; any write to rounds purges it (ADR 11).

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, league, env } = routeServices(context);
  const body = await leagueCalendar(db, { league, origin: feedOrigin(env.APP_URL, request.url) });
  return new Response(body, {
    headers: { "Content-Type": ICS_CONTENT_TYPE, "Content-Disposition": 'inline; filename="league.ics"', ...publicCacheHeaders("rounds") },
  });
}
