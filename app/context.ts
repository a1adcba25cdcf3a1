import { createContext } from "react-router";
import type { Session } from "~/.server/auth/current-user";

// The Worker's bindings, handed to every loader and action through the router context.
export type CloudflareBindings = { env: Env; ctx: ExecutionContext };
export const cloudflareContext = createContext<CloudflareBindings>();

/** The request's session, set once by the root middleware; null when logged out. */
export const sessionContext = createContext<Session | null>(null);

/** This request's CSP nonce: the document's inline scripts carry it (workers/response-policy.ts). */
export const nonceContext = createContext<string>("");
