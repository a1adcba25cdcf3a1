// How a side pot is paid (ADR 30), pure so the settlement, the round page and the tests
// compute the same numbers. A pot's prize (its buy-ins and what the last pot of the same
// name rolled over) is shared equally between its holes (one for a custom pot); a hole's
// share is split between its winners; every share is rounded down to the quarter, and what
// is left — holes nobody won, the odd cents — rolls over to the next pot of the name.

export const QUARTER_CENTS = 25;

import type { DistanceUnit } from "../settings/league-settings";

/** The kinds of side pot (ADR 30), the one list the table, the forms and their choices read. */
export const POT_KINDS = ["ctp", "custom"] as const;
export type PotKind = (typeof POT_KINDS)[number];

/** Each kind as the add-a-pot form offers it. */
export const POT_KIND_CHOICES: Record<PotKind, string> = {
  ctp: "Closest to the pin",
  custom: "Custom: the admin picks the winner",
};

export type PotHolder = { entryId: number; name: string; distanceCm: number | null; settled: boolean };

/** A round's side pot as its pages show it (app/.server/services/sidepots/pot-view.ts reads it), and the live round's sockets carry it. */
export type PotView = {
  id: number;
  name: string;
  kind: PotKind;
  buyInCents: number;
  holes: number[];
  paid: boolean;
  /** Paid: the prize as paid; else what it would pay now (buy-ins and the rollover coming in). */
  prizeCents: number;
  carriedInCents: number;
  players: { entryId: number; playerId: number; name: string }[];
  holders: { hole: number; holders: PotHolder[] }[];
  wins: { hole: number; entryId: number; playerId: number; name: string; amountCents: number }[];
  /** The league's unit for its holders' distances (app/lib/sidepots/distances.ts), which are stored in cm. */
  distanceUnit: DistanceUnit;
};

/** A custom pot has one "hole", 0: the admin's choice of winners. */
export const CUSTOM_HOLE = 0;

export const floorToQuarter = (cents: number) => Math.floor(cents / QUARTER_CENTS) * QUARTER_CENTS;

export type PotWin = { hole: number; entryId: number; amountCents: number };

/**
 * The wins of a pot worth `prizeCents` over `holes` (a custom pot: [0]), given each hole's
 * winners (entry ids; a hole missing or empty has none), and what rolls over.
 */
export function splitPot(prizeCents: number, holes: readonly number[], winners: ReadonlyMap<number, readonly number[]>) {
  if (!Number.isSafeInteger(prizeCents) || prizeCents < 0) throw new RangeError(`prize must be whole cents, got ${prizeCents}`);
  const perHole = holes.length ? floorToQuarter(prizeCents / holes.length) : 0;
  const wins: PotWin[] = [];
  for (const hole of holes) {
    const ids = [...new Set(winners.get(hole) ?? [])].sort((a, b) => a - b);
    if (ids.length === 0) continue;
    const each = floorToQuarter(perHole / ids.length);
    if (each > 0) for (const entryId of ids) wins.push({ hole, entryId, amountCents: each });
  }
  const paidCents = wins.reduce((sum, w) => sum + w.amountCents, 0);
  return { wins, paidCents, rolloverCents: prizeCents - paidCents };
}

/** "Hole 3" or, for a custom pot, the pot itself. */
export const holeLabel = (hole: number) => (hole === CUSTOM_HOLE ? "Winner" : `Hole ${hole}`);

/** The holes of a CTP pot as stored (a JSON list), or [0] for a custom pot. */
export function potHoles(kind: PotKind, holes: string | null): number[] {
  if (kind === "custom") return [CUSTOM_HOLE];
  try {
    const parsed: unknown = JSON.parse(holes ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((h): h is number => Number.isInteger(h) && h > 0) : [];
  } catch {
    return [];
  }
}

/** The holes of a round's CTP pots, once each and in order: marked on the printed cards and the scoring page (ADR 38). */
export function ctpHolesOf(pots: readonly Pick<PotView, "kind" | "holes">[]): number[] {
  return [...new Set(pots.filter((p) => p.kind === "ctp").flatMap((p) => p.holes))].sort((a, b) => a - b);
}

/** "3", "3 and 7", "3, 7 and 12". */
export function holesWords(holes: readonly number[]): string {
  return holes.length < 2 ? holes.join("") : `${holes.slice(0, -1).join(", ")} and ${holes.at(-1)}`;
}
