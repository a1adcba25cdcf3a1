// The app's service worker, scope "/" (ADR 26, "The phone"; ADR 49, the app on the Home Screen).
//
// The scoring page: a phone that lost its signal can reload its card. The scoring page
// registers the worker and hands it the page's own address and its built assets; a
// navigation to a scoring page goes to the network first and falls back to the copy kept
// here; built assets (their names change with each build) come from here.
//
// A player's own pages (ADR 49): their home (`/`, `/rounds`, a league's `/l/{slug}`), which
// shows their next round and its card, and a round's page (`/rounds/{id}`), which shows their
// card, check-in and what they owe. A navigation to one goes to the network first; without
// a signal it gets the copy kept here, else a small page that says "You are offline". Those
// pages are private: a copy is kept per user (cache `league-pages-u{id}`) and served only
// while the worker's current user is that user. The page says who that is: /pwa.js posts
// `{ type: "user", id }` (0 for a visitor) as each document loads, and only then is the
// response that document came in kept, under that id; a visitor's pages are never kept.
// A document that loaded before the worker controlled it (the first visit) is fetched
// again once, to be kept. Only whole documents are kept: a page reached inside the app
// (React Router's .data) is not, until it is loaded or reloaded as a document.
//
// The copies are the logged-in user's own: a post that logs out, or logs anyone in (a
// session that lapsed never logged out), forgets every kept page, the scoring page's and
// every user's; the built assets stay.
//
// Push (ADR 49): a push message's JSON `{ title, body, url, tag, off }` is shown as a
// notification; a click opens its URL (only this origin's: anything else opens "/"); its
// "Turn these off" action posts the one-click `off` link (this origin's only) and opens nothing.
//
// Nothing else is touched: every other request goes to the network as if there were no worker.
const CACHE = "league-scoring-v1";
/** A user's kept pages: this, then their id. */
const PAGES = "league-pages-u";
/** The worker's own facts across restarts: who its current user is, which build its assets are. */
const STATE = "league-worker-state";
const USER_KEY = "/__worker/user";
const BUILD_KEY = "/__worker/build";
// A league's pages and /api are at the root (the default league) or under /l/{slug} (ADR 46):
// the slug's pattern is app/lib/shared/league-url.ts's. Log in, register and log out are the
// deployment's, at the root only; the admin's login is a league's page.
const LEAGUE = "(?:/l/[a-z0-9]+(?:-[a-z0-9]+)*)?";
const SCORING = new RegExp(String.raw`^${LEAGUE}/rounds/\d+/score$`);
/** The player's home (with or without its league's slug, `/rounds` too) and a round's page. */
const PLAYER_PAGE = new RegExp(String.raw`^${LEAGUE}(?:/|/rounds(?:/\d+)?)?$`);
const SESSION_CHANGE = new RegExp(
  String.raw`^/(logout|login|register)(\.data)?$|^${LEAGUE}/admin/login(\.data)?$|^${LEAGUE}/api/(users/(login|register|logout|logout-everywhere)|admin/login)$`,
);
const ICON = "/icons/icon-192.png";
const BADGE = "/icons/badge-96.png";
/** What a push whose payload cannot be read shows: the browser insists that every push shows something. */
const GENERIC = { title: "New message from your league", body: "", url: "/", tag: undefined };

const isAsset = (pathname) => pathname.startsWith("/assets/");

// --- Who the current user is ----------------------------------------------------------

/** The current user's id, 0 for a visitor, null when unknown (since a session changed). */
let current;

async function currentUser() {
  if (current !== undefined) return current;
  const hit = await (await caches.open(STATE)).match(USER_KEY);
  const id = hit ? Number(await hit.text()) : Number.NaN;
  current = Number.isSafeInteger(id) && id >= 0 ? id : null;
  return current;
}

async function setCurrentUser(id) {
  current = id;
  const state = await caches.open(STATE);
  if (id === null) await state.delete(USER_KEY);
  else await state.put(USER_KEY, new Response(String(id)));
}

