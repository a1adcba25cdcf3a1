import { cachePublic } from "./cache";
import { subApp } from "./context";
import { RoundIdParam } from "./params";
import { requireUser } from "./auth";
import { checkInJson, publishedCardsJson } from "./serializers/night";
import { body, param } from "./validate";
import { cardBoard } from "~/.server/services/cards/card-board";
import { checkIn, undoCheckIn } from "~/.server/services/night/check-in";
import { roundTeams } from "~/.server/services/doubles/teams";
import { getRound } from "~/.server/services/rounds/rounds";
import { roundPots } from "~/.server/services/sidepots/pot-view";
import { roundPotsJson, roundTeamsJson } from "./serializers/side-pots";
import { PlayerCheckInSchema } from "~/schemas/night";

// A round's league night for players and visitors (ADR 25): its published cards, its side
// pots (ADR 30) and doubles teams (ADR 31) as the round page shows them to everyone, and the
// signed-in player checking their own entry in (and out) inside the check-in window.
// Pots and teams are not cached at the edge: no cache tag follows the pots' tables (ADR 11).

export const roundNightApi = subApp()
  .get("/:id/cards", param(RoundIdParam), async (c) => {
    const board = await cardBoard(c.var.db, c.req.valid("param").id);
    cachePublic(c, "cards", "rounds", "entries", "players");
    return c.json(publishedCardsJson(board));
  })
  // Each read beside the round's own, one trip (ADR 41): an unknown round is a 404, not an empty list.
  .get("/:id/side-pots", param(RoundIdParam), async (c) => {
    const id = c.req.valid("param").id;
    const [, pots] = await Promise.all([getRound(c.var.db, id), roundPots(c.var.db, id)]);
    return c.json(roundPotsJson(id, pots));
  })
  .get("/:id/teams", param(RoundIdParam), async (c) => {
    const id = c.req.valid("param").id;
    const [round, teams] = await Promise.all([getRound(c.var.db, id), roundTeams(c.var.db, id)]);
    return c.json(roundTeamsJson(id, round.doubles, teams));
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
