// Every document's word to the service worker (public/sw.js; ADR 49, the app on the Home
// Screen), loaded by the root (app/root.tsx) with `data-user`: the signed-in user's id, or 0.
// A signed-in user's page registers the worker (scope "/"), tells it who it was rendered
// for, so it keeps that user's own pages for offline use, and names this build's assets to
// keep with them. A visitor's page registers nothing; where a worker already runs, it tells
// it "a visitor" (0), so no user's kept pages are shown to this session offline.
// A plain script outside the build: no page's JavaScript grows for it (ADR 24).
(() => {
  const user = Number(document.currentScript?.dataset.user ?? 0) || 0;
  // Android and desktop Chromium offer to install the app as the page loads, before the
  // home page's code is there to show its button: the offer is kept for it (app/components/players/install-hint.tsx).
  addEventListener("beforeinstallprompt", (event) => {
    window.leagueInstallPrompt = event;
    dispatchEvent(new Event("league-install-prompt"));
  });
  const sw = navigator.serviceWorker;
  if (!sw || (!user && !sw.controller)) return;
  const tell = () => {
    const ready = user ? sw.register("/sw.js").then(() => sw.ready) : sw.ready;
    ready
      .then((registration) => {
        const worker = registration.active;
        if (!worker) return;
        worker.postMessage({ type: "user", id: user });
        if (!user) return;
        // The assets this page loaded (its lazy parts too, by now), so a kept copy opens offline.
        const urls = performance
          .getEntriesByType("resource")
          .map((e) => e.name)
          .concat(Array.from(document.querySelectorAll("link[rel=modulepreload], link[rel=stylesheet]"), (l) => l.href))
          .filter((u) => u.startsWith(`${location.origin}/assets/`));
        worker.postMessage({ type: "cache", urls: Array.from(new Set(urls)), build: window.__reactRouterManifest?.version });
      })
      .catch(() => undefined);
  };
  // After the page has loaded and its lazy parts came: nothing here competes with them.
  const later = () => setTimeout(tell, 1000);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
})();
