import { cachePublic } from "./cache";
import { subApp } from "./context";
import { EntriesRoundParam, EntryIdParam, RoundIdListParam } from "./params";
import { creditSignUpJson, entryJson, paidSignUpJson, payPalOrderJson, pendingSignUpJson } from "./serializers/entries";
import { requireUser } from "./auth";
import { body, optionalBody, param } from "./validate";
import { badRequest, conflict } from "~/.server/errors";
import { entriesForRound, entriesForRounds, entryById } from "~/.server/services/entries/entries";
import { createSignUpOrder, PAYPAL_MESSAGES } from "~/.server/services/signup/paypal-order";
import { captureSignUp } from "~/.server/services/signup/paypal-signup";
import { signUpWithCredit } from "~/.server/services/signup/signup";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { adminWithdrawalMessage, playerWithdrawalMessage } from "~/.server/services/entries/withdrawal-messages";
import { withdrawalJson } from "./serializers/withdrawals";
import { PayPalOrderSchema, SignUpSchema } from "~/schemas/entries";
import { WithdrawBodySchema } from "~/schemas/withdrawal";
import { liveRosterChanged } from "~/.server/services/live/live-object";
import { handOver } from "~/.server/follow-ups";
import { entryOwes } from "~/.server/services/night/entry-owes";
import { entryOwesJson } from "./serializers/night-desk";
import { requestPayPal } from "./paypal";

export const entriesApi = subApp()
  .get("/multi/:ids", param(RoundIdListParam), async (c) => {
    const list = await entriesForRounds(c.var.db, c.req.valid("param").ids);
    cachePublic(c, "entries", "players", "rounds");
    return c.json(list.map(entryJson));
  })
  .get("/:roundId", param(EntriesRoundParam), async (c) => {
    const list = await entriesForRound(c.var.db, c.req.valid("param").roundId);
    cachePublic(c, "entries", "players", "rounds");
    return c.json(list.map(entryJson));
  })
  // What one entry owes (ADR 25): a player their own entry's, an admin any.
  .get("/:id/owes", requireUser, param(EntryIdParam), async (c) => {
    const { caller } = c.var;
    const owes = await entryOwes(c.var.db, c.req.valid("param").id, { admin: caller.actsAsStaff(), userId: caller.userId });
    return c.json(entryOwesJson(owes));
  })
  // Step 1 of a sign-up paid with PayPal: the order for what credit leaves to pay.
  .post("/paypal-order", requireUser, body(PayPalOrderSchema), async (c) => {
    const v = c.req.valid("json");
    const { orderId, quote, followUps } = await createSignUpOrder(c.var.db, requestPayPal(c), {
      userId: c.var.caller.userId,
      playerId: v.player_id ?? null,
      roundId: v.round_id,
      division: v.division,
      ace: v.ace,
      sidePotIds: v.side_pots,
      creditRequestedCents: v.credit_used,
    });
    handOver(c.var.db, followUps);
    return c.json(payPalOrderJson(orderId, quote), 201);
  })
  // Withdrawing from a round (ADR 22, 34): a player their own entry before the round starts and
  // before check-in, an admin any entry until its card has a score (with a reason once checked
  // in); what paid for it comes back as league credit, and the answer says how much.
  .delete("/:id", requireUser, param(EntryIdParam), optionalBody(WithdrawBodySchema), async (c) => {
    const { caller } = c.var;
    const staff = caller.actsAsStaff();
    const who = staff ? ({ admin: true } as const) : ({ admin: false, userId: caller.userId } as const);
    const w = await withdrawEntry(c.var.db, c.req.valid("param").id, who, { reason: c.req.valid("json").reason });
    handOver(c.var.db, w.followUps);
    if (w.onPublishedCard) await liveRosterChanged(c.env, c.var.league.id, w.roundId);
    const message = staff ? adminWithdrawalMessage(w) : playerWithdrawalMessage(w);
    return c.json({ success: true, message, ...withdrawalJson(w) });
  })
  // A user's sign-up: by credit, or the capture of an approved PayPal order.
  .post("/", requireUser, body(SignUpSchema), async (c) => {
    const v = c.req.valid("json");
    const userId = c.var.caller.userId;
    if (v.method === "paypal") {
      // The order says what is paid for; the body's other fields are not trusted for it.
      const orderId = v.payment_data?.orderID;
      if (!orderId) throw badRequest("payment_data.orderID is required to sign up with PayPal");
      // The body's fields only key the plan's reads ahead of the payment's; the payment decides.
      const guess = { playerId: v.player_id, roundId: v.round_id, division: v.division, sidePotIds: v.side_pots };
      const outcome = await captureSignUp(c.var.db, requestPayPal(c), userId, orderId, guess);
      if (outcome.kind === "entered") handOver(c.var.db, outcome.followUps ?? []);
      if (outcome.kind === "pending") return c.json(pendingSignUpJson(PAYPAL_MESSAGES.pending), 202);
      if (outcome.kind !== "entered") throw conflict(outcome.message);
      return c.json(paidSignUpJson(outcome.entry ?? (await entryById(c.var.db, outcome.entryId))), 201);
    }
    const {
      entry,
      quote,
      followUps: after,
    } = await signUpWithCredit(c.var.db, {
      userId,
      playerId: v.player_id,
      roundId: v.round_id,
      division: v.division,
      ace: v.ace,
      sidePotIds: v.side_pots,
      creditRequestedCents: v.credit_used,
    });
    handOver(c.var.db, after);
    return c.json(creditSignUpJson(entry, quote), 201);
  });
