import { cachePublic } from "./cache";
import { subApp } from "./context";
import { EntriesRoundParam, RoundIdListParam } from "./params";
import { entryJson } from "./serializers/entries";
import { param } from "./validate";
import { entriesForRound, entriesForRounds } from "~/.server/services/entries";

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
  });
