import { createContext } from "react-router";
import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import type { League, RequestLeague } from "~/.server/league";
import type { PayPalCheckout } from "~/lib/signup/paypal-checkout";

// The Worker's bindings, handed to every loader and action through the router context.
type CloudflareBindings = { env: Env; ctx: ExecutionContext };
export const cloudflareContext = createContext<CloudflareBindings>();

/**
 * The request's database handle and league, made once by the root middleware. The league is
 * the path's (ADR 46); null only on a deployment page (log in, profile…) of a deployment
 * without a default league. A league's page always has one (./.server/route-context.ts).
 */
type RequestServices = { db: Db; league: League | null };
export const servicesContext = createContext<RequestServices>();

/** The request's session, set once by the root middleware; null when logged out. */
export const sessionContext = createContext<Session | null>(null);

/**
 * A page's second render (ADR 41): a page rendered on the session's hint is sent only if
 * the session's row, read in the same batch, says the same; if not, the root middleware
 * puts the row here and asks the Worker to render the request again on it.
 */
export type SessionRecheck = { again: boolean; verified?: Session | null };
export const sessionRecheckContext = createContext<SessionRecheck | null>(null);

/**
 * What the Worker knows of this request beyond its bindings: the CSP nonce the document's
 * inline scripts carry (workers/response-policy.ts), and how many times React rendered
 * (reported in Server-Timing, so the page-cache tests can see a hit renders nothing), and
 * how long React took to render the document's shell (Server-Timing `render`), the
 * league the path named (`place`, workers/league-path.ts), and the PayPal a page offered.
 */
export type RequestScope = {
  nonce: string;
  renders: number;
  renderMs?: number;
  place?: RequestLeague;
  /** The PayPal a page offered (the sign-up dialog's): the response's CSP lets the browser reach it. */
  payPal?: PayPalCheckout | null;
};
export const requestScopeContext = createContext<RequestScope>({ nonce: "", renders: 0 });
