// The test Worker with a queue that records what a request enqueues (instead of running
// the job in the background): the ratings tests assert the job, then deliver it themselves.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import testWorker from "./worker";

/** `fail`: a queue that refuses every message, as one that is down would. */
export function recordingWorker(opts: { fail?: boolean } = {}) {
  const sent: unknown[] = [];
  const send = async (body: unknown) => {
    if (opts.fail) throw new Error("queue unavailable");
    sent.push(body);
  };
  const JOBS = { send, sendBatch: async () => {} } as unknown as Queue;
  const post = (path: string, token: string | null, body: unknown) =>
    testWorker.fetch(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
      { ...env, JOBS } as Env,
      createExecutionContext(),
    );
  return { sent, post };
}
