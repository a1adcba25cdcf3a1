import type { Context } from "hono";
import { type AdminEnv, adminSubApp } from "./context";
import { RoundIdParam } from "./params";
import { roundPotsJson, roundTeamsJson } from "./serializers/side-pots";
import { body, param } from "./validate";
import { TEAM_MESSAGES, drawRoundTeams, roundTeams } from "~/.server/services/doubles/teams";
import { tellPots } from "~/.server/services/live/live-pots";
import { getRound } from "~/.server/services/rounds/rounds";
import { settleHole } from "~/.server/services/sidepots/marks";
import { choosePot } from "~/.server/services/entries/pot-opt-in";
import { roundPots } from "~/.server/services/sidepots/pot-view";
import { POT_MESSAGES, addPot, deletePot } from "~/.server/services/sidepots/side-pots";
import { DrawTeamsSchema } from "~/schemas/night";
import { AddPotSchema, PotEntryParam, PotHoleParam, PotParam, PotPlayerSchema, SettleHoleSchema } from "~/schemas/side-pots-api";

// The organiser's side pots (ADR 30) and doubles draw (ADR 31) on league night, the night
// screen's actions through the same services; mounted in ./admin.ts behind the admin guard.
// Each answers a sentence (the screen's) and the round's pots or teams as they now stand.

/** After a pot changed: a round scored live tells its page (ADR 26), then the pots as stored answer. */
async function potsBody(c: Context<AdminEnv>, roundId: number, message: string) {
  await tellPots(c.env, c.var.db, roundId);
  return { success: true, message, ...roundPotsJson(roundId, await roundPots(c.var.db, roundId)) };
}

const potsAnswer = async (c: Context<AdminEnv>, roundId: number, message: string) => c.json(await potsBody(c, roundId, message));

export const adminSidePotsApi = adminSubApp()
  .post("/rounds/:id/side-pots", param(RoundIdParam), body(AddPotSchema), async (c) => {
    const { id } = c.req.valid("param");
    const pot = c.req.valid("json");
    const potId = await addPot(c.var.db, id, pot);
    return c.json({ pot_id: potId, ...(await potsBody(c, id, POT_MESSAGES.added(pot.name, pot.buyInCents))) }, 201);
  })
  .delete("/rounds/:id/side-pots/:potId", param(PotParam), async (c) => {
    const { id, potId } = c.req.valid("param");
    await deletePot(c.var.db, id, potId);
    return potsAnswer(c, id, POT_MESSAGES.deleted);
  })
  // A player in (owed, or paid from their credit at once) and out (what they paid back as credit).
  .post("/rounds/:id/side-pots/:potId/players", param(PotParam), body(PotPlayerSchema), async (c) => {
    const { id, potId } = c.req.valid("param");
    const { entryId, fromCredit } = c.req.valid("json");
    return potsAnswer(c, id, await choosePot(c.var.db, id, { potId, entryId, join: true, fromCredit }));
  })
  .delete("/rounds/:id/side-pots/:potId/players/:entryId", param(PotEntryParam), async (c) => {
    const { id, potId, entryId } = c.req.valid("param");
    return potsAnswer(c, id, await choosePot(c.var.db, id, { potId, entryId, join: false, fromCredit: false }));
  })
  // Settling a hole (a custom pot's: 0) on its winners; DELETE opens it for players' marks again.
  .put("/rounds/:id/side-pots/:potId/holes/:hole", param(PotHoleParam), body(SettleHoleSchema), async (c) => {
    const { id, potId, hole } = c.req.valid("param");
    const said = await settleHole(c.var.db, id, { potId, hole, entryIds: c.req.valid("json").winners }, c.var.caller.userId);
    return potsAnswer(c, id, said);
  })
  .delete("/rounds/:id/side-pots/:potId/holes/:hole", param(PotHoleParam), async (c) => {
    const { id, potId, hole } = c.req.valid("param");
    return potsAnswer(c, id, await settleHole(c.var.db, id, { potId, hole, entryIds: [] }, c.var.caller.userId));
  })
  // Draw the teams, or draw them again, carrying the teams_version read (ADR 20, 31).
  .post("/rounds/:id/teams", param(RoundIdParam), body(DrawTeamsSchema), async (c) => {
    const { id } = c.req.valid("param");
    const drawn = await drawRoundTeams(c.var.db, id, c.req.valid("json"));
    const [round, teams] = await Promise.all([getRound(c.var.db, id), roundTeams(c.var.db, id)]);
    return c.json({ success: true, message: TEAM_MESSAGES.drawn(drawn.teams, drawn.cali), ...roundTeamsJson(id, round.doubles, teams) });
  });
