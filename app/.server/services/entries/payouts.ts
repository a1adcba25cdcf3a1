import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, inLeague } from "../../db/client";
import { entries } from "../../db/schema";
import { conflict } from "../../errors";
import type { GuardedPlayer } from "../money/in-round";
import { type StateEntry, commitQuietChange } from "./participants";
import { SETTLE_MESSAGES, heldPots, planPotPayments } from "../sidepots/settle";
import { holesToMeasure } from "~/lib/sidepots/ctp-rules";
import { payoutsByEntry } from "~/lib/rounds/payouts";
import { DOUBLES_DIVISION } from "~/lib/doubles/doubles";
import { payoutUnits, waitingFor } from "~/lib/rounds/payout-preview";

// A round's payouts written to its entries (ADR 14): brought in line with the scores, and
// credited to the players ("Credit payouts", ADR 30, 37). Neither leaves a follow-up: the
// handler of "Credit payouts" hands over the `results` notice itself (ADR 49).

const money = (e: Pick<StateEntry, "creditAddedCents" | "creditUsedCents">) => e.creditAddedCents - e.creditUsedCents;

/** The balance guard of an entry whose credit moves from `e`'s to `next`'s. */
export function guardOf(e: StateEntry, next: { creditAddedCents: number; creditUsedCents: number }): GuardedPlayer {
  return { playerId: e.playerId, name: e.name, balanceCents: e.balanceCents, deltaCents: money(next) - money(e) };
}

/** Rewrites the round's stored payouts and labels where they differ from the computed ones: answers how many. */
export async function syncPayouts(db: Db, roundId: number): Promise<number> {
  return commitQuietChange(db, roundId, (state) => ({
    statements: [],
    after: state.entries,
    guardPlayers: [],
    answer: (_, written) => written,
  }));
}

/**
 * "Credit payouts": credit_added = payout + payout adjust (never below 0) + side pot wins for every entry
 * of the round. Refused while a division still has a score of 0: its payouts are not known.
 */
export async function creditPayouts(db: Db, roundId: number, opts: { confirmUnmeasured?: boolean } = {}): Promise<number> {
  return commitQuietChange(db, roundId, (state) => {
    if (state.entries.length === 0) throw conflict("This round has no entries.");
    // A doubles round waits for its teams' scores (ADR 31); either way, say who holds it up and what to do.
    const doubles = state.entries.some((e) => e.team !== null);
    const held = state.entries.filter((e) => e.score <= 0 && !e.dnf);
    const waiting = doubles ? (payoutUnits(state.entries).some((u) => u.score <= 0 && !u.dnf) ? [DOUBLES_DIVISION] : []) : held;
    if (waiting.length) {
      const fields = doubles ? DOUBLES_DIVISION : [...new Set(held.map((e) => e.division))].join(", ");
      const who = waitingFor(payoutUnits(state.entries));
      throw conflict(`Enter every score first: ${fields} still has entries without a score.${who ? ` ${who}` : ""}`);
    }
    // A CTP hole held without a distance is paid only when the admin says so (ADR 30, amended).
    const unmeasured = holesToMeasure(heldPots(state));
    if (unmeasured.length && !opts.confirmUnmeasured) throw conflict(SETTLE_MESSAGES.unmeasured(unmeasured));
    const payouts = payoutsByEntry(state.entries, state.round.payoutCents);
    // The side pots are paid in the same batch: their wins join each winner's credit (ADR 30).
    const pots = planPotPayments(db, state);
    const statements: BatchItem<"sqlite">[] = [...pots.statements];
    const guardPlayers: GuardedPlayer[] = [];
    for (const e of state.entries) {
      const credit = Math.max(0, (payouts.get(e.id)?.payoutCents ?? 0) + e.payoutAdjustCents) + (pots.winsByEntry.get(e.id) ?? 0);
      if (credit === e.creditAddedCents && credit === e.creditedForCents) continue;
      // What it was credited for: a payout that moves from it later leaves the credit stale (ADR 37).
      statements.push(
        db
          .update(entries)
          .set({ creditAddedCents: credit, creditedForCents: credit })
          .where(and(inLeague(db, entries), eq(entries.id, e.id))),
      );
      guardPlayers.push(guardOf(e, { ...e, creditAddedCents: credit }));
    }
    const credited = guardPlayers.filter((g) => g.deltaCents !== 0).length;
    return { statements, after: state.entries, guardPlayers, answer: () => credited };
  });
}
