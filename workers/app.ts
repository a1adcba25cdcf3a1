import { WorkerEntrypoint } from "cloudflare:workers";
import { RouterContextProvider, createRequestHandler } from "react-router";
import { createWorker } from "./worker";
import { type SessionRecheck, cloudflareContext, requestScopeContext, sessionRecheckContext } from "~/context";

export { LiveRound } from "./live/live-round";

// Built once per isolate; each request gets its own router context.
const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const worker = createWorker(
  async (request, env, ctx, scope) => {
    const render = (recheck: SessionRecheck) => {
      const context = new RouterContextProvider();
      context.set(cloudflareContext, { env, ctx });
      context.set(requestScopeContext, scope);
      context.set(sessionRecheckContext, recheck);
      return requestHandler(request, context);
    };
    // A page rendered on a session hint the session's row did not confirm is rendered
    // again on the row (ADR 41). Running it twice is safe: a page read never writes, and a
    // form's action had its effects refused at the request's gate the first time (ADR 42).
    const first: SessionRecheck = { again: false };
    const response = await render(first);
    return first.again ? render({ again: false, verified: first.verified }) : response;
  },
  { dev: import.meta.env.DEV },
);

export default { fetch: worker.fetch, queue: worker.queue, scheduled: worker.scheduled } satisfies ExportedHandler<Env, unknown>;

/**
 * The app as Workers Cache sees it (ADR 11): wrangler.toml turns the cache on for this
 * entrypoint only. The default entrypoint, which always runs, sends it anonymous reads;
 * what it answers `public` is cached by tag, and `purge` drops tags after a write.
 */
export class CachedPages extends WorkerEntrypoint<Env> {
  override fetch(request: Request): Promise<Response> {
    return worker.render(request, this.env, this.ctx);
  }

  async purge(tags: string[]): Promise<void> {
    // ctx.cache exists only where the platform supplies it (not in local runtimes).
    const cache = this.ctx.cache;
    if (typeof cache?.purge !== "function") return;
    const result = await cache.purge({ tags });
    if (!result.success) console.error("Workers Cache purge failed", JSON.stringify(result.errors));
  }
}
