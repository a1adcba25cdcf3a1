// Request bodies are small in this app (forms and JSON); a larger one is refused with 413
// before anything parses it. Routes that need more (a pasted score sheet) get their own
// limit here.

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Path prefixes allowed a larger body than the default, longest first. */
const LARGER_LIMITS: ReadonlyArray<readonly [prefix: string, bytes: number]> = [];

export function bodyLimitFor(pathname: string): number {
  return LARGER_LIMITS.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? DEFAULT_BODY_LIMIT;
}

export type TooLarge = { tooLarge: true; limit: number };

/**
 * The request with a body known to be within its limit, or TooLarge. A declared
 * Content-Length over the limit is refused unread; a body of unknown length (chunked)
 * is read up to the limit and handed on from memory.
 */
export async function withinBodyLimit(request: Request): Promise<Request | TooLarge> {
  if (!request.body) return request;
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && /^\d+$/.test(declared)) {
    return Number(declared) > limit ? { tooLarge: true, limit } : request;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Read on to the end without keeping it: the client is still sending it.
      while (!(await reader.read()).done);
      return { tooLarge: true, limit };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return new Request(request, { body });
}

/**
 * Reads whatever of the body the app left unread, discarding it. Answering without
 * reading the body makes workerd close the connection, and a client that pools its
 * sockets (the Vite dev server's proxy, Node's fetch) then fails its next request on that
 * socket ("fetch failed", a 500 from the proxy); draining first keeps every answer — 401,
 * 404, 413 — itself and the connection open.
 */
export async function drainBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  try {
    await request.body.pipeTo(new WritableStream());
  } catch {
    // Locked by a reader that stopped, or the client went away: nothing left to drain.
  }
}
