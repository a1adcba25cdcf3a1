import { createContext } from "react-router";
import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import type { League } from "~/.server/league";

// The Worker's bindings, handed to every loader and action through the router context.
type CloudflareBindings = { env: Env; ctx: ExecutionContext };
export const cloudflareContext = createContext<CloudflareBindings>();

/** The request's database handle and league settings, made once by the root middleware. */
type RequestServices = { db: Db; league: League };
export const servicesContext = createContext<RequestServices>();

/** The request's session, set once by the root middleware; null when logged out. */
export const sessionContext = createContext<Session | null>(null);

/** This request's CSP nonce: the document's inline scripts carry it (workers/response-policy.ts). */
export const nonceContext = createContext<string>("");
