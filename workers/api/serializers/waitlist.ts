import type { Field } from "~/.server/services/waitlist/field";
import type { WaitlistPlace } from "~/.server/services/waitlist/place";
import type { ListRow } from "~/.server/services/waitlist/waitlist-view";

// The waitlist as the /api shows it (ADR 28): a player's place, a round's field against
// its caps, and the admin's list in order.

export function placeJson(p: WaitlistPlace) {
  return {
    id: p.id,
    round_id: p.roundId,
    status: p.status,
    division: p.division,
    ace: p.ace,
    auto_confirm: p.autoConfirm,
    position: p.position,
    offer_expires_at: p.offerExpiresAt,
  };
}

export function fieldJson(f: Field) {
  return {
    field_cap: f.caps.total,
    division_caps: f.caps.divisions,
    entered: f.entered.total,
    entered_by_division: f.entered.byDivision,
    /** Places taken by entries and held by open offers. */
    taken: f.taken.total,
    waiting: f.waiting,
  };
}

export function listRowJson(r: ListRow) {
  return {
    id: r.id,
    player_id: r.playerId,
    player_name: r.name,
    division: r.division,
    auto_confirm: r.autoConfirm,
    status: r.status,
    position: r.position,
    offer_expires_at: r.offerExpiresAt,
    joined_at: r.joinedAt,
  };
}

export type PlaceJson = ReturnType<typeof placeJson>;
export type FieldJson = ReturnType<typeof fieldJson>;
export type ListRowJson = ReturnType<typeof listRowJson>;
