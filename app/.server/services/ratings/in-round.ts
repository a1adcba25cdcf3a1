import { rerate } from "../../follow-ups";
import type { CoreState, PlannedEntry, RoundParticipant } from "../rounds/round-write";

/** Ratings in a write to a round's entries (ADR 17, 45): a change that adds, removes or re-scores a scored entry rerates from the round's date. */
export const ratings: RoundParticipant = {
  followUps: (state, after) => (scoresChanged(state, after) ? [rerate(state.round.startsAt)] : []),
};

function scoresChanged(state: CoreState, after: PlannedEntry[]): boolean {
  const before = new Map(state.entries.map((e) => [e.id, e.score]));
  const kept = new Set(after.map((e) => e.id));
  return (
    after.some((e) => (e.id === null ? e.score > 0 : before.get(e.id) !== e.score)) ||
    state.entries.some((e) => e.score > 0 && !kept.has(e.id))
  );
}
