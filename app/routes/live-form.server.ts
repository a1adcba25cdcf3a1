import type { Session } from "~/.server/auth/current-user";
import { handleForm } from "~/.server/forms";
import { liveRound, orRefused } from "~/.server/services/live/live-object";
import { FinalizeFormSchema } from "~/schemas/live-forms";

// The night screen's Finalise (ADR 26): the live totals become the round's scores,
// payouts, places and ratings, through the round's one write.

export function finalizeLiveForm(request: Request, env: Env, leagueId: number, roundId: number, session: Session) {
  return handleForm(request, FinalizeFormSchema, async ({ confirm_unsigned }) => {
    const caller = { userId: session.user.id, name: session.user.name, role: "admin", playerId: null } as const;
    const done = orRefused(await liveRound(env, leagueId, roundId).finalize(caller, confirm_unsigned));
    const unsigned = done.unsigned.length ? ` Scorecards finalised without every signature: ${done.unsigned.join(", ")}.` : "";
    return {
      success: done.again
        ? `The round was finalised before: ${done.changed} ${done.changed === 1 ? "score" : "scores"} changed since.`
        : `Finalised: ${done.players} players' totals are the round's results.${unsigned}`,
    };
  });
}
