import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { type LeagueUrls, leagueUrls } from "~/lib/shared/league-url";
import type { RootData } from "~/.server/root-data";

/**
 * The page's league's URLs (ADR 46): links, forms and /api calls stay in the league the page
 * is in, `/l/{slug}/…` or the root for the default league.
 */
export function useLeagueUrls(): LeagueUrls {
  const league = useRouteLoaderData<RootData>("root")?.league;
  const slug = league?.slug;
  const isDefault = league?.isDefault;
  return useMemo(() => leagueUrls({ slug, isDefault }), [slug, isDefault]);
}
