import { useEffect } from "react";

// The scoring page's copy for a phone without a signal (ADR 26, "The phone"): the page hands
// its service worker (public/sw.js) its own address and its built assets, and the worker
// keeps them. The copy is the logged-in scorer's own page, so it goes when they log out (and
// when anyone logs in: a session that lapsed never logged out): the worker forgets it on
// those posts, and Log out forgets it here first too.

/** The service worker's cache (public/sw.js: CACHE). */
const CACHE = "league-scoring-v1";
/** A user's own kept pages: this, then their id (public/sw.js: PAGES). */
const USER_PAGES = "league-pages-u";

/** This build's name (React Router's manifest version): the worker keeps every page's assets of one build. */
const buildVersion = () => (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;

/** Hands the service worker this page and its built assets, so a reload without a signal still shows the card. */
export function useOfflineCopy() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    // Log out's check of what waits, fetched now so that the copy holds it too.
    const check = import("~/components/live/logout-check").catch(() => undefined);
    void check
      .then(() => {
        const urls = [
          window.location.pathname + window.location.search,
          ...performance
            .getEntriesByType("resource")
            .map((e) => e.name)
            .filter((u) => u.startsWith(`${window.location.origin}/assets/`)),
        ];
        return navigator.serviceWorker
          .register("/sw.js")
          .then(() => navigator.serviceWorker.ready)
          .then((reg) => reg.active?.postMessage({ type: "cache", urls, build: buildVersion() }));
      })
      .catch(() => undefined);
  }, []);
}

/** Forgets every page the worker kept, the scoring page's and each user's own (ADR 49); its built assets stay: they hold nobody's data. */
export async function forgetKeptPages(): Promise<void> {
  if (typeof caches === "undefined") return;
  for (const name of await caches.keys()) {
    if (name.startsWith(USER_PAGES)) await caches.delete(name);
  }
  if (!(await caches.has(CACHE))) return;
  const cache = await caches.open(CACHE);
  for (const req of await cache.keys()) {
    if (!new URL(req.url).pathname.startsWith("/assets/")) await cache.delete(req);
  }
}
