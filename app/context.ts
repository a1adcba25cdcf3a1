import { createContext } from "react-router";

// The Worker's bindings, handed to every loader and action through the router context.
export type CloudflareBindings = { env: Env; ctx: ExecutionContext };
export const cloudflareContext = createContext<CloudflareBindings>();
