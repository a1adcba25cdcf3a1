import { standingOf } from "./auth/current-user";
import { optionalSession } from "./auth/guards";
import { can, capabilitiesOf } from "~/lib/accounts/roles";
import { servicesContext } from "~/context";

/**
 * What every page reads from the root: the league (none on a deployment page without a
 * default), who is logged in, and what they may do here (ADR 47): `isAdmin` shows the
 * league's admin controls on the public pages (adding aces and transfers, editing players),
 * `can` the admin pages the menu offers.
 */
export function rootData(context: Parameters<typeof optionalSession>[0]) {
  const { league: full } = context.get(servicesContext);
  // Its address too: the browser's links are made from it (~/hooks/use-league-urls.ts).
  // `suspended`: only its owner and the operator get this far, and see the banner (ADR 46).
  // `closed`: its owner closed it, and its pages say so (read-only for good).
  const league = full && {
    id: full.id,
    slug: full.slug,
    name: full.name,
    timeZone: full.timeZone,
    isDefault: full.isDefault,
    suspended: full.suspendedAt !== null,
    closed: full.closedAt !== null,
  };
  const session = optionalSession(context);
  const standing = standingOf(session);
  return {
    league,
    user: session?.user ?? null,
    role: session?.leagueRole ?? null,
    isAdmin: can(standing, "manageLeague"),
    can: capabilitiesOf(standing),
  };
}

export type RootData = ReturnType<typeof rootData>;
