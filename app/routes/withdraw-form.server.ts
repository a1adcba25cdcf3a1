import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { adminWithdrawalMessage, playerWithdrawalMessage } from "~/.server/services/entries/withdrawal-messages";
import { WithdrawFormSchema } from "~/schemas/money-actions";
import { liveRosterChanged } from "~/.server/services/live/live-object";
import { handOver } from "~/.server/follow-ups";

/** The round page's Withdraw (ADR 22): the signed-in player's own entry of this round; the answer says what came back. */
export function handleWithdrawForm(request: Request, db: Db, env: Env, session: Session, roundId: number) {
  return handleForm(request, WithdrawFormSchema, async ({ id }) => {
    const who = can(standingOf(session), "runNight") ? ({ admin: true } as const) : ({ admin: false, userId: session.user.id } as const);
    const w = await withdrawEntry(db, id, who, { inRound: roundId });
    handOver(db, w.followUps);
    if (w.onPublishedCard) await liveRosterChanged(env, db.leagueId, roundId);
    return { success: can(standingOf(session), "runNight") ? adminWithdrawalMessage(w) : playerWithdrawalMessage(w) };
  });
}
