// The bench's floor: a Worker that answers each case with the very bytes the app answered
// it (scripts/bench.mjs records them first): the same status, headers and body, streamed
// when the app streamed (no Content-Length), in one piece when it did not. It does no other
// work, so a case's ratio to it is what the app's own work costs.

type Recorded = { path: string; status: number; headers: [string, string][]; body: string; streamed: boolean };
declare const BARE_RESPONSES: Recorded[];

// Decoded once per isolate: the answer is bytes already, as a cached page is.
const answers = new Map(
  BARE_RESPONSES.map((r) => [r.path, { ...r, bytes: Uint8Array.from(atob(r.body), (c) => c.charCodeAt(0)) }] as const),
);

export default {
  fetch(request: Request): Response {
    const answer = answers.get(new URL(request.url).pathname);
    if (!answer) return new Response("No such case", { status: 404 });
    const body = answer.streamed
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(answer.bytes);
            controller.close();
          },
        })
      : answer.bytes;
    return new Response(body, { status: answer.status, headers: answer.headers });
  },
};
