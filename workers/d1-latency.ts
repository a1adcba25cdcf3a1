import { pageCacheMode } from "./page-cache";

// D1_LATENCY_MS delays each D1 call of a request by that many milliseconds (in the observer,
// workers/d1-observer.ts), so a local server shows what a page's round trips cost when D1
// is a region away: `D1_LATENCY_MS=50 npm start` or `npm run bench` (docs/performance.md).
// Only a local server honours it: where the page cache is the production Workers Cache
// (ADR 11) the variable is ignored, and said so once per isolate, so a stray setting can
// never slow the league down. `npm run test:deploy` refuses a config that sets it.

type LatencyEnv = { PAGE_CACHE?: string; D1_LATENCY_MS?: string };

const MAX_MS = 10_000;
let told = false;

function tellOnce(message: string) {
  if (told) return;
  told = true;
  console.warn(message);
}

/** The delay each D1 call of a request waits before it is sent: 0 unless asked for, and locally. */
export function d1LatencyMs(env: LatencyEnv): number {
  const asked = env.D1_LATENCY_MS?.trim();
  if (!asked) return 0;
  if (pageCacheMode(env) === "workers-cache") {
    tellOnce("D1_LATENCY_MS is set but ignored: it is honoured only by a local server (PAGE_CACHE cache-api or off).");
    return 0;
  }
  const ms = Number(asked);
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_MS) {
    tellOnce(`D1_LATENCY_MS=${asked} is ignored: give whole milliseconds from 0 to ${MAX_MS}.`);
    return 0;
  }
  return ms;
}

/** For the tests: the next ignored setting is told again. */
export function forgetLatencyWarning() {
  told = false;
}
