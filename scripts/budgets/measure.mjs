// The client budgets (ADR 24) as pure functions over React Router's build manifest, so a
// test can feed them a made-up build (scripts/budgets/measure.test.mjs). The CLI that reads
// the real build is scripts/check-budgets.mjs.

export const JS_BUDGET = 130 * 1024;
export const CSS_BUDGET = 15 * 1024;

/**
 * The pages an anonymous visitor can open, from the route config (app/routes.ts), so a page
 * added later is measured without editing a list. Left out: admin pages (path under admin/),
 * resource routes (no component: logout, the CSV download) and pages whose `loader` calls
 * requireUser/requireAdmin (they send an anonymous visitor to log in: /profile, /welcome).
 * `source(file)` gives a route module's text (file as written in app/routes.ts).
 */
export function publicPages(routeConfig, manifest, source) {
  const pages = [];
  const walk = (routes) => {
    for (const r of routes) {
      const id = r.id ?? r.file.replace(/\.[^.]+$/, "");
      const path = r.index ? "/" : `/${r.path ?? ""}`;
      const entry = manifest.routes[id];
      if (!entry) throw new Error(`route ${id} (${r.file}) is not in the build's manifest: rebuild`);
      // A league's copy of an admin page (/l/:league/admin/…) is an admin page too (ADR 46).
      const admin = /^(\/l\/:league)?\/admin(\/|$)/.test(path);
      if (!admin && entry.hasDefaultExport && !loaderNeedsLogin(source(r.file))) pages.push({ id, path });
      if (r.children) walk(r.children);
    }
  };
  walk(routeConfig);
  return pages;
}

/** Whether a route module's exported `loader` calls a guard that needs a session. */
export function loaderNeedsLogin(text) {
  const loader = /^export (?:async )?function loader\b[\s\S]*?^}/m.exec(text)?.[0] ?? "";
  return /\brequire(?:User|Admin)\(/.test(loader);
}

/**
 * What a first visit to a route downloads: the entry, the root and the route modules with
 * every chunk they import (React Router preloads them all), and their CSS. The manifest
 * file itself only when lazy route discovery is off: with it on (the default when
 * rendering on the server) the page's part of the manifest is inlined in the HTML.
 */
export function firstVisitAssets(manifest, routeId, { lazyDiscovery = true } = {}) {
  const chain = [manifest.entry, manifest.routes.root];
  for (let r = manifest.routes[routeId]; r && r.id !== "root"; r = manifest.routes[r.parentId]) chain.splice(2, 0, r);
  const js = new Set([...(lazyDiscovery ? [] : [manifest.url]), ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])])]);
  const css = new Set(chain.flatMap((r) => r.css ?? []));
  return { js: [...js], css: [...css] };
}

/** Each page's gzipped JS and CSS against the budgets; `gzSize(url)` gives one asset's size. */
export function checkPages(manifest, pages, gzSize, { lazyDiscovery = true, js = JS_BUDGET, css = CSS_BUDGET } = {}) {
  return pages.map(({ id, path }) => {
    const assets = firstVisitAssets(manifest, id, { lazyDiscovery });
    const jsBytes = assets.js.reduce((sum, url) => sum + gzSize(url), 0);
    const cssBytes = assets.css.reduce((sum, url) => sum + gzSize(url), 0);
    return { id, path, jsBytes, cssBytes, over: jsBytes > js || cssBytes > css };
  });
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
