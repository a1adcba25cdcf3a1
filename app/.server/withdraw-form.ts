import type { Session } from "./auth/current-user";
import type { Db } from "./db/client";
import { handleForm } from "./forms";
import { withdrawEntry } from "./services/withdrawal";
import { adminWithdrawalMessage, playerWithdrawalMessage } from "./services/withdrawal-messages";
import { WithdrawFormSchema } from "~/schemas/money-actions";

/** The round page's Withdraw (ADR 22): the signed-in player's own entry of this round; the answer says what came back. */
export function handleWithdrawForm(request: Request, db: Db, session: Session, roundId: number) {
  return handleForm(request, WithdrawFormSchema, async ({ id }) => {
    const who = session.isAdmin ? ({ admin: true } as const) : ({ admin: false, userId: session.user.id } as const);
    const w = await withdrawEntry(db, id, who, { inRound: roundId });
    return { success: session.isAdmin ? adminWithdrawalMessage(w) : playerWithdrawalMessage(w) };
  });
}
