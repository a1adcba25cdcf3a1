import type { Plugin } from "vite";

/**
 * Vite wraps each dynamic import in the browser build with a preload helper (~0.9 KB
 * gzipped, and every page with a lazy part loads it). With `modulePreload: false` its only
 * remaining work is a lazy chunk's CSS, which this app never has (one stylesheet, from the
 * root); this stand-in does just that in a few lines (issue 12's client budget).
 */
export function smallPreloadHelper(): Plugin {
  const id = "\0vite/preload-helper.js";
  return {
    name: "league:small-preload-helper",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (source) => (source === id ? id : undefined),
    load: (source) =>
      source === id
        ? `export const __vitePreload = (load, deps) => Promise.all((deps ?? []).filter((d) => d.endsWith(".css")).map((d) => new Promise((ok, fail) => {
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: "/" + d, onload: ok, onerror: fail });
  document.head.append(link);
}))).then(() => load());`
        : undefined,
  };
}
