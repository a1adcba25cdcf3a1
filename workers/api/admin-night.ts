import { adminSubApp } from "./context";
import { RoundIdParam } from "./params";
import { cardBoardJson, checkInJson, walkUpJson } from "./serializers/night";
import { body, param } from "./validate";
import { addLateArrival } from "~/.server/services/cards/card-edits";
import { publishCards } from "~/.server/services/cards/card-publish";
import { makeRoundCards, saveCards } from "~/.server/services/cards/card-writes";
import { checkIn, undoCheckIn } from "~/.server/services/night/check-in";
import { walkUp } from "~/.server/services/night/walk-up";
import { nightDesk } from "~/.server/services/night/night-desk";
import { nightDeskJson } from "./serializers/night-desk";
import { idSchema } from "~/schemas/ids";
import { AdminCheckInSchema, LateArrivalSchema, MakeCardsSchema, PublishCardsSchema, SaveCardsSchema, WalkUpSchema } from "~/schemas/night";
import { handOver } from "~/.server/follow-ups";

// The organiser's league night (ADR 25); mounted in ./admin.ts behind the admin guard.
// Every card write carries the cards_version it read and answers the cards as now stored.

const EntryParam = RoundIdParam.extend({ entryId: idSchema("entry id") });
const roundParam = param(RoundIdParam);

export const adminNightApi = adminSubApp()
  // The check-in desk: every entry checked in or not, by whom and when, and what it owes.
  .get("/rounds/:id/check-in", roundParam, async (c) => c.json(nightDeskJson(await nightDesk(c.var.db, c.req.valid("param").id))))
  .post("/rounds/:id/check-in", roundParam, body(AdminCheckInSchema), async (c) => {
    const who = { admin: true, userId: c.var.caller.userId };
    const done = await checkIn(c.var.db, {
      roundId: c.req.valid("param").id,
      entryId: c.req.valid("json").entryId,
      who,
      timeZone: c.var.league.timeZone,
    });
    return c.json({ success: true, ...checkInJson(done) });
  })
  .delete("/rounds/:id/check-in/:entryId", param(EntryParam), async (c) => {
    const { id, entryId } = c.req.valid("param");
    const who = { admin: true, userId: c.var.caller.userId };
    const done = await undoCheckIn(c.var.db, { roundId: id, entryId, who, timeZone: c.var.league.timeZone });
    return c.json({ success: true, ...checkInJson(done) });
  })
  // Entry, cash and check-in in one write; a retry with the same request_key answers the same walk-up.
  .post("/rounds/:id/walk-up", roundParam, body(WalkUpSchema), async (c) => {
    const done = await walkUp(c.var.db, { roundId: c.req.valid("param").id, ...c.req.valid("json"), adminId: c.var.caller.userId });
    handOver(c.var.db, done.followUps);
    return c.json({ success: true, ...walkUpJson(done) }, 201);
  })
  .post("/rounds/:id/cards", roundParam, body(MakeCardsSchema), async (c) => {
    const board = await makeRoundCards(c.var.db, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true, ...cardBoardJson(board) });
  })
  .put("/rounds/:id/cards", roundParam, body(SaveCardsSchema), async (c) => {
    const { version, cards } = c.req.valid("json");
    const board = await saveCards(c.var.db, c.req.valid("param").id, version, cards);
    return c.json({ success: true, ...cardBoardJson(board) });
  })
  .post("/rounds/:id/cards/publish", roundParam, body(PublishCardsSchema), async (c) => {
    const announce = { jobs: c.env.JOBS, origin: new URL(c.req.url).origin };
    const { board, published } = await publishCards(c.var.db, c.req.valid("param").id, c.req.valid("json").version, announce);
    return c.json({ success: true, published_now: published, ...cardBoardJson(board) });
  })
  .post("/rounds/:id/cards/late", roundParam, body(LateArrivalSchema), async (c) => {
    const { board, cardNumber } = await addLateArrival(c.var.db, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true, card: cardNumber, ...cardBoardJson(board) });
  });
