import { errorResponse } from "./api/errors";
import { defaultLeague, leagueById, leagueBySlug } from "./league-directory";
import { requestIdOf, withRequestId } from "./request-id";
import { type RequestLeague, leagueOf } from "~/.server/league";
import { DEPLOYMENT_PAGES, isSlug } from "~/lib/shared/league-url";

// Step "league" (ADR 46): the path names the request's league. `/l/{slug}/…` is that league's
// page or /api; the root serves the deployment's own pages, and the default league's pages
// and /api as before. What the path cannot name is answered here, before any route: a slug
// that fails the pattern is a 404 without a read, one in capitals a 301 to its lower case,
// the default league's slug a 301 to the root, and a slug nobody has a 404.

export type Placed = RequestLeague | { answer: Response };

const ROOT_ONLY: ReadonlySet<string> = new Set<string>(DEPLOYMENT_PAGES);
// React Router's own: the route manifest a browser asks for as it navigates.
const ROUTER_PATHS = new Set(["/__manifest"]);

const isApi = (rest: string) => rest === "/api" || rest.startsWith("/api/");

/** True for an /api path at the root or under a league. */
export const isApiPath = (pathname: string) => isApi(pathname.replace(/^\/l\/[^/]+/, ""));

/** A root path that is the deployment's, not a league's: `/login`, `/login.data`, `/leagues/…`, the manifest. */
function isDeploymentPath(pathname: string): boolean {
  if (ROUTER_PATHS.has(pathname)) return true;
  const first = pathname.split("/")[1] ?? "";
  return ROOT_ONLY.has(first.endsWith(".data") ? first.slice(0, -".data".length) : first);
}

function redirect(request: Request, location: string): Placed {
  // A write keeps its method and body (308); a read is moved for good (301).
  const status = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
  return { answer: new Response(null, { status, headers: { Location: location } }) };
}

function notFound(request: Request, api: boolean): Placed {
  if (!api) return { league: null, missing: true, api };
  return { answer: withRequestId(errorResponse(request, "not_found", "Not found"), requestIdOf(request)) };
}

/** The deployment's pages placed in the league their signed link names: mail's unsubscribe, a message's off (ADR 49). */
const LINKED_PAGES: ReadonlySet<string> = new Set(["/unsubscribe", "/unsubscribe.data", "/messages/off", "/messages/off.data"]);

/** The league id an unsubscribe or message-off page's link names (`/unsubscribe?…&l={id}`), or null. */
function unsubscribeLeague(path: string, params: URLSearchParams): number | null {
  if (!LINKED_PAGES.has(path)) return null;
  const named = params.getAll("l");
  return named.length === 1 && /^[1-9]\d{0,15}$/.test(named[0] ?? "") ? Number(named[0]) : null;
}

/** The request's league from its path, or the answer it gets instead (a redirect, an /api 404). */
export async function placeRequest(request: Request, env: Env): Promise<Placed> {
  const url = new URL(request.url);
  const path = url.pathname;
  if (!path.startsWith("/l/")) {
    const api = isApi(path);
    // The unsubscribe page (and a message's off page) is the deployment's (its address the same for every league), but
    // what it changes is the league's its link names (`l`, signed with the user): the request
    // is placed in that league, under its guard. A link without one is the default league's.
    const linked = unsubscribeLeague(path, url.searchParams);
    if (linked !== null) {
      const row = await leagueById(env.DB, linked);
      if (row) return { league: leagueOf(row, env), missing: false, api };
    }
    const row = await defaultLeague(env.DB);
    // A deployment page gets the default league too, where there is one: its frame names it.
    if (row || (!api && isDeploymentPath(path))) return { league: row && leagueOf(row, env), missing: false, api };
    // No default league: the root's front door is the list of leagues.
    if (path === "/" && (request.method === "GET" || request.method === "HEAD")) {
      return { answer: new Response(null, { status: 302, headers: { Location: "/leagues" } }) };
    }
    return notFound(request, api);
  }
  let segment = path.slice(3).split("/")[0] ?? "";
  let rest = path.slice(3 + segment.length);
  // A league home's data request: `/l/{slug}.data`.
  if (rest === "" && segment.endsWith(".data")) {
    segment = segment.slice(0, -".data".length);
    rest = ".data";
  }
  const api = isApi(rest);
  const slug = segment.toLowerCase();
  if (!isSlug(slug)) return notFound(request, api);
  if (slug !== segment) return redirect(request, `/l/${slug}${rest}${url.search}`);
  const row = await leagueBySlug(env.DB, slug);
  if (!row) return notFound(request, api);
  if (row.isDefault) return redirect(request, `${rest === "" ? "/" : rest === ".data" ? "/_.data" : rest}${url.search}`);
  return { league: leagueOf(row, env), missing: false, api };
}
