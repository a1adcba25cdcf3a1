import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { recordCash } from "~/.server/services/entries/cash";
import { giveBackPayment, takeBackCredit } from "~/.server/services/money/money-issues";
import { keepEntry } from "~/.server/services/money/refunds";
import { excessToCredit, voidCash } from "~/.server/services/entries/overpaid";
import { formatCents } from "~/lib/shared/money";
import { EntryMoneyFormSchema } from "~/schemas/money-actions";

/**
 * The money forms of the admin's entries screen (ADR 22): cash paid at the course, keeping
 * an entry PayPal refunded, and the fixes for money the books check flags. Withdrawing an
 * entry is the screen's delete (entry-form.ts).
 */
export function handleEntryMoneyForm(request: Request, db: Db, roundId: number) {
  return handleForm(request, EntryMoneyFormSchema, async (input) => {
    switch (input.intent) {
      case "cash": {
        const cash = await recordCash(db, {
          entryId: input.id,
          amountCents: input.amount,
          note: input.note,
          requestKey: input.request_key,
          moreThanOwed: input.more_than_owed,
          inRound: roundId,
        });
        return { success: `Recorded ${formatCents(cash.amountCents)} in cash from ${cash.playerName}.` };
      }
      case "voidCash":
        return { success: await voidCash(db, { paymentId: input.payment, reason: input.reason, inRound: roundId }) };
      case "excessToCredit":
        return { success: await excessToCredit(db, { entryId: input.id, inRound: roundId }) };
      case "keepEntry": {
        const { name } = await keepEntry(db, input.id, roundId);
        return { success: `Kept ${name}'s entry: PayPal's refund stands, and the entry shows what it owes.` };
      }
      case "giveBack":
        return { success: await giveBackPayment(db, input.payment, roundId) };
      case "takeBack":
        return { success: await takeBackCredit(db, input.payment, roundId) };
    }
  });
}
