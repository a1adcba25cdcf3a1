import type { ClaimRow, ClaimView } from "~/.server/services/players/claims";

/** A claim as the user sees theirs (GET /api/claims/mine) and every claim answer carries. */
export function claimJson(c: ClaimRow) {
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

/** A claim made or given up (POST /api/claims, PUT …/unclaim): the claim. */
export function claimAnswerJson(c: ClaimRow) {
  return { success: true as const, claim: claimJson(c) };
}

/** GET /api/claims/mine: the user's claim, null for none. */
export function myClaimJson(c: ClaimRow | null) {
  return { claim: c ? claimJson(c) : null };
}

/** GET /api/claims, …/for-user: the admin's list. */
export function adminClaimsJson(list: ClaimView[]) {
  return { claims: list.map(adminClaimJson) };
}

/** An admin's decision on a claim (PUT /api/claims/{id}/approve, …/reject, …/conflict). */
export function claimDecidedJson(c: ClaimView) {
  return { success: true as const, claim: adminClaimJson(c) };
}

export type ClaimJson = ReturnType<typeof claimJson>;
export type AdminClaimJson = ReturnType<typeof adminClaimJson>;
export type ClaimAnswerJson = ReturnType<typeof claimAnswerJson>;
export type MyClaimJson = ReturnType<typeof myClaimJson>;
export type AdminClaimsJson = ReturnType<typeof adminClaimsJson>;
export type ClaimDecidedJson = ReturnType<typeof claimDecidedJson>;
