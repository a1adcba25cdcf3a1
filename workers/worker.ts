import { api } from "./api";
import { handleQueue } from "./queue/consumer";

type PageHandler = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/** The Worker: /api/* to Hono, every other request to the page handler, and the queue consumer. */
export function createWorker(pages: PageHandler) {
  return {
    fetch(request, env, ctx) {
      const { pathname } = new URL(request.url);
      if (pathname === "/api" || pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
      return pages(request, env, ctx);
    },
    queue(batch, env) {
      return handleQueue(batch, env);
    },
  } satisfies ExportedHandler<Env, unknown>;
}
