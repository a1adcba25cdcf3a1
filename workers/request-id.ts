// Which request an answer belongs to (ADR 43): Cloudflare's own ray id when the request came
// through Cloudflare (it is in Cloudflare's logs too), else a random id. Kept per Request
// object, so the refusal, the error body, the X-Request-Id header and the log line of one
// request all carry the same id however many times it is asked for.

const ids = new WeakMap<Request, string>();

export const REQUEST_ID_HEADER = "X-Request-Id";

export function requestIdOf(request: Request): string {
  let id = ids.get(request);
  if (id === undefined) {
    id = request.headers.get("cf-ray") || crypto.randomUUID();
    ids.set(request, id);
  }
  return id;
}

/** `next` is the same request read again (its body buffered): it keeps `request`'s id. */
export function sameRequest(request: Request, next: Request): Request {
  ids.set(next, requestIdOf(request));
  return next;
}

/** The response with the request's id in its X-Request-Id header. */
export function withRequestId(response: Response, id: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, id);
    return response;
  } catch {
    // The headers of a response from fetch() (a Durable Object's socket) cannot change: copy once.
    const out = new Response(response.body, response);
    out.headers.set(REQUEST_ID_HEADER, id);
    return out;
  }
}
