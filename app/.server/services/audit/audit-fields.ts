// The fields each audit trigger of migration 0011 records (ADR 20), in the triggers' order,
// with the label an organiser reads and how to show the value. A field added to a trigger
// is one more line here; one missing still shows, under its column name. The keys are SQL
// column names; the date columns still have the old /api's name `d`, read here from the schema.
import { aces, rounds, transfers } from "../../db/schema";

export type Value = string | number | boolean | null;
export type Kind = "money" | "text" | "number" | "onOff" | "date" | "player" | "league" | "round" | "ref" | "method";

// Each table's fields as the triggers write them, in order, with a label and how to read the value.
export const FIELDS: Record<string, Record<string, [string, Kind]>> = {
  entries: {
    division: ["division", "text"],
    score: ["score", "number"],
    ace: ["ace", "onOff"],
    payout_cents: ["payout", "money"],
    payout_adjust_cents: ["payout adjustment", "money"],
    credit_added_cents: ["credit added", "money"],
    credit_used_cents: ["credit used", "money"],
    payment_id: ["payment", "ref"],
  },
  payments: {
    method: ["method", "method"],
    status: ["status", "text"],
    amount_cents: ["amount", "money"],
    league_fee_cents: ["league fee", "money"],
    provider_fee_cents: ["PayPal fee", "money"],
    credit_used_cents: ["credit used", "money"],
    capture_id: ["capture", "text"],
    void_reason: ["why it was voided", "text"],
  },
  payment_refunds: {
    kind: ["kind", "text"],
    amount_cents: ["amount", "money"],
    provider_refund_id: ["refund id", "text"],
    resolution: ["resolution", "text"],
  },
  transfers: {
    [transfers.date.name]: ["date", "date"],
    from_player_id: ["from", "league"],
    to_player_id: ["to", "league"],
    amt_cents: ["amount", "money"],
    description: ["description", "text"],
    payment_id: ["payment", "ref"],
    excess_payment_id: ["excess of payment", "ref"],
  },
  aces: {
    [aces.date.name]: ["date", "date"],
    player_id: ["player", "player"],
    round_id: ["round", "round"],
    amt_cents: ["amount", "money"],
  },
  // An admin's change to a signed card or a finalised live round (ADR 26), with its reason.
  live_scores: {
    hole: ["hole", "number"],
    strokes: ["strokes", "number"],
    penalty: ["penalty strokes", "number"],
    dnf: ["did not finish", "onOff"],
    reason: ["reason", "text"],
  },
  // A round ended early when rain stopped play (ADR 50): the holes each card completed.
  rounds_ended_early: {
    holes: ["holes each card finished", "text"],
    min_holes: ["holes needed", "number"],
  },
  // A round cancelled, restored or postponed (ADR 50): the step, and what the admin said.
  rainouts: {
    step: ["step", "text"],
    reason: ["reason", "text"],
    acesStand: ["its aces stand", "onOff"],
  },
  // A role granted, changed or taken away (ADR 47): the member's name is in the headline.
  memberships: {
    role: ["role", "text"],
  },
  // The league's own PayPal saved, connected or removed by its owner: never its secret.
  league_paypal: {
    client_id: ["client id", "text"],
    environment: ["environment", "text"],
    connected: ["connected", "onOff"],
  },
  // A course copied from another league the admin runs: its name, and where it came from.
  courses: {
    name: ["course", "text"],
    copied_from: ["copied from", "text"],
    layouts: ["layouts", "number"],
  },
  // An organiser's message to a round's players (ADR 49): to whom, what it said, how many copies.
  messages: {
    audience: ["to", "text"],
    body: ["message", "text"],
    recipients: ["recipients", "number"],
    push: ["push", "onOff"],
    mail: ["mail", "onOff"],
    test: ["test to oneself", "onOff"],
  },
  // An admin's withdrawal of a checked-in player (ADR 34): why, since the entry row is gone.
  withdrawals: {
    reason: ["reason", "text"],
  },
  // An admin's assignment or take-back of a bag tag (ADR 27): not money, but who did it matters.
  tag_moves: {
    tag: ["tag", "number"],
    reason: ["how", "text"],
  },
  // Side pots (ADR 30): who bought in, who holds a hole, who won what.
  side_pot_players: {
    pot: ["side pot", "text"],
    buy_in_cents: ["buy-in", "money"],
  },
  side_pot_marks: {
    pot: ["side pot", "text"],
    hole: ["hole", "number"],
    distance_cm: ["distance (cm)", "number"],
    settled: ["settled by an admin", "onOff"],
  },
  side_pot_wins: {
    pot: ["side pot", "text"],
    hole: ["hole", "number"],
    amount_cents: ["won", "money"],
  },
  rounds: {
    [rounds.startsAt.name]: ["date", "date"],
    fee_pdga_cents: ["PDGA fee", "money"],
    fee_course_cents: ["course fee", "money"],
    fee_other_cents: ["other fee", "money"],
    ace_cents: ["ace fee", "money"],
    payout_cents: ["payout per entry", "money"],
  },
};

export const METHODS: Record<string, string> = { paypal: "PayPal", credit: "league credit", cash: "cash" };

// Fields the headline already names ("Transfer · league → Ann Lee"): shown only when changed.
export const IN_HEADLINE: Record<string, string[]> = {
  transfers: ["from_player_id", "to_player_id"],
  aces: ["player_id", "round_id"],
  memberships: ["member"],
  courses: ["name"],
  messages: ["audience"],
};
