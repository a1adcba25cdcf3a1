import { type AdminEnv, adminSubApp } from "./context";
import { entryJson, newEntryJson } from "./serializers/entries";
import { toDollars } from "./serializers/money";
import { withdrawalJson } from "./serializers/withdrawals";
import { body } from "./validate";
import { recordCash } from "~/.server/services/entries/cash";
import { entryById } from "~/.server/services/entries/entries";
import { addEntryRow, deleteEntry, updateEntries, updateEntry } from "~/.server/services/entries/entry-admin";
import { creditPayouts, syncPayouts } from "~/.server/services/entries/payouts";
import {
  CreditPayoutsSchema,
  EntryAddSchema,
  EntryBulkSchema,
  EntryDeleteSchema,
  EntryPayoutsSchema,
  EntryUpdateSchema,
} from "~/schemas/entries";
import { CashSchema, ExcessToCreditSchema, KeepEntrySchema, VoidCashSchema } from "~/schemas/money-actions";
import { excessToCredit, voidCash } from "~/.server/services/entries/overpaid";
import { keepEntry } from "~/.server/services/money/refunds";
import { liveRosterChanged } from "~/.server/services/live/live-object";
import type { Context } from "hono";
import { handOver, handedOver, notify } from "~/.server/follow-ups";

// Every write answers after the round's payouts and result labels were rewritten with it.
// An edit or delete names the version of each entry as it was read (GET answers carry it):
// one against an entry that changed since is refused with 409 (ADR 20).

/** The round of the spec's `/payouts` body: its round_id, or the round of the entries it lists. */
async function payoutsRound(c: Context<AdminEnv>, input: { round_id: number } | { entries: { id: number }[] }): Promise<number> {
  if ("round_id" in input) return input.round_id;
  const [first] = input.entries;
  return first ? (await entryById(c.var.db, first.id)).roundId : 0;
}

/** Entry administration; mounted in ./admin.ts behind the admin guard. */
export const adminEntriesApi = adminSubApp()
  .post("/entry/add", body(EntryAddSchema), async (c) => {
    const entry = handedOver(c.var.db, await addEntryRow(c.var.db, c.req.valid("json").values));
    return c.json(newEntryJson(entry), 201);
  })
  .post("/entry/update", body(EntryUpdateSchema), async (c) => {
    const { id, version, values } = c.req.valid("json");
    const entry = handedOver(c.var.db, await updateEntry(c.var.db, { id, version, value: values }));
    return c.json({ success: true, entry: entryJson(entry) });
  })
  .post("/entry/bulk", body(EntryBulkSchema), async (c) => {
    const updated = handedOver(c.var.db, await updateEntries(c.var.db, c.req.valid("json").data));
    return c.json({ success: true, updated });
  })
  // A withdrawal (ADR 22): what paid for the entry comes back as credit; the answer says how much.
  // A reason once the player is checked in; refused once their card has a score (ADR 34).
  .post("/entry/delete", body(EntryDeleteSchema), async (c) => {
    const { id, version, reason } = c.req.valid("json");
    const w = await deleteEntry(c.var.db, id, version, undefined, reason);
    handOver(c.var.db, w.followUps);
    if (w.onPublishedCard) await liveRosterChanged(c.env, c.var.league.id, w.roundId);
    return c.json({ success: true, withdrawn: withdrawalJson(w) });
  })
  // Cash paid at the course for an entry (ADR 22): a payment of method cash; a retry with
  // the same request_key answers the payment the first try made (ADR 25).
  .post("/entry/cash", body(CashSchema), async (c) => {
    const { id, amount, note, request_key, more_than_owed } = c.req.valid("json");
    const cash = await recordCash(c.var.db, {
      entryId: id,
      amountCents: amount,
      note,
      requestKey: request_key,
      moreThanOwed: more_than_owed,
    });
    return c.json({ success: true, payment_id: cash.paymentId, amount: toDollars(cash.amountCents), player_name: cash.playerName }, 201);
  })
  // The books check's fixes for an entry paid more than its price (ADR 37).
  .post("/entry/voidCash", body(VoidCashSchema), async (c) => {
    const { payment_id, reason } = c.req.valid("json");
    return c.json({ success: true, message: await voidCash(c.var.db, { paymentId: payment_id, reason }) });
  })
  .post("/entry/excessToCredit", body(ExcessToCreditSchema), async (c) => {
    return c.json({ success: true, message: await excessToCredit(c.var.db, { entryId: c.req.valid("json").id }) });
  })
  // Keep an entry whose payment PayPal refunded: it stands, owing what was refunded (ADR 22).
  .post("/entry/keep", body(KeepEntrySchema), async (c) => {
    await keepEntry(c.var.db, c.req.valid("json").id);
    return c.json({ success: true });
  })
  // The server computes payouts itself; the body only says which round (ADR 14).
  .post("/entry/payouts", body(EntryPayoutsSchema), async (c) => {
    const updated = await syncPayouts(c.var.db, await payoutsRound(c, c.req.valid("json")));
    return c.json({ success: true, updated });
  })
  .post("/entry/creditPayouts", body(CreditPayoutsSchema), async (c) => {
    const { round_id, confirm_unmeasured } = c.req.valid("json");
    const updated = await creditPayouts(c.var.db, round_id, { confirmUnmeasured: confirm_unmeasured });
    // Each entered player is told their place and credit, once per credit that changed something (ADR 49).
    handOver(c.var.db, [notify({ kind: "results", roundId: round_id })]);
    return c.json({ success: true, updated });
  });