/** Every user's kept pages but `keep`'s (a user id, or none). */
async function forgetUsersPages(keep) {
  for (const name of await caches.keys()) {
    if (name.startsWith(PAGES) && name !== `${PAGES}${keep}`) await caches.delete(name);
  }
}

/** Every kept page (the scoring page's and every user's) and who the user was; the built assets stay. */
const forgetPages = async () => {
  pending.clear();
  await setCurrentUser(null);
  await forgetUsersPages(null);
  const cache = await caches.open(CACHE);
  for (const req of await cache.keys()) {
    if (!isAsset(new URL(req.url).pathname)) await cache.delete(req);
  }
};

// --- A player's pages -----------------------------------------------------------------

/** Where a page is kept: its path and query. */
const keyOf = (url) => url.pathname + url.search;

/**
 * The documents that came in and wait for their page to say whose they are: by the id of
 * the window they load into. In memory only: a worker stopped meanwhile keeps nothing.
 */
const pending = new Map();

function hold(clientId, key, response) {
  pending.set(clientId, { key, response });
  // A few at most: one per tab that is loading.
  while (pending.size > 8) pending.delete(pending.keys().next().value);
}

/** Keeps `response` as `key` among user `id`'s pages. */
async function keep(id, key, response) {
  const cache = await caches.open(`${PAGES}${id}`);
  await cache.put(key, response);
}

/** The current user's copy of the page, if they have one. */
async function keptPage(url) {
  const id = await currentUser();
  if (!id || !(await caches.has(`${PAGES}${id}`))) return undefined;
  const cache = await caches.open(`${PAGES}${id}`);
  return (
    (await cache.match(keyOf(url), { ignoreVary: true })) ?? (await cache.match(url.pathname, { ignoreVary: true, ignoreSearch: true }))
  );
}

/** The page's league's home: `/l/{slug}` under a league, else the root. */
const homeOf = (url) => /^\/l\/[a-z0-9]+(?:-[a-z0-9]+)*/.exec(url.pathname)?.[0] ?? "/";

/** What a page with no kept copy shows without a signal: self-contained, no script. */
function offlinePage(url) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#064e3b"><title>You are offline</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f6f7f5;color:#0f172a}main{max-width:32rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.75rem;margin:0 0 .5rem}p{line-height:1.5}a{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1rem;border-radius:.375rem;background:#065f46;color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #059669;outline-offset:2px}</style></head>
<body><main><h1>You are offline</h1><p>This page has not been kept on this device. It will open once you have a connection again.</p>
<p><a href="${homeOf(url)}">Go to the home page</a></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    },
  });
}

