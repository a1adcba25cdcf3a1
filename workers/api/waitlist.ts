import { adminSubApp, subApp } from "./context";
import { RoundIdParam } from "./params";
import { requireUser } from "./auth";
import { creditSignUpJson } from "./serializers/entries";
import { fieldJson, listRowJson, placeJson } from "./serializers/waitlist";
import { body, param } from "./validate";
import { notFound } from "~/.server/errors";
import { saveFieldCaps } from "~/.server/services/waitlist/caps";
import { readField } from "~/.server/services/waitlist/field";
import { confirmOffer, joinWaitlist, leaveWaitlist } from "~/.server/services/signup/waitlist";
import { roundWaitlist } from "~/.server/services/waitlist/waitlist-view";
import { FieldCapsSchema, JoinWaitlistSchema } from "~/schemas/waitlist";
import { nowSeconds } from "~/lib/shared/time";
import { handOver, runHandedOverNow } from "~/.server/follow-ups";

// A round's waitlist (ADR 28): the signed-in player joins, leaves and confirms a place
// offered to them by credit; the admin reads the list and sets the caps (mounted in
// ./admin.ts behind the admin guard).

const roundParam = param(RoundIdParam);

export const waitlistApi = subApp()
  .post("/:id/waitlist", requireUser, roundParam, body(JoinWaitlistSchema), async (c) => {
    const place = await joinWaitlist(c.var.db, { userId: c.var.caller.userId, roundId: c.req.valid("param").id, ...c.req.valid("json") });
    handOver(c.var.db, place.followUps);
    return c.json({ success: true, waitlist: placeJson(place) }, 201);
  })
  .delete("/:id/waitlist", requireUser, roundParam, async (c) => {
    const { declinedOffer, followUps } = await leaveWaitlist(c.var.db, c.var.caller.userId, c.req.valid("param").id);
    handOver(c.var.db, followUps);
    const message = declinedOffer ? "You turned down the place and left the waitlist." : "You left the waitlist.";
    return c.json({ success: true, message });
  })
  .post("/:id/waitlist/confirm", requireUser, roundParam, async (c) => {
    const { entry, quote, followUps } = await confirmOffer(c.var.db, c.var.caller.userId, c.req.valid("param").id);
    handOver(c.var.db, followUps);
    return c.json(creditSignUpJson(entry, quote), 201);
  });

export const adminWaitlistApi = adminSubApp()
  .get("/rounds/:id/waitlist", roundParam, async (c) => {
    const id = c.req.valid("param").id;
    // Asked together (one trip); the 404 still wins.
    const [field, list] = await Promise.all([readField(c.var.db, id), roundWaitlist(c.var.db, id, nowSeconds())]);
    if (!field) throw notFound("Round not found");
    return c.json({ field: fieldJson(field), waitlist: list.map(listRowJson) });
  })
  .put("/rounds/:id/caps", roundParam, body(FieldCapsSchema), async (c) => {
    const id = c.req.valid("param").id;
    handOver(c.var.db, await saveFieldCaps(c.var.db, id, c.req.valid("json")));
    // The answer shows the field with the places the caps freed already offered.
    await runHandedOverNow(c.var.db);
    const field = await readField(c.var.db, id);
    if (!field) throw notFound("Round not found");
    return c.json({ success: true, field: fieldJson(field) });
  });
