import { optionalSession } from "./auth/guards";
import { servicesContext } from "~/context";

/** What every page reads from the root: the league (none on a deployment page without a default), and who is logged in. */
export function rootData(context: Parameters<typeof optionalSession>[0]) {
  const { league: full } = context.get(servicesContext);
  // Its address too: the browser's links are made from it (~/hooks/use-league-urls.ts).
  const league = full && { id: full.id, slug: full.slug, name: full.name, timeZone: full.timeZone, isDefault: full.isDefault };
  const session = optionalSession(context);
  // isAdmin is the session's (an admin session), not the user record's flag.
  return { league, user: session?.user ?? null, isAdmin: session?.isAdmin ?? false };
}

export type RootData = ReturnType<typeof rootData>;
