import { checkFailed } from "../../db/client";
import { MAIL_WAITLIST } from "../../follow-ups";
import type { CoreState, RoundParticipant } from "../rounds/round-write";
import { fullRefusal, noRoomGuard } from "./field";

// The field's caps in a write to a round's entries (ADR 28, 45): a new entry must find a
// place, and an entry made closes its player's place on the list, which is news to mail.

/** A new entry that must find a place under the round's caps; left out by an admin's override. */
export type PlaceChange = { takesPlace?: { playerId: number; division: string; byAdmin?: boolean } };

export const fieldCaps: RoundParticipant<CoreState, PlaceChange> = {
  guardsFirst: ({ db, roundId, change: { takesPlace: place } }) =>
    place ? [noRoomGuard(db, roundId, place.division, place.playerId)] : [],
  refusal: (err, { db, roundId, change: { takesPlace: place } }) =>
    place && checkFailed(err, "field_full") ? fullRefusal(db, roundId, place.division, place.byAdmin) : undefined,
  followUps: (_state, after) => (after.some((e) => e.id === null) ? [MAIL_WAITLIST] : []),
};
