import { z } from "zod";
import { cachePublic } from "./cache";
import { subApp } from "./context";
import { idParam } from "./params";
import { playerRoundJson, roundJson } from "./serializers/rounds";
import { currentYearStart } from "~/.server/league";
import { badRequest } from "~/.server/errors";
import { getRound, listRounds, roundsByPlayer } from "~/.server/services/rounds";

const RangeSchema = z.enum(["thisYear", "all"]);

export const roundsApi = subApp()
  .get("/round/:id", async (c) => {
    const round = await getRound(c.var.db, idParam(c, "id", "round id"));
    cachePublic(c, "rounds");
    return c.json(roundJson(round));
  })
  .get("/roundsByPlayer/:id", async (c) => {
    const list = await roundsByPlayer(c.var.db, idParam(c, "id", "player id"));
    cachePublic(c, "rounds", "players");
    return c.json(list.map(playerRoundJson));
  })
  .get("/:range", async (c) => {
    const range = RangeSchema.safeParse(c.req.param("range"));
    if (!range.success) throw badRequest("Range must be thisYear or all");
    const since = range.data === "thisYear" ? currentYearStart(c.var.league) : undefined;
    const list = await listRounds(c.var.db, since);
    cachePublic(c, "rounds");
    return c.json(list.map(roundJson));
  });
