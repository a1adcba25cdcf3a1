// What the read walk reads of a response's Server-Timing (workers/timing.ts,
// docs/performance.md), and the round trips each kind of URL may take.

/** What the gates hold a URL to: an /api GET answers in one round trip, a page in two. */
export const isApi = (url: string) => url.startsWith("/api/");
export const tripBudget = (url: string) => (isApi(url) ? 1 : 2);

/** The d1 numbers of a response's Server-Timing header (workers/timing.ts). */
export function tripsOf(serverTiming: string | null) {
  const desc = (name: string) => {
    const m = new RegExp(`(?:^|, )${name};desc="([^"]*)"`).exec(serverTiming ?? "");
    return m ? Number(m[1]) : null;
  };
  const cache = /(?:^|, )cache;desc="([^"]*)"/.exec(serverTiming ?? "")?.[1] ?? null;
  return { queries: desc("d1"), calls: desc("d1calls"), rt: desc("d1rt"), cache };
}
