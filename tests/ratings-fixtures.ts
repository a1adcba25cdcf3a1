// The test Worker with a queue that records what a request enqueues (instead of running
// the job in the background): the ratings tests assert the job, then deliver it themselves.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import testWorker from "./worker";

export function recordingWorker() {
  const sent: unknown[] = [];
  const JOBS = { send: async (body: unknown) => void sent.push(body), sendBatch: async () => {} } as unknown as Queue;
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
