import { toDollars } from "./money";
import type { EntryMoney } from "~/lib/money/entry-money";
import type { EntryOwes } from "~/.server/services/night/entry-owes";
import type { NamedNightEntry, nightDesk } from "~/.server/services/night/night-desk";

// A round's check-in desk and one entry's money as the /api shows them (ADR 25, ADR 37):
// the night screen's numbers, in dollars.

/** What paid for an entry and what is left: price, paid by credit/PayPal/cash, owed, paid beyond the price. */
function owesJson(priceCents: number, m: EntryMoney) {
  return {
    price: toDollars(priceCents),
    paid: toDollars(m.paidCents),
    paid_by: { credit: toDollars(m.paid.creditCents), paypal: toDollars(m.paid.paypalCents), cash: toDollars(m.paid.cashCents) },
    owed: toDollars(m.owedCents),
    over: toDollars(m.overCents),
  };
}

function deskEntryJson(e: NamedNightEntry) {
  return {
    entry_id: e.id,
    player_id: e.playerId,
    name: e.name,
    division: e.division,
    ace: e.ace,
    team: e.team,
    checked_in: e.checkedInAt !== null,
    checked_in_at: e.checkedInAt,
    /** Who checked the entry in: the player themself or an admin (null when not, or their account is gone). */
    checked_in_by: e.checkedInBy ? { user_id: e.checkedInBy.userId, name: e.checkedInBy.name } : null,
    card: e.night.cardNumber,
    ...owesJson(e.priceCents, e.money),
    balance: toDollars(e.balanceCents),
  };
}

/** GET /api/admin/rounds/{id}/check-in: every entry of the round, by name, and the night's counts. */
export function nightDeskJson(d: Awaited<ReturnType<typeof nightDesk>>) {
  return {
    round_id: d.round.id,
    round_name: d.round.name,
    /** The round has scores: check-in and walk-ups are closed. */
    played: d.played,
    entered: d.counts.entered,
    checked_in: d.counts.checkedIn,
    owed: toDollars(d.counts.owedCents),
    entries: d.entries.map(deskEntryJson),
  };
}

export type NightDeskJson = ReturnType<typeof nightDeskJson>;

/** GET /api/entries/{id}/owes: one entry's money. */
export function entryOwesJson(e: EntryOwes) {
  return {
    entry_id: e.entryId,
    round_id: e.roundId,
    round_name: e.roundName,
    player_id: e.playerId,
    name: e.name,
    ace: e.ace,
    checked_in: e.checkedInAt !== null,
    checked_in_at: e.checkedInAt,
    ...owesJson(e.priceCents, e.money),
  };
}

export type EntryOwesJson = ReturnType<typeof entryOwesJson>;
