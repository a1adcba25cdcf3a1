import type { Standing } from "../accounts/roles";

// A league the operator suspended (ADR 46, `leagues.suspended_at`): its pages and /api answer
// 403 to everyone but its owner and the operator, who still see it, with a banner, and its
// write guard (workers/league-guard.ts) refuses every change, theirs too. The Worker checks it
// in one place for the /api (workers/api/index.ts) and one for the pages (the root
// middleware, app/.server/auth/guards.ts); the deployment's own pages are not the league's.

export const SUSPENSION_MESSAGES = {
  /** The 403 of a page, an /api call and a write. */
  refused: "This league is suspended",
  /** What its owner and the operator see on its every page. */
  banner: "This league is suspended: it takes no changes",
} as const;

/** Whether a session still opens a suspended league's pages and /api: its owner, or the operator. */
export const opensSuspended = (who: Standing | null | undefined): boolean => Boolean(who && (who.isOperator || who.leagueRole === "owner"));
