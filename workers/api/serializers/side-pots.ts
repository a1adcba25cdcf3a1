import { toDollars } from "./money";
import type { RoundTeam } from "~/.server/services/doubles/teams";
import { distanceLabel } from "~/lib/sidepots/distances";
import type { DistanceUnit } from "~/lib/settings/league-settings";
import type { PotView } from "~/lib/sidepots/side-pots";

// A round's side pots (ADR 30) and doubles teams (ADR 31) as the /api shows them: what the
// round page shows, money in dollars, distances in centimetres with the league's label.

const holderJson = (unit: DistanceUnit) => (h: PotView["holders"][number]["holders"][number]) => ({
  entry_id: h.entryId,
  name: h.name,
  /** An admin settled the hole on this holder: players' marks on it stop. */
  settled: h.settled,
  distance_cm: h.distanceCm,
  distance: h.distanceCm === null ? null : distanceLabel(h.distanceCm, unit),
});

export function potJson(p: PotView) {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    buy_in: toDollars(p.buyInCents),
    /** A CTP pot's holes; a custom pot has one, 0: its winner. */
    holes: p.holes,
    paid: p.paid,
    /** Paid: the prize as paid; else what it would pay now, the rollover in included. */
    prize: toDollars(p.prizeCents),
    carried_in: toDollars(p.carriedInCents),
    players: p.players.map((x) => ({ entry_id: x.entryId, player_id: x.playerId, name: x.name })),
    marks: p.holders.map((h) => ({ hole: h.hole, holders: h.holders.map(holderJson(p.distanceUnit)) })),
    wins: p.wins.map((w) => ({ hole: w.hole, entry_id: w.entryId, player_id: w.playerId, name: w.name, amount: toDollars(w.amountCents) })),
  };
}

/** GET /api/rounds/{id}/side-pots. */
export function roundPotsJson(roundId: number, pots: PotView[]) {
  return { round_id: roundId, distance_unit: pots[0]?.distanceUnit ?? null, side_pots: pots.map(potJson) };
}

export type RoundPotsJson = ReturnType<typeof roundPotsJson>;
export type PotJson = ReturnType<typeof potJson>;

/** GET /api/rounds/{id}/teams, and what a draw answers: the version the next draw sends back. */
export function roundTeamsJson(roundId: number, doubles: boolean, t: { version: number; teams: RoundTeam[] }) {
  return {
    round_id: roundId,
    doubles,
    version: t.version,
    teams: t.teams.map((team) => ({
      number: team.number,
      /** A team of one: the odd player out plays cali. */
      cali: team.members.length === 1,
      members: team.members.map((m) => ({ entry_id: m.entryId, player_id: m.playerId, name: m.name })),
    })),
  };
}

export type RoundTeamsJson = ReturnType<typeof roundTeamsJson>;
