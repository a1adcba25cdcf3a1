import { optionalSession } from "./auth/guards";
import { routeServices } from "./route-context";

/** What every page reads from the root: the league, and who is logged in (an admin session or not). */
export function rootData(context: Parameters<typeof optionalSession>[0]) {
  const { league } = routeServices(context);
  const session = optionalSession(context);
  // isAdmin is the session's (an admin session), not the user record's flag.
  return { league, user: session?.user ?? null, isAdmin: session?.isAdmin ?? false };
}

export type RootData = ReturnType<typeof rootData>;
