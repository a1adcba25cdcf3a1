import { cachePublic } from "./cache";
import { subApp } from "./context";
import { PlayerIdParam, RangeParam, RoundIdParam } from "./params";
import { playerRoundJson, roundJson } from "./serializers/rounds";
import { param } from "./validate";
import { currentYearStart } from "~/.server/league";
import { getRound, listRounds, roundsByPlayer } from "~/.server/services/rounds/rounds";

export const roundsApi = subApp()
  .get("/round/:id", param(RoundIdParam), async (c) => {
    const round = await getRound(c.var.db, c.req.valid("param").id);
    cachePublic(c, "rounds", "entries");
    return c.json(roundJson(round));
  })
  .get("/roundsByPlayer/:id", param(PlayerIdParam), async (c) => {
    const list = await roundsByPlayer(c.var.db, c.req.valid("param").id);
    cachePublic(c, "rounds", "entries", "players");
    return c.json(list.map(playerRoundJson));
  })
  .get("/:range", param(RangeParam), async (c) => {
    const since = c.req.valid("param").range === "thisYear" ? currentYearStart(c.var.league) : undefined;
    const list = await listRounds(c.var.db, since);
    cachePublic(c, "rounds", "entries");
    return c.json(list.map(roundJson));
  });
