import { adminSubApp } from "./context";
import { RoundIdParam } from "./params";
import { body, param } from "./validate";
import { handedOver } from "~/.server/follow-ups";
import { liveRosterChanged } from "~/.server/services/live/live-object";
import { cancelRound } from "~/.server/services/rainouts/cancel";
import { restoreRound } from "~/.server/services/rainouts/restore";
import { CANCEL_MESSAGES, RESTORE_MESSAGES } from "~/lib/rainouts/messages";
import { CancelSchema } from "~/schemas/rainouts";

// Rain-outs (ADR 50), mounted in ./admin.ts behind the admin guard for the roles that run a
// night (./admin-access.ts). A cancel gives everything paid back as credit in one batch and
// tells the players (a follow-up); a restore takes exactly that back, or is refused naming
// why. Either way the round's live copy reads its cards again: void, or counting again.

const roundParam = param(RoundIdParam);

export const adminRainoutsApi = adminSubApp()
  .post("/rounds/:id/cancel", roundParam, body(CancelSchema), async (c) => {
    const { user } = await c.var.caller.session;
    const id = c.req.valid("param").id;
    const done = handedOver(c.var.db, await cancelRound(c.var.db, id, { ...c.req.valid("json"), userId: user.id }));
    await liveRosterChanged(c.env, c.var.league.id, id);
    return c.json({
      success: true,
      message: CANCEL_MESSAGES.done(done.roundName, done.totalCents, done.given.length),
      cancelled: {
        roundId: done.roundId,
        reason: done.reason,
        total: done.totalCents / 100,
        given: done.given.map((g) => ({ playerId: g.playerId, credit: g.creditCents / 100, paid: g.paymentCents / 100 })),
      },
    });
  })
  .post("/rounds/:id/restore", roundParam, async (c) => {
    const id = c.req.valid("param").id;
    const done = handedOver(c.var.db, await restoreRound(c.var.db, id));
    await liveRosterChanged(c.env, c.var.league.id, id);
    return c.json({ success: true, message: RESTORE_MESSAGES.done(done.roundName), restored: { roundId: done.roundId } });
  });
