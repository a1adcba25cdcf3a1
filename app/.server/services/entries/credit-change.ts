import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { entries, payments } from "../../db/schema";
import type { RoundChange, RoundState } from "./participants";
import { joinPots } from "../sidepots/signup-pots";
import type { SignUpQuote } from "~/lib/signup/pricing";

// The round change a credit sign-up makes, shared by the player's own sign-up and the
// waitlist's entry from credit at once (ADR 28). Its own module so that the waitlist's
// settling, which a sign-up runs first, does not import the sign-up back.

export type CreditSignUp = {
  userId: number;
  roundId: number;
  division: string;
  ace: boolean;
  player: { id: number; name: string; balanceCents: number };
  quote: SignUpQuote;
  /** Side pots bought into with the entry (ADR 30). */
  potIds?: number[];
};

/**
 * The round change of a sign-up paid wholly by credit: a payment of method credit and the
 * entry, after `before` (the waitlist's own statements when a place is filled from it, ADR
 * 28), guarded by the player's balance and by the round's caps. Answers the entry's id.
 */
export function creditSignUpChange(db: Db, state: RoundState, s: CreditSignUp, before: BatchItem<"sqlite">[]): RoundChange<number> {
  return {
    statements: [
      ...before,
      db.insert(payments).values({
        leagueId: db.leagueId,
        userId: s.userId,
        roundId: s.roundId,
        playerId: s.player.id,
        method: "credit",
        status: "completed",
        amountCents: 0,
        creditUsedCents: s.quote.creditUsedCents,
        aceOptIn: s.ace,
        division: s.division,
      }),
      // The batch runs in order on one connection: last_insert_rowid() is the payment.
      db
        .insert(entries)
        .values({
          leagueId: db.leagueId,
          roundId: s.roundId,
          playerId: s.player.id,
          division: s.division,
          ace: s.ace,
          creditUsedCents: s.quote.creditUsedCents,
          paymentId: sql`last_insert_rowid()`,
        })
        .returning({ id: entries.id }),
      ...joinPots(db, s.roundId, s.player.id, s.potIds ?? []),
    ],
    after: [...state.entries, { id: null, division: s.division, score: 0 }],
    guardPlayers: [
      { playerId: s.player.id, name: s.player.name, balanceCents: s.player.balanceCents, deltaCents: -s.quote.creditUsedCents },
    ],
    takesPlace: { playerId: s.player.id, division: s.division },
    answer: (results) => {
      const id = (results.at(-1 - (s.potIds ?? []).length) as { id: number }[] | undefined)?.[0]?.id;
      if (id === undefined) throw new Error("the entry insert returned no row");
      return id;
    },
  };
}
