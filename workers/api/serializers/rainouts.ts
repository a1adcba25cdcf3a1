import type { Postponed } from "~/.server/services/rainouts/postpone";

/** POST /api/admin/rounds/{id}/postpone's answer: the round's new start, its first one, its version to edit from, the check-ins cleared. */
export function postponedJson(p: Postponed) {
  return {
    success: true as const,
    roundId: p.roundId,
    startsAt: p.startsAt,
    postponedFrom: p.postponedFrom,
    version: p.version,
    checkInsCleared: p.checkInsCleared,
  };
}

export type PostponedJson = ReturnType<typeof postponedJson>;
