// What the read walk reads of a response's Server-Timing (workers/timing.ts,
// docs/performance.md), and the round trips each kind of URL may take.

/**
 * The /api lists whose rows name accounts the request could not know before reading them
 * (claimants, payers, who checked an entry in): the accounts are read after the rows, by id,
 * a second trip (ADR 46: accounts are the deployment's, never joined to a league's rows).
 */
const NAMES_FOUND = [/^\/api\/claims$/, /^\/api\/admin\/payments\/all$/, /^\/api\/admin\/rounds\/\d+\/check-in$/];

/** What the gates hold a URL to: an /api GET answers in one round trip (two for the lists above), a page in two. */
export const isApi = (url: string) => url.startsWith("/api/");
export const tripBudget = (url: string) => (isApi(url) ? (NAMES_FOUND.some((p) => p.test(url.split("?")[0] ?? url)) ? 2 : 1) : 2);

/** The d1 numbers of a response's Server-Timing header (workers/timing.ts). */
export function tripsOf(serverTiming: string | null) {
  const desc = (name: string) => {
    const m = new RegExp(`(?:^|, )${name};desc="([^"]*)"`).exec(serverTiming ?? "");
    return m ? Number(m[1]) : null;
  };
  const cache = /(?:^|, )cache;desc="([^"]*)"/.exec(serverTiming ?? "")?.[1] ?? null;
  return { queries: desc("d1"), calls: desc("d1calls"), rt: desc("d1rt"), cache };
}
