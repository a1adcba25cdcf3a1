import { env } from "cloudflare:workers";
import type { FollowUp } from "~/.server/follow-ups";
import { runAfterWrite } from "../workers/after-write";
import { testDb } from "./fixtures";

/**
 * Runs what a service's write left for after it (ADR 44), as the Worker's runner does after
 * a request: a test that calls a service directly, not through a route, runs them itself.
 * The test's D1 is not behind a page cache: nothing to purge.
 */
export async function afterWrite(done: { followUps: readonly FollowUp[] } | readonly FollowUp[]): Promise<void> {
  const followUps = Array.isArray(done) ? done : (done as { followUps: readonly FollowUp[] }).followUps;
  await runAfterWrite({ db: testDb(), jobs: env.JOBS, purge: async () => undefined }, followUps);
}
