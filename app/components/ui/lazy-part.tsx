import { type ComponentType, type ReactNode, Suspense, lazy } from "react";

/**
 * A part of a public page that only admins or signed-in players see, fetched when first
 * rendered instead of with the page: an anonymous first visit (the client budget, ADR 24,
 * scripts/check-budgets.mjs) never downloads it. Declare it beside its one user, so a page
 * loads only its own. The server renders it in full; in the browser its HTML stays until
 * the code arrives, then hydrates. `fallback` shows only when a client-side navigation
 * renders one before its code is there.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode = () => null) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