/** The page says who it was rendered for: keep the document it came in, under that user. */
async function pageSaysUser(id, client) {
  const before = await currentUser();
  // Another login than the last without a post the worker saw (a session that lapsed and a
  // login in another way): the earlier user's pages go.
  if (id > 0 && before !== null && before > 0 && before !== id) await forgetUsersPages(id);
  await setCurrentUser(id);
  const held = client ? pending.get(client.id) : undefined;
  if (client) pending.delete(client.id);
  if (id === 0) return;
  if (held) return keep(id, held.key, held.response);
  // Loaded before the worker controlled it (the first visit): fetched again, once.
  const url = client ? new URL(client.url) : null;
  if (!url || url.origin !== self.location.origin || !PLAYER_PAGE.test(url.pathname)) return;
  const response = await fetch(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
  if (response.ok && !response.redirected && (await currentUser()) === id) await keep(id, keyOf(url), response);
}

// --- Push -----------------------------------------------------------------------------

/** A URL to open: this origin's, absolute; anything else (another site, not a URL) is the home page. */
function openableUrl(url) {
  try {
    const u = new URL(typeof url === "string" && url ? url : "/", self.location.origin);
    if (u.origin === self.location.origin) return u.href;
  } catch {}
  return new URL("/", self.location.origin).href;
}

/** What a push message shows: its JSON's title, body, url and tag, or the generic words. */
function notificationOf(data) {
  let payload = null;
  try {
    payload = data ? data.json() : null;
  } catch {}
  if (!payload || typeof payload !== "object" || typeof payload.title !== "string" || !payload.title.trim()) {
    return { ...GENERIC, url: openableUrl(GENERIC.url) };
  }
  return {
    title: payload.title,
    body: typeof payload.body === "string" ? payload.body : "",
    url: openableUrl(payload.url),
    tag: typeof payload.tag === "string" && payload.tag ? payload.tag : undefined,
    off: sameOrigin(payload.off),
  };
}

/** `url` if it is this origin's, else null. */
function sameOrigin(url) {
  try {
    const u = new URL(url, self.location.origin);
    if (u.origin === self.location.origin) return u.href;
  } catch {}
  return null;
}

self.addEventListener("push", (event) => {
  const n = notificationOf(event.data);
  event.waitUntil(
    self.registration.showNotification(n.title, {
      body: n.body,
      tag: n.tag,
      data: { url: n.url, off: n.off ?? null },
      actions: n.off ? [{ action: "off", title: "Turn these off" }] : [],
      icon: ICON,
      badge: BADGE,
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const off = sameOrigin(event.notification.data?.off);
  if (event.action === "off" && off) {
    // The mail's one-click (RFC 8058): the link's signature is its authority.
    const body = "List-Unsubscribe=One-Click";
    event.waitUntil(
      fetch(off, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body }).catch(() => undefined),
    );
    return;
  }
  const url = openableUrl(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

// --- The worker -----------------------------------------------------------------------

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Keeps this build's assets (and any page the scoring page names); an earlier build's go. */
async function cacheUrls(urls, build) {
  const mine = urls.filter((u) => typeof u === "string" && new URL(u, self.location.origin).origin === self.location.origin);
  const current = new Set(mine.map((u) => new URL(u, self.location.origin).pathname));
  const cache = await caches.open(CACHE);
  await Promise.all(mine.map((u) => cache.add(u).catch(() => undefined)));
  // The page names its build (React Router's manifest version): another page of the same
  // build adds its own assets to those kept. A new build, or a page that names none, names
  // every asset to keep: an earlier build's (their names change) are dropped.
  const state = await caches.open(STATE);
  if (typeof build === "string" && build) {
    const was = await state.match(BUILD_KEY);
    if (was && (await was.text()) === build) return;
    await state.put(BUILD_KEY, new Response(build));
  }
  for (const req of await cache.keys()) {
    const path = new URL(req.url).pathname;
    if (isAsset(path) && !current.has(path)) await cache.delete(req);
  }
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data?.type === "user" && Number.isSafeInteger(data.id) && data.id >= 0) {
    event.waitUntil(pageSaysUser(data.id, event.source).catch(() => undefined));
    return;
  }
  const urls = data?.type === "cache" && Array.isArray(data.urls) ? data.urls : [];
  event.waitUntil(cacheUrls(urls, data?.build).catch(() => undefined));
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
            caches.open(CACHE).then((cache) => cache.put(keyOf(url), copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .match(keyOf(url), { ignoreVary: true, cacheName: CACHE })
            .then((hit) => hit ?? caches.match(url.pathname, { ignoreVary: true, ignoreSearch: true, cacheName: CACHE }))
            .then((hit) => hit ?? offlinePage(url)),
        ),
    );
  } else if (request.mode === "navigate" && PLAYER_PAGE.test(url.pathname)) {
    const clientId = event.resultingClientId;
    event.respondWith(
      fetch(request)
        .then((response) => {
          // Held until the page says whose it is (a redirect, an error page: never kept).
          if (response.ok && response.type === "basic" && clientId) hold(clientId, keyOf(url), response.clone());
          return response;
        })
        .catch(() => keptPage(url).then((hit) => hit ?? offlinePage(url))),
    );
  } else if (isAsset(url.pathname)) {
    event.respondWith(caches.match(request, { ignoreVary: true, cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
  }
});
