import type { SessionUser } from "~/.server/auth/current-user";
import type { AdminUser, AdminUserDetail, UserClaim } from "~/.server/services/accounts/user-admin";
import type { OwnRecord } from "~/.server/services/players/own-records";

/** The logged-in user in the login, register, profile and /me answers. */
export function sessionUserJson(u: SessionUser) {
  return { id: u.id, name: u.name, email: u.email, isAdmin: u.isAdmin, linked_player: u.linkedPlayerId, claimStatus: u.claimStatus };
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
    isAdmin: u.isAdmin,
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
