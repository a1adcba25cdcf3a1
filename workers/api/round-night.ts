import { cachePublic } from "./cache";
import { subApp } from "./context";
import { RoundIdParam } from "./params";
import { requireUser } from "./auth";
import { checkInJson, publishedCardsJson } from "./serializers/night";
import { body, param } from "./validate";
import { cardBoard } from "~/.server/services/night/card-board";
import { checkIn, undoCheckIn } from "~/.server/services/night/check-in";
import { PlayerCheckInSchema } from "~/schemas/night";

// A round's league night for players and visitors (ADR 25): its published cards, and the
// signed-in player checking their own entry in (and out) inside the check-in window.

export const roundNightApi = subApp()
  .get("/:id/cards", param(RoundIdParam), async (c) => {
    const board = await cardBoard(c.var.db, c.req.valid("param").id);
    cachePublic(c, "cards", "rounds", "entries", "players");
    return c.json(publishedCardsJson(board));
  })
  .post("/:id/check-in", requireUser, param(RoundIdParam), body(PlayerCheckInSchema), async (c) => {
    const { useCredit, entryId } = c.req.valid("json");
    const who = { admin: false, userId: c.var.caller.userId };
    const done = await checkIn(c.var.db, { roundId: c.req.valid("param").id, entryId, who, useCredit, timeZone: c.var.league.timeZone });
    return c.json({ success: true, ...checkInJson(done) });
  })
  .delete("/:id/check-in", requireUser, param(RoundIdParam), async (c) => {
    const who = { admin: false, userId: c.var.caller.userId };
    const done = await undoCheckIn(c.var.db, { roundId: c.req.valid("param").id, entryId: null, who, timeZone: c.var.league.timeZone });
    return c.json({ success: true, ...checkInJson(done) });
  });
