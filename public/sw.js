// The scoring page's service worker (ADR 26, "The phone"): a phone that lost its signal can
// reload its card. The scoring page registers it and hands it the page's own address and
// its built assets; a navigation to a scoring page goes to the network first and falls back
// to the copy kept here; built assets (their names change with each build) come from here.
// The copy is the logged-in scorer's own page: a post that logs out, or logs anyone in (a
// session that lapsed never logged out), forgets every kept page; the built assets stay.
// Nothing else is touched: every other request goes to the network as if there were no worker.
const CACHE = "league-scoring-v1";
// A league's pages and /api are at the root (the default league) or under /l/{slug} (ADR 46):
// the slug's pattern is app/lib/shared/league-url.ts's. Log in, register and log out are the
// deployment's, at the root only; the admin's login is a league's page.
const LEAGUE = String.raw`(?:/l/[a-z0-9]+(?:-[a-z0-9]+)*)?`;
const SCORING = new RegExp(String.raw`^${LEAGUE}/rounds/\d+/score$`);
const SESSION_CHANGE = new RegExp(
  String.raw`^/(logout|login|register)(\.data)?$|^${LEAGUE}/admin/login(\.data)?$|^${LEAGUE}/api/(users/(login|register|logout|logout-everywhere)|admin/login)$`,
);

const forgetPages = () =>
  caches.open(CACHE).then(async (cache) => {
    for (const req of await cache.keys()) {
      if (!new URL(req.url).pathname.startsWith("/assets/")) await cache.delete(req);
    }
  });

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("message", (event) => {
  const urls = event.data?.type === "cache" && Array.isArray(event.data.urls) ? event.data.urls : [];
  const mine = urls.filter((u) => typeof u === "string" && new URL(u, self.location.origin).origin === self.location.origin);
  // The page names this build's assets: an earlier build's (their names change) are dropped.
  const current = new Set(mine.map((u) => new URL(u, self.location.origin).pathname));
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await Promise.all(mine.map((u) => cache.add(u).catch(() => undefined)));
      for (const req of await cache.keys()) {
        const path = new URL(req.url).pathname;
        if (path.startsWith("/assets/") && !current.has(path)) await cache.delete(req);
      }
    }),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && SESSION_CHANGE.test(url.pathname)) {
    // The post itself goes to the network untouched; forgetting takes milliseconds.
    event.waitUntil(forgetPages().catch(() => undefined));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate" && SCORING.test(url.pathname)) {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(url.pathname + url.search, copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .match(url.pathname + url.search, { ignoreVary: true })
            .then((hit) => hit ?? caches.match(url.pathname, { ignoreVary: true, ignoreSearch: true }))
            .then((hit) => hit ?? Response.error()),
        ),
    );
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then((hit) => hit ?? fetch(request)));
  }
});
