import { apiInLeagues, handLeague } from "./api";
import { withinBodyLimit } from "./body-limit";
import { errorResponse } from "./api/errors";
import { isForeignCookieWrite } from "./origin";
import { requestIdOf, sameRequest, withRequestId } from "./request-id";
import { leagueTag } from "~/.server/cache-tags";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { ERROR_STATUS, type ErrorCode } from "~/.server/errors";
import { isApiPath } from "./league-path";
import { leagueIdOf } from "./request-scope";
import type { RequestScope } from "~/context";

// Step "route": cross-site and oversized writes are refused before any route sees them;
// the rest goes to the /api (Hono) or to the pages (React Router).

export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext, scope: RequestScope) => Promise<Response>;

/** A refusal before any route: the /api's error envelope (ADR 43) for an /api path, plain text for a page. */
function refusal(request: Request, isApi: boolean, code: ErrorCode, error: string): Response {
  return isApi
    ? errorResponse(request, code, error)
    : new Response(error, { status: ERROR_STATUS[code], headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function route(request: Request, env: Env, ctx: ExecutionContext, scope: RequestScope, pages: PageHandler): Promise<Response> {
  const isApi = scope.place?.api ?? isApiPath(new URL(request.url).pathname);
  if (isForeignCookieWrite(request, env.APP_URL)) return refusal(request, isApi, "forbidden", "Cross-site request refused");
  const limited = await withinBodyLimit(request);
  if ("tooLarge" in limited) {
    return refusal(request, isApi, "payload_too_large", `Request body too large (the limit is ${limited.limit / 1024} KB)`);
  }
  const leagueId = scope.place ? leagueIdOf(scope.place) : DEFAULT_LEAGUE_ID;
  if (!isApi) return withLeagueTags(await pages(limited, env, ctx, scope), leagueId);
  // Every /api answer names its request, success or not (ADR 43); its league is the path's.
  const apiRequest = sameRequest(request, limited);
  if (scope.place?.league) handLeague(apiRequest, scope.place.league);
  return withLeagueTags(withRequestId(await apiInLeagues.fetch(apiRequest, env, ctx), requestIdOf(request)), leagueId);
}

/**
 * The answer with its table tags qualified by the request's league (`rounds` → `l1:rounds`):
 * a write purges its own league's pages only (ADR 46). Routes name tables; the Worker alone
 * knows the league.
 */
export function withLeagueTags(response: Response, leagueId: number): Response {
  const tags = response.headers.get("Cache-Tag");
  if (!tags) return response;
  const out = new Response(response.body, response);
  out.headers.set(
    "Cache-Tag",
    tags
      .split(",")
      .filter(Boolean)
      .map((tag) => leagueTag(leagueId, tag))
      .join(","),
  );
  return out;
}
