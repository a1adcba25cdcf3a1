// What a save of a round or a player answers: the row's id, new or the same.

/** POST /api/admin/round/, POST /api/admin/player/. */
export function savedJson(id: number) {
  return { success: true as const, id };
}

export type SavedJson = ReturnType<typeof savedJson>;
