// The test Worker: the real API and queue consumer, without the React Router server
// build (pages are covered by Playwright against the built app).
import { createWorker } from "../workers/worker";

export default createWorker(async () => new Response("Pages are not part of the vitest worker", { status: 404 }));
