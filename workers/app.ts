import { WorkerEntrypoint } from "cloudflare:workers";
import { createRequestHandler } from "react-router";
import { renderPages } from "./render-pages";
import { createWorker } from "./worker";

export { LiveRound } from "./live/live-round";

// Built once per isolate; each request gets its own router context.
const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

const worker = createWorker(renderPages(requestHandler), { dev: import.meta.env.DEV });

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
