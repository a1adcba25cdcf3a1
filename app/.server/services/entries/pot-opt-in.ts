import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, dbNow, inLeague, raisedBy } from "../../db/client";
import { entries, sidePotMarks, sidePotPlayers, transfers } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { roundMoneyOf, roundPayments } from "../money/round-money";
import type { GuardedPlayer } from "../money/in-round";
import { commitQuietChange } from "./participants";
import { getRound } from "../rounds/rounds";
import { formatCents } from "~/lib/shared/money";
import { entryTotalCents } from "~/lib/signup/pricing";
import { POT_MESSAGES } from "../sidepots/side-pots";

// A player into or out of a round's side pot at check-in (ADR 30), by an admin, as one
// write of the round (ADR 14). In: the buy-in joins the entry's price, owed until paid (in
// cash, like the entry) or taken from the player's credit at once. Out: what the entry had
// paid beyond its new price comes back as credit, from the credit it used first, and any
// hole it held is open again.

export type PotChoice = { potId: number; entryId: number; join: boolean; fromCredit: boolean };

export const OPT_IN_MESSAGES = {
  already: (name: string, pot: string) => `${name} is already in ${pot}.`,
  notIn: (name: string, pot: string) => `${name} is not in ${pot}.`,
} as const;

export async function choosePot(db: Db, roundId: number, choice: PotChoice): Promise<string> {
  const round = await getRound(db, roundId);
  const payments = await roundPayments(db, roundId);
  try {
    return await commitQuietChange(db, roundId, (state) => {
      const pot = state.sidePots.find((p) => p.id === choice.potId);
      if (!pot) throw notFound("Side pot not found");
      const entry = state.entries.find((e) => e.id === choice.entryId);
      if (!entry) throw notFound("Entry not found");
      if (pot.settledAt !== null) throw conflict(POT_MESSAGES.paid(pot.name));
      const isIn = pot.entryIds.includes(entry.id);
      const statements: BatchItem<"sqlite">[] = [];
      const guardPlayers: GuardedPlayer[] = [];
      let said: string;
      if (choice.join) {
        if (isIn) throw conflict(OPT_IN_MESSAGES.already(entry.name, pot.name));
        statements.push(db.insert(sidePotPlayers).values({ leagueId: db.leagueId, potId: pot.id, entryId: entry.id }));
        if (choice.fromCredit) {
          statements.push(
            db
              .update(entries)
              .set({ creditUsedCents: entry.creditUsedCents + pot.buyInCents })
              .where(and(inLeague(db, entries), eq(entries.id, entry.id))),
          );
          guardPlayers.push({ playerId: entry.playerId, name: entry.name, balanceCents: entry.balanceCents, deltaCents: -pot.buyInCents });
          said = `${entry.name} is in ${pot.name}: ${formatCents(pot.buyInCents)} paid from credit.`;
        } else said = `${entry.name} is in ${pot.name}: ${formatCents(pot.buyInCents)} more to pay.`;
      } else {
        if (!isIn) throw conflict(OPT_IN_MESSAGES.notIn(entry.name, pot.name));
        statements.push(
          db
            .delete(sidePotPlayers)
            .where(and(inLeague(db, sidePotPlayers), eq(sidePotPlayers.potId, pot.id), eq(sidePotPlayers.entryId, entry.id))),
          // Out of the pot, out of its holes: a hole they held is open again.
          db
            .delete(sidePotMarks)
            .where(and(inLeague(db, sidePotMarks), eq(sidePotMarks.potId, pot.id), eq(sidePotMarks.entryId, entry.id))),
        );
        // What the entry paid beyond its price without this pot comes back: credit first.
        const paid = roundMoneyOf(round, [entry], payments).byEntry.get(entry.id)?.paidCents ?? 0;
        const back = Math.min(pot.buyInCents, Math.max(0, paid - entryTotalCents(round, entry.ace, entry.sidePotsCents - pot.buyInCents)));
        const fromCredit = Math.min(back, entry.creditUsedCents);
        if (fromCredit > 0) {
          statements.push(
            db
              .update(entries)
              .set({ creditUsedCents: entry.creditUsedCents - fromCredit })
              .where(and(inLeague(db, entries), eq(entries.id, entry.id))),
          );
        }
        if (back > fromCredit) {
          statements.push(
            db.insert(transfers).values({
              leagueId: db.leagueId,
              date: dbNow,
              fromPlayerId: null,
              toPlayerId: entry.playerId,
              amountCents: back - fromCredit,
              description: `Left ${pot.name} in ${state.round.name}: the buy-in back as credit`,
            }),
          );
        }
        said = back > 0 ? `${entry.name} left ${pot.name}: ${formatCents(back)} back as credit.` : `${entry.name} left ${pot.name}.`;
      }
      return { statements, after: state.entries, guardPlayers, answer: () => said };
    });
  } catch (err) {
    if (raisedBy(err, "side_pot_settled")) throw conflict("This side pot was paid meanwhile: it can no longer change.");
    throw err;
  }
}
