import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { sessionMiddleware, suspendedLeagueMiddleware } from "./.server/auth/guards";
import { type RootData, rootData } from "./.server/root-data";
import { servicesMiddleware } from "./.server/route-context";
import { Navbar } from "./components/layout/navbar";
import { ButtonLink } from "./components/ui/button";
import { PageHeader } from "./components/ui/page-header";
import displayFont from "@fontsource/barlow-condensed/files/barlow-condensed-latin-600-normal.woff2?url";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { SUSPENSION_MESSAGES } from "~/lib/leagues/suspension";
import { rootHref } from "~/lib/shared/league-url";

export const middleware: Route.MiddlewareFunction[] = [servicesMiddleware, sessionMiddleware, suspendedLeagueMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return rootData(context);
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  // The app on the Home Screen (ADR 49): public/manifest.webmanifest and public/icons, made
  // by scripts/make-app-icons.mjs.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  // The display font is on every page (headings, the wordmark): fetch it with the HTML.
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const user = useRouteLoaderData<RootData>("root")?.user?.id ?? 0;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The navbar's green (app/app.css: brand-900), and the Home Screen app on iOS (ADR 49). */}
        <meta name="theme-color" content="#064e3b" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="Disc Golf" />
        <Meta />
        <Links />
        {/* Tells the service worker who this page is for (public/pwa.js: outside the build, so no page's JS grows). */}
        <script src="/pwa.js" async data-user={user} />
      </head>
      <body className="min-h-screen bg-canvas text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

// The league's name alone; pages give their own "Page · League" (app/lib/shared/meta.ts), and
// an error that reaches the root says what went wrong.
export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const league = loaderData?.league?.name ?? "Disc Golf League";
  if (!error) return [{ title: league }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: `${notFound ? "Page not found" : "Something went wrong"} · ${league}` }];
};

/**
 * A league that takes no changes says so on every page: suspended (only its owner and the
 * operator open it, ADR 46) or closed by its owner (what it shows stays to read).
 */
function LeagueNotice() {
  const league = useRouteLoaderData<RootData>("root")?.league;
  const text = league?.suspended
    ? SUSPENSION_MESSAGES.banner
    : league?.closed
      ? `${league.name} is closed: its rounds, results and money stay here to read, and nothing can be changed.`
      : null;
  return text ? (
    <p role="status" className="mb-4 rounded-lg border border-warn-200 bg-warn-50 p-3 text-sm text-warn-800">
      {text}
    </p>
  ) : null;
}

/** The frame of every page, error pages included: skip link, navbar, main. */
function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface font-semibold focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:p-3"
      >
        Skip to content
      </a>
      <Navbar />
      <LoadingNotice />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 pb-12 pt-4 sm:pt-6">
        <LeagueNotice />
        {children}
      </main>
    </>
  );
}

function LoadingNotice() {
  const navigation = useNavigation();
  return (
    <div aria-live="polite" className="mx-auto h-0 max-w-6xl px-4">
      {navigation.state === "loading" ? <p className="py-1 text-sm text-muted">Loading Data...</p> : null}
    </div>
  );
}

/**
 * A signed-in user's devices are re-checked once when the app opens (ADR 49): a module of its
 * own, fetched only then, so no page's script carries it.
 */
function PushRecheck() {
  const data = useRouteLoaderData<RootData>("root");
  const { apiUrl } = useLeagueUrls();
  // Signed in, in a league (whose /api keeps the account's devices): once per league opened.
  const url = data?.user && data.league ? apiUrl("/push/subscriptions") : null;
  useEffect(() => {
    if (url)
      import("~/components/messages/push-recheck").then(
        (m) => m.recheckPush(url),
        () => undefined,
      );
  }, [url]);
  return null;
}

export default function App() {
  return (
    <Shell>
      <PushRecheck />
      <Outlet />
    </Shell>
  );
}

/** Anything no route caught: inside the normal layout, with the navbar and a way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { href } = useLeagueUrls();
  let title = "Something went wrong";
  let detail = "An error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    detail = error.status === 404 ? "We could not find that page." : (error.data?.message ?? error.statusText);
  }
  // A suspended league (ADR 46): none of its pages opens, so the way on is the front door.
  const suspended = detail === SUSPENSION_MESSAGES.refused;
  return (
    <Shell>
      <PageHeader title={suspended ? "League suspended" : title} subtitle={detail} />
      {suspended ? (
        <ButtonLink to={rootHref("/leagues")} variant="primary">
          Find a league
        </ButtonLink>
      ) : (
        <ButtonLink to={href("/rounds")} variant="primary">
          Back to the rounds
        </ButtonLink>
      )}
    </Shell>
  );
}
