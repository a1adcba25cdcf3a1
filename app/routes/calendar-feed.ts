import type { Route } from "./+types/calendar-feed";
import { ICS_CONTENT_TYPE } from "./calendar-ics";
import { routeServices } from "~/.server/route-context";
import { feedOrigin, personalCalendar } from "~/.server/services/rounds/calendar";

// /calendar/{token}.ics: the rounds one user's player is entered in. The token is the
// only credential (calendar apps send no cookies), so the answer is personal: never
// stored by a shared cache, and every token that does not open a feed gets the same 404.

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, league, env } = routeServices(context);
  const token = params.feed?.endsWith(".ics") ? params.feed.slice(0, -".ics".length) : "";
  const body = await personalCalendar(db, token, { league, origin: feedOrigin(env.APP_URL, request.url) });
  if (body === null) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
  }
  return new Response(body, {
    headers: { "Content-Type": ICS_CONTENT_TYPE, "Content-Disposition": 'inline; filename="my-rounds.ics"', ...NO_STORE },
  });
}
