import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, inLeague } from "../../db/client";
import { sidePotWins, sidePots } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict } from "../../errors";
import type { SidePotsState } from "./in-round";
import { type PotWin, splitPot } from "~/lib/sidepots/side-pots";
import { rolloverBeforeSql } from "./pot-sql";

// Paying a round's side pots (ADR 30), planned inside "Credit payouts" so the wins reach
// credit in the same batch as the payouts. Each pot's prize is its buy-ins and what the
// last paid pot of its name rolled over; the holes' holders share it (lib/sidepots/side-pots.ts).
// Pots of one name are paid in round order: an earlier one still unpaid is refused first,
// and a pot whose rollover already went into a later paid one cannot change what it paid.

export const SETTLE_MESSAGES = {
  unmeasured: (holes: string[]) =>
    `Not measured yet: ${holes.join("; ")}. ${holes.length > 1 ? "Measure them or settle them" : "Measure it or settle it"} on the night screen, or confirm to pay ${holes.length > 1 ? "them" : "it"} as ${holes.length > 1 ? "they stand" : "it stands"}.`,
  earlier: (pot: string, round: string) => `Pay ${pot} of ${round} first: what it leaves rolls over into this round's.`,
  later: (pot: string, round: string) =>
    `${pot} was paid before and ${round}'s ${pot} took its rollover: its winners can no longer change.`,
} as const;

const sameWins = (a: readonly PotWin[], b: readonly PotWin[]) => {
  const key = (w: PotWin) => `${w.hole}:${w.entryId}:${w.amountCents}`;
  return a.length === b.length && a.map(key).sort().join() === b.map(key).sort().join();
};

/** The statements that pay the round's pots, and what each entry wins, to add to its credit. */
export function planPotPayments(db: Db, state: SidePotsState) {
  const statements: BatchItem<"sqlite">[] = [];
  const winsByEntry = new Map<number, number>();
  for (const pot of state.sidePots) {
    if (pot.earlierUnpaid) throw conflict(SETTLE_MESSAGES.earlier(pot.name, pot.earlierUnpaid));
    const prizeCents = pot.rolloverInCents + pot.buyInCents * pot.entryIds.length;
    const inPot = new Set(pot.entryIds);
    const winners = new Map<number, number[]>();
    for (const m of pot.marks) if (inPot.has(m.entryId)) winners.set(m.hole, [...(winners.get(m.hole) ?? []), m.entryId]);
    const { wins } = splitPot(prizeCents, pot.holes, winners);
    for (const w of wins) winsByEntry.set(w.entryId, (winsByEntry.get(w.entryId) ?? 0) + w.amountCents);
    const unchanged =
      pot.settledAt !== null && pot.prizeCents === prizeCents && pot.carriedInCents === pot.rolloverInCents && sameWins(wins, pot.wins);
    if (unchanged) continue;
    if (pot.laterPaid) throw conflict(SETTLE_MESSAGES.later(pot.name, pot.laterPaid));
    statements.push(
      db
        .update(sidePots)
        .set({ settledAt: sql`coalesce(${sidePots.settledAt}, unixepoch())`, carriedInCents: pot.rolloverInCents, prizeCents })
        .where(and(inLeague(db, sidePots), eq(sidePots.id, pot.id))),
      db.delete(sidePotWins).where(and(inLeague(db, sidePotWins), eq(sidePotWins.potId, pot.id))),
      ...wins.map((w) => db.insert(sidePotWins).values({ leagueId: db.leagueId, potId: pot.id, ...w })),
      // The rollover read is still what holds (another round's pot of the name paid meanwhile: plan again).
      writeGuard(db, "roundChanged", sql`${rolloverBeforeSql(db, pot.name, state.round.startsAt, pot.id)} <> ${pot.rolloverInCents}`),
    );
  }
  return { statements, winsByEntry };
}

/** The round's pots as `holesToMeasure` reads them (~/lib/sidepots/ctp-rules.ts), from a round write's state. */
export function heldPots(state: SidePotsState) {
  const names = new Map(state.entries.map((e) => [e.id, e.name]));
  return state.sidePots.map((pot) => ({
    name: pot.name,
    kind: pot.kind,
    paid: pot.settledAt !== null,
    holders: pot.holes.map((hole) => ({
      hole,
      holders: pot.marks
        .filter((m) => m.hole === hole && pot.entryIds.includes(m.entryId))
        .map((m) => ({ name: names.get(m.entryId) ?? "a withdrawn player", settled: m.settled, distanceCm: m.distanceCm })),
    })),
  }));
}
