// Who may do what in a league (ADR 47). A user holds at most one role per league, in a
// membership row read beside the session on every request, never carried in the token. The
// deployment's operator (`users.is_admin`) holds every capability in every league.
//
// This is the one table the page guards (app/.server/auth/guards.ts) and the /api's guard
// (workers/api/auth.ts, by way of workers/api/admin-access.ts) read.

/** The roles, most powerful first: the table's enum, the zod enums and the Roles panel read this list. */
export const LEAGUE_ROLES = ["owner", "admin", "director", "player"] as const;
export type LeagueRole = (typeof LEAGUE_ROLES)[number];

/** The roles that run something in the league; a `player` membership (joined by code or invitation) runs nothing. */
export const STAFF_ROLES = ["owner", "admin", "director"] as const satisfies readonly LeagueRole[];
export const isStaff = (role: LeagueRole | null | undefined): boolean =>
  role !== null && role !== undefined && (STAFF_ROLES as readonly LeagueRole[]).includes(role);

/** The roles an owner grants and revokes; ownership itself only passes by a transfer. */
export const GRANTABLE_ROLES = ["admin", "director"] as const satisfies readonly LeagueRole[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const ROLE_LABELS: Record<LeagueRole, string> = { owner: "Owner", admin: "Admin", director: "Director", player: "Player" };

/** The roles an invitation offers: ownership only passes by a transfer. Inviting a player needs manageLeague, staff manageRoles. */
export const INVITE_ROLES = ["admin", "director", "player"] as const satisfies readonly LeagueRole[];
export type InviteRole = (typeof INVITE_ROLES)[number];

/** Capability → the league roles that hold it. The operator holds them all. */
export const CAPABILITIES = {
  /** The night: check-in, the entries screen with cash, walk-ups, withdrawals and void cash, cards, live scoring, finalise, Credit payouts, side pots. */
  runNight: ["owner", "admin", "director"],
  /** Everything else in the league: rounds, courses, players, claims, money pages, reports, settings, the audit log. */
  manageLeague: ["owner", "admin"],
  /** Grant and revoke admin and director, transfer ownership. */
  manageRoles: ["owner"],
  /** The league's PayPal credentials: set, test, remove. */
  payPalCredentials: ["owner"],
  /** Closing the league, hiding it from the front door, a new join code. */
  closeLeague: ["owner"],
  /** Lock, unlock, delete, reset the password of or add an account: accounts are the deployment's. */
  manageAccounts: [],
} as const satisfies Record<string, readonly LeagueRole[]>;

export type Capability = keyof typeof CAPABILITIES;

/** What a capability check needs to know of a session: the operator flag and the role in this league. */
export type Standing = { isOperator: boolean; leagueRole: LeagueRole | null };

export function can(who: Standing | null | undefined, capability: Capability): boolean {
  if (!who) return false;
  if (who.isOperator) return true;
  const roles: readonly LeagueRole[] = CAPABILITIES[capability];
  return who.leagueRole !== null && roles.includes(who.leagueRole);
}

/** Every capability the session holds here: the navbar shows the admin pages it may open. */
export const capabilitiesOf = (who: Standing | null | undefined): Capability[] =>
  (Object.keys(CAPABILITIES) as Capability[]).filter((c) => can(who, c));
