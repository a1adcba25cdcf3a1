import type { ClaimView } from "~/.server/services/players/claims";

/** A claim as the user sees theirs (GET /api/claims/mine) and every claim answer carries. */
export function claimJson(c: ClaimView) {
  return { id: c.id, player_id: c.playerId, player: `${c.firstName} ${c.lastName}`, status: c.status, note: c.note };
}

/** A claim in the admin's list, with the admin's fields. */
export function adminClaimJson(c: ClaimView) {
  return {
    ...claimJson(c),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    approvedAt: c.approvedAt,
    rejectedAt: c.rejectedAt,
    user_id: c.userId,
    user_name: c.userName,
    player_fn: c.firstName,
    player_ln: c.lastName,
  };
}
