import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import { handleForm } from "~/.server/forms";
import { handOver, handedOver } from "~/.server/follow-ups";
import { liveRosterChanged } from "~/.server/services/live/live-object";
import { cancelRound } from "~/.server/services/rainouts/cancel";
import { endRoundEarly } from "~/.server/services/rainouts/end-early";
import { postponeRound } from "~/.server/services/rainouts/postpone";
import { restoreRound } from "~/.server/services/rainouts/restore";
import { CANCEL_MESSAGES, RESTORE_MESSAGES } from "~/lib/rainouts/messages";
import { formatDateTime, zonedTimeToEpoch } from "~/lib/shared/time";
import { RAINOUT_INTENTS, type RainoutForm, RainoutFormSchema } from "~/schemas/rainouts";

// The rain-out forms (ADR 50) of the night screen and the entries screen: cancel, restore,
// postpone and end early, each answered with a sentence the screen shows in place. The same
// services as the /api's (workers/api/admin-rainouts.ts); the round is the URL's.

export type RainoutContext = { db: Db; env: Env; roundId: number; session: Session; timeZone: string };

/** Whether a posted intent is a rain-out's. */
export const isRainoutIntent = (intent: string) => (RAINOUT_INTENTS as readonly string[]).includes(intent);

export function handleRainoutForm(request: Request, ctx: RainoutContext) {
  return handleForm(request, RainoutFormSchema, (input) => run(input, ctx));
}

async function run(input: RainoutForm, { db, env, roundId, session, timeZone }: RainoutContext): Promise<{ success: string }> {
  switch (input.intent) {
    case "cancelRound": {
      const done = handedOver(
        db,
        await cancelRound(db, roundId, { reason: input.reason, acesStand: input.aces_stand === "on", userId: session.user.id }),
      );
      await liveRosterChanged(env, db.leagueId, roundId);
      return { success: CANCEL_MESSAGES.done(done.roundName, done.totalCents, done.given.length) };
    }
    case "restoreRound": {
      const done = handedOver(db, await restoreRound(db, roundId));
      await liveRosterChanged(env, db.leagueId, roundId);
      return { success: RESTORE_MESSAGES.done(done.roundName) };
    }
    case "postponeRound": {
      const startsAt = zonedTimeToEpoch({ ...input.date, ...input.time }, timeZone);
      const done = await postponeRound(db, roundId, { startsAt, version: input.version });
      handOver(db, done.followUps);
      return { success: `Postponed to ${formatDateTime(done.value.startsAt, timeZone)}. Its players are told.` };
    }
    case "endEarly": {
      const done = await endRoundEarly(env, db, roundId, { userId: session.user.id, name: session.user.name });
      return {
        success: `Ended early: ${done.players} ${done.players === 1 ? "result" : "results"} to par over the holes each card finished.`,
      };
    }
  }
}
