import type { Capability } from "~/lib/accounts/roles";

// What each admin call needs (ADR 47): the capability the guard asks of the caller's role in
// the request's league (app/lib/accounts/roles.ts says which roles hold it). The guard finds a
// call here by its method and route pattern; a call missing here is refused to everyone but
// the operator, so a route added without a line cannot be reached by a league's roles.
// tests/api/roles-guard.test.ts holds this list against the app's routes and ADR 47's table.

const NIGHT: Capability = "runNight";
const LEAGUE: Capability = "manageLeague";
const ROLES: Capability = "manageRoles";
const ACCOUNTS: Capability = "manageAccounts";
const PAYPAL: Capability = "payPalCredentials";
const CLOSE: Capability = "closeLeague";

export const ADMIN_CALLS: Readonly<Record<string, Capability>> = {
  // Accounts are the deployment's: the operator's alone (the spec's calls at the root).
  "GET /api/admin/users": ACCOUNTS,
  "GET /api/admin/users/:userId": ACCOUNTS,
  "DELETE /api/admin/users/:userId": ACCOUNTS,
  "GET /api/admin/users/:userId/players": ACCOUNTS,
  "DELETE /api/admin/users/:userId/players/:playerId": ACCOUNTS,
  "POST /api/admin/users/:userId/lock": ACCOUNTS,
  "POST /api/admin/users/:userId/unlock": ACCOUNTS,
  "POST /api/admin/users/:userId/reset-password": ACCOUNTS,
  "POST /api/admin/user/add": ACCOUNTS,
  // Making a league is the deployment's: the operator's alone (ADR 46).
  "POST /api/admin/leagues": ACCOUNTS,
  "PATCH /api/admin/leagues/:leagueId": ACCOUNTS,
  // The league's roles.
  "GET /api/admin/memberships": LEAGUE,
  "PUT /api/admin/memberships/:userId": ROLES,
  "DELETE /api/admin/memberships/:userId": ROLES,
  "POST /api/admin/memberships/transfer": ROLES,
  // The league's own PayPal: the owner's.
  "GET /api/admin/paypal": PAYPAL,
  "PUT /api/admin/paypal": PAYPAL,
  "DELETE /api/admin/paypal": PAYPAL,
  "POST /api/admin/paypal/test": PAYPAL,
  // Invitations: a player's is an admin's to send, a director's or an admin's the owner's (checked again in the service).
  "GET /api/admin/invites": LEAGUE,
  "POST /api/admin/invites": LEAGUE,
  "DELETE /api/admin/invites/:id": LEAGUE,
  // The owner's choices: the front door, a new join code, closing the league.
  "PATCH /api/admin/league": CLOSE,
  "POST /api/admin/league/join-code": CLOSE,
  "POST /api/admin/league/close": CLOSE,
  // Rain-outs (ADR 50): whoever runs the night may call it off, and undo that.
  "POST /api/admin/rounds/:id/cancel": NIGHT,
  "POST /api/admin/rounds/:id/restore": NIGHT,
  // The night.
  "GET /api/admin/rounds/:id/check-in": NIGHT,
  "POST /api/admin/rounds/:id/check-in": NIGHT,
  "DELETE /api/admin/rounds/:id/check-in/:entryId": NIGHT,
  "POST /api/admin/rounds/:id/walk-up": NIGHT,
  "POST /api/admin/rounds/:id/cards": NIGHT,
  "PUT /api/admin/rounds/:id/cards": NIGHT,
  "POST /api/admin/rounds/:id/cards/publish": NIGHT,
  "POST /api/admin/rounds/:id/cards/late": NIGHT,
  "POST /api/admin/entry/add": NIGHT,
  "POST /api/admin/entry/update": NIGHT,
  "POST /api/admin/entry/bulk": NIGHT,
  "POST /api/admin/entry/cash": NIGHT,
  "POST /api/admin/entry/delete": NIGHT,
  "POST /api/admin/entry/voidCash": NIGHT,
  "POST /api/admin/entry/payouts": NIGHT,
  "POST /api/admin/entry/creditPayouts": NIGHT,
  "POST /api/admin/live/:roundId/finalize": NIGHT,
  "GET /api/admin/live/:roundId/log": NIGHT,
  // Ending a round early when rain stops play (ADR 50).
  "POST /api/admin/rounds/:id/end-early": NIGHT,
  "POST /api/admin/rounds/:id/side-pots": NIGHT,
  "DELETE /api/admin/rounds/:id/side-pots/:potId": NIGHT,
  "POST /api/admin/rounds/:id/side-pots/:potId/players": NIGHT,
  "DELETE /api/admin/rounds/:id/side-pots/:potId/players/:entryId": NIGHT,
  "PUT /api/admin/rounds/:id/side-pots/:potId/holes/:hole": NIGHT,
  "DELETE /api/admin/rounds/:id/side-pots/:potId/holes/:hole": NIGHT,
  "POST /api/admin/rounds/:id/teams": NIGHT,
  "GET /api/admin/rounds/:id/waitlist": NIGHT,
  // An organiser's messages to a round's players (ADR 49).
  "POST /api/admin/rounds/:id/messages/preview": NIGHT,
  "POST /api/admin/rounds/:id/messages": NIGHT,
  "GET /api/admin/rounds/:id/messages": NIGHT,
  // Rain-outs (ADR 50): directors and up run the night, and move it when the weather stops it.
  "POST /api/admin/rounds/:id/postpone": NIGHT,
  // A cancelled round's PayPal payment back to PayPal for its player (ADR 50).
  "POST /api/admin/payments/:id/paypal-back": NIGHT,
  // The rest of the league.

  "POST /api/admin/entry/excessToCredit": LEAGUE,
  "POST /api/admin/entry/keep": LEAGUE,
  "POST /api/admin/player": LEAGUE,
  "POST /api/admin/player/": LEAGUE,
  "POST /api/admin/player/delete": LEAGUE,
  "POST /api/admin/round": LEAGUE,
  "POST /api/admin/round/": LEAGUE,
  "POST /api/admin/round/delete": LEAGUE,
  "POST /api/admin/round/openForRegistration": LEAGUE,
  "PUT /api/admin/rounds/:id/caps": LEAGUE,
  "GET /api/admin/payments/all": LEAGUE,
  "GET /api/admin/payments/:userId": LEAGUE,
  "POST /api/admin/ratings/recompute": LEAGUE,
  "GET /api/admin/settings": LEAGUE,
  "PUT /api/admin/settings": LEAGUE,
  "POST /api/admin/courses": LEAGUE,
  "POST /api/admin/courses/copy": LEAGUE,
  "PUT /api/admin/courses/:id": LEAGUE,
  "DELETE /api/admin/courses/:id": LEAGUE,
  "POST /api/admin/courses/:id/layouts": LEAGUE,
  "PUT /api/admin/layouts/:id": LEAGUE,
  "DELETE /api/admin/layouts/:id": LEAGUE,
  "GET /api/admin/audit": LEAGUE,
  "POST /api/admin/tags/assign": LEAGUE,
  "POST /api/admin/tags/take-back": LEAGUE,
  // The spec's admin calls outside /api/admin.
  "GET /api/claims": LEAGUE,
  "GET /api/claims/for-user": LEAGUE,
  "PUT /api/claims/:id/:action{(?:approve|reject|conflict)}": LEAGUE,
  "POST /api/ace/add": LEAGUE,
  "POST /api/ace/delete": LEAGUE,
  "POST /api/transfers/add": LEAGUE,
  "POST /api/transfers/delete": LEAGUE,
};

/** The capability a call needs; null for one not in the list (the operator's alone). */
export const capabilityOfCall = (method: string, pattern: string): Capability | null => ADMIN_CALLS[`${method} ${pattern}`] ?? null;
