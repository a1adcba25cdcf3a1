import { RouterContextProvider, type createRequestHandler } from "react-router";
import type { PageHandler } from "./route";
import { type SessionRecheck, cloudflareContext, requestScopeContext, sessionRecheckContext } from "~/context";

/**
 * The Worker's page handler on a React Router request handler: each request gets its own
 * router context. A page rendered on a session hint the session's row did not confirm is
 * rendered again on the row (ADR 41). Running it twice is safe: a page read never writes, and
 * a form's action had its effects refused at the request's gate the first time (ADR 42).
 */
export function renderPages(requestHandler: ReturnType<typeof createRequestHandler>): PageHandler {
  return async (request, env, ctx, scope) => {
    const render = (recheck: SessionRecheck) => {
      const context = new RouterContextProvider();
      context.set(cloudflareContext, { env, ctx });
      context.set(requestScopeContext, scope);
      context.set(sessionRecheckContext, recheck);
      return requestHandler(request, context);
    };
    const first: SessionRecheck = { again: false };
    const response = await render(first);
    return first.again ? render({ again: false, verified: first.verified }) : response;
  };
}
