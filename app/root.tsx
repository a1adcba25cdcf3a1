import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useNavigation } from "react-router";
import { setNonce } from "get-nonce";
import type { Route } from "./+types/root";
import "./app.css";
import { optionalSession, sessionMiddleware } from "./.server/auth/guards";
import { routeServices, servicesMiddleware } from "./.server/route-context";
import { Navbar } from "./components/navbar";

export const middleware: Route.MiddlewareFunction[] = [servicesMiddleware, sessionMiddleware];

// Radix Dialog's scroll lock adds a <style> tag in the browser; it takes the page's CSP
// nonce, which the browser keeps on the server-rendered scripts' `nonce` property.
if (typeof document !== "undefined") setNonce(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

export function loader({ context }: Route.LoaderArgs) {
  const { league } = routeServices(context);
  const session = optionalSession(context);
  // isAdmin is the session's (an admin session), not the user record's flag.
  return { league, user: session?.user ?? null, isAdmin: session?.isAdmin ?? false };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.ico", sizes: "any" }];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.league.name ?? "Disc Golf League" }];

function LoadingNotice() {
  const navigation = useNavigation();
  return (
    <div aria-live="polite" className="mx-auto max-w-6xl px-4">
      {navigation.state === "loading" ? <p className="py-1 text-sm text-slate-500">Loading Data...</p> : null}
    </div>
  );
}

export default function App() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Navbar />
      <LoadingNotice />
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "An error occurred. Please try again.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    detail = error.status === 404 ? "We could not find that page." : (error.data?.message ?? error.statusText);
  }
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-700">{detail}</p>
      <a className="mt-4 inline-block text-brand-700 underline" href="/">
        Back to the rounds
      </a>
    </main>
  );
}
