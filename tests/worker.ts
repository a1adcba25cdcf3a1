// The test Worker: the real API and queue consumer, without the React Router server
// build (pages are covered by Playwright against the built app).
import { createWorker } from "../workers/worker";

const worker = createWorker(async () => new Response("Pages are not part of the vitest worker", { status: 404 }));

export default { fetch: worker.fetch, queue: worker.queue, scheduled: worker.scheduled } satisfies ExportedHandler<Env, unknown>;

// vitest's main must export every Durable Object class the config binds (ADR 26).
export { LiveRound } from "../workers/live/live-round";
