import { api } from "./api";
import { withinBodyLimit } from "./body-limit";
import { isForeignCookieWrite } from "./origin";
import type { RequestScope } from "~/context";

// Step "route": cross-site and oversized writes are refused before any route sees them;
// the rest goes to the /api (Hono) or to the pages (React Router).

export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext, scope: RequestScope) => Promise<Response>;

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

function refusal(isApi: boolean, status: number, error: string, code: string): Response {
  return isApi
    ? Response.json({ error, code }, { status })
    : new Response(error, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function route(request: Request, env: Env, ctx: ExecutionContext, scope: RequestScope, pages: PageHandler): Promise<Response> {
  const isApi = isApiPath(new URL(request.url).pathname);
  if (isForeignCookieWrite(request, env.APP_URL)) return refusal(isApi, 403, "Cross-site request refused", "forbidden");
  const limited = await withinBodyLimit(request);
  if ("tooLarge" in limited) {
    return refusal(isApi, 413, `Request body too large (the limit is ${limited.limit / 1024} KB)`, "payload_too_large");
  }
  return isApi ? api.fetch(limited, env, ctx) : pages(limited, env, ctx, scope);
}
