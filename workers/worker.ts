import { api } from "./api";
import { isForeignCookieWrite } from "./origin";
import { handleQueue } from "./queue/consumer";

type PageHandler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/** The Worker: /api/* to Hono, every other request to the page handler, and the queue consumer. */
export function createWorker(pages: PageHandler) {
  return {
    fetch(request, env, ctx) {
      const { pathname } = new URL(request.url);
      const isApi = pathname === "/api" || pathname.startsWith("/api/");
      if (isForeignCookieWrite(request, env.APP_URL)) {
        const error = { error: "Cross-site request refused", code: "forbidden" };
        const init = { status: 403, headers: { "Cache-Control": "private, no-store" } };
        return isApi ? Response.json(error, init) : new Response(error.error, init);
      }
      if (isApi) return api.fetch(request, env, ctx);
      return pages(request, env, ctx);
    },
    queue(batch, env) {
      return handleQueue(batch, env);
    },
  } satisfies ExportedHandler<Env, unknown>;
}
