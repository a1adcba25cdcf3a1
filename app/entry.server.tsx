import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { requestScopeContext } from "./context";

// Caching and security headers (CSP included) are set for every response in one place,
// workers/response-policy.ts; here the document's inline scripts get the request's nonce.
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const scope = loadContext.get(requestScopeContext);
  scope.renders += 1;
  const { nonce } = scope;
  let shellRendered = false;
  const started = performance.now();
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    signal: request.signal,
    onError(error: unknown) {
      responseStatusCode = 500;
      // Errors after the shell are streamed to the client; log them once here.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;
  // Without Suspense the shell is the whole page: this is the render, loader data included.
  scope.renderMs = (scope.renderMs ?? 0) + performance.now() - started;

  // Crawlers get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
