// Every internal URL is made here (ADR 46): a league's pages live under /l/{slug}/… and its
// /api under /l/{slug}/api/…, the default league's at the root as they always were, and
// the deployment's own pages (log in, profile…) at the root only. `npm run lint` refuses a
// literal app path anywhere else in app/ and workers/ (scripts/check-paths.mjs): a link
// written by hand would take a player of one league to another's pages.

/** The deployment's pages: at the root only, whichever league a visitor came from. */
export const DEPLOYMENT_PAGES = [
  "login",
  "register",
  "forgot-password",
  "reset-password",
  "logout",
  "profile",
  "welcome",
  "leagues",
  // The mail's way out: placed in the league its signed link names (workers/league-path.ts).
  "unsubscribe",
  // The operator's list of every league: suspend, hide (ADR 46).
  "operator",
  // Joining a league by its code, and accepting an invitation: the code or token names the league.
  "join",
  "invite",
  // What the leagues told the player (ADR 49), across their leagues; /messages/off turns a kind
  // off, placed in the league its signed link names, as /unsubscribe is.
  "messages",
] as const;
export type DeploymentPage = (typeof DEPLOYMENT_PAGES)[number];

/**
 * Words the root uses: never a league's slug. `new`: the page that starts a league is
 * `/leagues/new`, and a league named so would read as that page wherever a path is shortened.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["api", "l", "admin", "assets", "new", ...DEPLOYMENT_PAGES]);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug as stored: 3–40 of a-z and 0-9, single hyphens between them, and not a word the root uses. */
export function isSlug(slug: string): boolean {
  return slug.length >= 3 && slug.length <= 40 && SLUG.test(slug) && !RESERVED_SLUGS.has(slug);
}

/** What places a league's pages: its slug, and whether it is the deployment's default (at the root). */
export type LeagueAddress = { slug?: string; isDefault?: boolean };

/** The path a league's pages start with: "" for the default league, `/l/{slug}` for any other. */
export function leagueBase(league: LeagueAddress | null | undefined): string {
  return league?.slug && !league.isDefault ? `/l/${league.slug}` : "";
}

type AppPath = `/${string}`;
type DeploymentPath = `/${DeploymentPage}${"" | `?${string}` | `/${string}`}`;

/** A deployment page (`/login?redirectTo=…`): at the root, whichever league the page is in. */
export function rootHref(path: DeploymentPath): string {
  return path;
}

export type LeagueUrls = {
  /** A league page: `href("/rounds/3")` is `/l/second/rounds/3` in league `second`, `/rounds/3` in the default one. */
  href(path: AppPath): string;
  /** A league's /api: `apiUrl("/rounds")` is `/l/second/api/rounds`, or `/api/rounds`. */
  apiUrl(path: AppPath): string;
  /** A deployment page, absolute with an origin (mail links): see rootHref. */
  rootHref(path: DeploymentPath): string;
};

/**
 * The league a page's own path is in: what a browser's code outside React (the live
 * round's socket and outbox) builds its /api calls from. `/l/{slug}/…` is that league's; a
 * root path is the default league's.
 */
export function leagueOfPath(pathname: string): LeagueAddress {
  const slug = /^\/l\/([^/]+)/.exec(pathname)?.[1];
  return slug ? { slug, isDefault: false } : { isDefault: true };
}

/**
 * The URLs of `league`'s pages, relative (links, redirects, forms, fetches) or, with
 * `origin`, absolute (mail and calendar links).
 */
export function leagueUrls(league: LeagueAddress | null | undefined, origin = ""): LeagueUrls {
  const base = leagueBase(league);
  // A league's home is its base itself (`/l/second`, not `/l/second/`), a query and all.
  const home = (path: string) => base !== "" && (path === "/" || path.startsWith("/?") || path.startsWith("/#"));
  return {
    href: (path) => origin + base + (home(path) ? path.slice(1) : path),
    apiUrl: (path) => `${origin}${base}/api${path}`,
    rootHref: (path) => origin + path,
  };
}
