import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { handOver, notify } from "~/.server/follow-ups";
import type { League } from "~/.server/league";
import { addAce, addTransfer, deleteAce, deleteTransfer } from "~/.server/services/money/ledger";
import { formatCents } from "~/lib/shared/money";
import { nowSeconds, zonedTimeToEpoch } from "~/lib/shared/time";
import { LedgerFormSchema } from "~/schemas/ledger";

/**
 * The admin's forms on /transfers and /aces: add or delete a transfer, add or delete an
 * ace. A form's date is a day in the league's zone, stored as noon that day (an ace then
 * ties to the round played that evening); an ace recorded today before noon was paid by
 * now, so it is dated now, in the pot as of now (ADR 21).
 */
export function handleLedgerForm(request: Request, db: Db, league: League) {
  const noon = (p: { year: number; month: number; day: number }) => zonedTimeToEpoch({ ...p, hour: 12 }, league.timeZone);
  return handleForm(request, LedgerFormSchema, async (input) => {
    switch (input.intent) {
      case "addTransfer":
        await addTransfer(db, {
          date: noon(input.date),
          fromPlayerId: input.fromPlayer,
          toPlayerId: input.toPlayer,
          amountCents: input.amount,
          description: input.description,
        });
        return { success: `Transfer of ${formatCents(input.amount)} added.` };
      case "deleteTransfer":
        await deleteTransfer(db, input.id);
        return { success: "Transfer deleted." };
      case "addAce": {
        const aceId = await addAce(db, {
          date: Math.min(noon(input.date), nowSeconds()),
          playerId: input.player,
          amountCents: input.amount,
        });
        // Those in the league who asked to hear of an ace are told (ADR 49).
        handOver(db, [notify({ kind: "ace", aceId })]);
        return { success: `Ace of ${formatCents(input.amount)} added.` };
      }
      case "deleteAce":
        await deleteAce(db, input.id);
        return { success: "Ace deleted." };
    }
  });
}
