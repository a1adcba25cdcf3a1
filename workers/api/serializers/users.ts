import type { SessionUser } from "~/.server/auth/current-user";
import type { AdminUser, AdminUserDetail, UserClaim } from "~/.server/services/accounts/user-list";
import type { OwnRecord } from "~/.server/services/players/own-records";

/** The logged-in user in the login, register, profile and /me answers. */
export function sessionUserJson(u: SessionUser) {
  return { id: u.id, name: u.name, email: u.email, isAdmin: u.isOperator, linked_player: u.linkedPlayerId, claimStatus: u.claimStatus };
}

/** A user as GET /api/admin/users lists them. */
export function adminUserJson(u: AdminUser) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    lastLogin: u.lastLogin,
    createdAt: u.createdAt,
    locked: u.locked,
    // The spec's field: the account's flag, the deployment's operator (ADR 47).
    isAdmin: u.isOperator,
    linked_player: u.linkedPlayerId,
    linked_player_name: u.linkedPlayerName,
    claimStatus: u.claimStatus,
  };
}

function userClaimJson(c: UserClaim) {
  return { id: c.id, player_id: c.playerId, status: c.status, note: c.note, createdAt: c.createdAt, fn: c.firstName, ln: c.lastName };
}

/** One user with every claim they made (GET /api/admin/users/{id}). */
export function adminUserDetailJson(u: AdminUserDetail) {
  return { ...adminUserJson(u), claims: u.claims.map(userClaimJson) };
}

/** A player record the user added that no approved claim holds (GET /api/admin/users/{id}/players). */
export function ownRecordJson(r: OwnRecord) {
  return {
    id: r.id,
    fn: r.firstName,
    ln: r.lastName,
    division: r.division,
    createdAt: r.createdAt,
    claimStatus: r.claimStatus,
    history: r.history,
  };
}

/** POST /api/users/login: the session's token and its user. */
export function signedInJson(token: string, u: SessionUser) {
  return { token, user: sessionUserJson(u) };
}

/** POST /api/users/register: the new account's session. */
export function registeredJson(token: string, u: SessionUser) {
  return { success: true as const, ...signedInJson(token, u) };
}

/** GET /api/users/me: who the session is. */
export function meJson(u: SessionUser) {
  return { user: sessionUserJson(u) };
}

/** GET /api/users/check-email: whether an account has the address. */
export function emailCheckJson(exists: boolean) {
  return { exists };
}

/** POST /api/users/me/calendar-token: the user's new feed, and the feed of every round. */
export function calendarFeedJson(feeds: { all: string; personal: string }) {
  return { success: true as const, feed_url: feeds.personal, all_rounds_url: feeds.all };
}

export type SessionUserJson = ReturnType<typeof sessionUserJson>;
export type AdminUserJson = ReturnType<typeof adminUserJson>;
export type AdminUserDetailJson = ReturnType<typeof adminUserDetailJson>;
export type OwnRecordJson = ReturnType<typeof ownRecordJson>;
export type SignedInJson = ReturnType<typeof signedInJson>;
export type RegisteredJson = ReturnType<typeof registeredJson>;
export type MeJson = ReturnType<typeof meJson>;
export type EmailCheckJson = ReturnType<typeof emailCheckJson>;
export type CalendarFeedJson = ReturnType<typeof calendarFeedJson>;
