import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { checkIn, undoCheckIn } from "~/.server/services/night/check-in";
import { formatCents } from "~/lib/shared/money";
import { CheckInFormSchema } from "~/schemas/night-forms";

/** The round page's Check in (and its undo, ADR 25): the signed-in player's own entry of this round. */
export function handleCheckInForm(request: Request, db: Db, session: Session, roundId: number, timeZone: string) {
  return handleForm(request, CheckInFormSchema, async (input) => {
    const who = { admin: can(standingOf(session), "runNight"), userId: session.user.id };
    if (input.intent === "undoCheckIn") {
      const done = await undoCheckIn(db, { roundId, entryId: input.entry_id, who, timeZone });
      return { success: done.changed ? "You are no longer checked in." : "You were not checked in." };
    }
    const done = await checkIn(db, { roundId, entryId: input.entry_id, who, useCredit: input.use_credit, timeZone });
    if (!done.changed) return { success: "You are checked in." };
    const paid = done.creditCents > 0 ? ` ${formatCents(done.creditCents)} of your credit paid for ${done.roundName}.` : "";
    return { success: `You are checked in for ${done.roundName}.${paid}` };
  });
}
