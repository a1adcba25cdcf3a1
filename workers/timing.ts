import type { D1Observation } from "./d1-observer";
import type { CacheStatus, PageCacheMode } from "./page-cache";
import type { RequestScope } from "~/context";

// Step "timing": where the request's time went, as a Server-Timing header (browser dev
// tools show it; scripts/bench.mjs and the page-cache tests read it). Local servers only:
// deployed, its statement counts would tell anyone which branch a login or reset request
// took, and the platform's frozen clock makes its times moot.

const ms = (n: number | undefined) => (n ?? 0).toFixed(1);

/**
 * `app`: all of the Worker's time until the response starts (not the body streaming out:
 * a cache hit's nonce rewrite and a render's later chunks come after); `d1` statements
 * sent and the wall time spent waiting on D1, `d1calls` its calls (a batch is one), `d1rt`
 * the round trips on the request's critical path (calls in flight together count once, a
 * Durable Object's answer too; workers/d1-observer.ts);
 * `render`: React's render of the document, loader data included. The platform freezes
 * the clock while JavaScript runs, so in production only I/O would be measured.
 */
export function serverTiming(cache: CacheStatus | null, seen: D1Observation, scope: RequestScope, totalMs: number): string {
  return [
    ...(cache ? [`cache;desc="${cache}"`] : []),
    `app;dur=${ms(totalMs)}`,
    `d1;desc="${seen.queries}";dur=${ms(seen.waitMs)}`,
    `d1calls;desc="${seen.calls}"`,
    `d1rt;desc="${seen.roundTrips}"`,
    `render;desc="${scope.renders}";dur=${ms(scope.renderMs)}`,
  ].join(", ");
}

/** The response with its Server-Timing, on local servers (`PAGE_CACHE` `cache-api` or `off`). */
export function withServerTiming(
  response: Response,
  mode: PageCacheMode,
  cache: CacheStatus,
  seen: D1Observation,
  scope: RequestScope,
  startedAt: number,
): Response {
  if (mode === "workers-cache") return response;
  response.headers.set("Server-Timing", serverTiming(mode === "cache-api" ? cache : null, seen, scope, performance.now() - startedAt));
  return response;
}
