import { syncTagsFrom } from "../../follow-ups";
import type { CoreEntry, PlannedEntry, RoundParticipant } from "../rounds/round-write";

/**
 * Bag tags in a write to a round's entries (ADR 27, 45): a tags round's swap follows its
 * results, recomputed from the holdings before it (saving the same results again swaps
 * nothing twice).
 */
export const tags: RoundParticipant = {
  followUps: (state, after) => (state.round.countsForTags && hasResults(state.entries, after) ? [syncTagsFrom(state.round.startsAt)] : []),
};

/** Whether the round had or will have a result (a score or a DNF): before that, no swap to make. */
function hasResults(before: CoreEntry[], after: PlannedEntry[]): boolean {
  return [...before, ...after].some((e) => e.score > 0 || e.dnf);
}
