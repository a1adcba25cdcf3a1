// The app's pages as the Worker serves them, inside vitest: a React Router server build made
// from app/routes.ts and the route modules themselves (the test Worker has no page build).
import {
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
  createRequestHandler,
} from "react-router";
import type { ServerBuild } from "react-router";
import routeConfig from "~/routes";
import * as root from "~/root";
import * as entryServer from "~/entry.server";
import type { PageHandler } from "../../workers/worker";
import { renderPages } from "../../workers/render-pages";

type ConfigRoute = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: ConfigRoute[] };
type RouteModule = Record<string, unknown>;

const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}", { eager: true });

/** A route module as React Router's Vite plugin hands it over: its components given their props. */
function asBuilt(mod: RouteModule): RouteModule {
  const out = { ...mod };
  if (typeof mod.default === "function") out.default = UNSAFE_withComponentProps(mod.default as never);
  if (typeof mod.ErrorBoundary === "function") out.ErrorBoundary = UNSAFE_withErrorBoundaryProps(mod.ErrorBoundary as never);
  if (typeof mod.HydrateFallback === "function") out.HydrateFallback = UNSAFE_withHydrateFallbackProps(mod.HydrateFallback as never);
  return out;
}
const moduleOf = (file: string): RouteModule => {
  const mod = modules[`../../app/${file}`];
  if (!mod) throw new Error(`no route module ${file}`);
  return asBuilt(mod);
};

/** Every route of app/routes.ts, flat, with the id React Router gives it. */
export type PageRoute = { id: string; parentId: string; path: string | undefined; index: boolean; file: string; module: RouteModule };

function flatten(list: ConfigRoute[], parentId: string, out: PageRoute[]): PageRoute[] {
  for (const r of list) {
    const id = r.id ?? r.file.replace(/\.[jt]sx?$/, "");
    out.push({ id, parentId, path: r.path, index: r.index ?? false, file: r.file, module: moduleOf(r.file) });
    if (r.children) flatten(r.children, id, out);
  }
  return out;
}

export const PAGE_ROUTES: PageRoute[] = flatten(routeConfig as ConfigRoute[], "root", []);

function build(): ServerBuild {
  const all = [{ id: "root", parentId: undefined, path: "", index: false, module: asBuilt(root) }, ...PAGE_ROUTES];
  const routes = Object.fromEntries(
    all.map((r) => [
      r.id,
      { id: r.id, parentId: r.parentId, path: r.path, index: r.index || undefined, caseSensitive: undefined, module: r.module },
    ]),
  );
  const assetRoutes = Object.fromEntries(
    all.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        path: r.path,
        index: r.index || undefined,
        module: `/assets/${r.id}.js`,
        imports: [],
        css: [],
        hasAction: typeof r.module.action === "function",
        hasLoader: typeof r.module.loader === "function",
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: typeof r.module.ErrorBoundary === "function",
      },
    ]),
  );
  return {
    entry: { module: entryServer as never },
    routes: routes as never,
    assets: {
      entry: { imports: [], module: "/assets/entry.client.js" },
      routes: assetRoutes as never,
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {} as never,
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as ServerBuild;
}

const requestHandler = createRequestHandler(build(), "production");

/** The Worker's page handler (workers/app.ts), on this build. */
export const pages: PageHandler = renderPages(requestHandler);
