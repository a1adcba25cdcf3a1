import { cachePublic } from "./cache";
import { subApp } from "./context";
import { idParam } from "./params";
import { entryJson } from "./serializers/entries";
import { badRequest } from "~/.server/errors";
import { entriesForRound, entriesForRounds } from "~/.server/services/entries";
import { parseId } from "~/.server/services/ids";

const MAX_MULTI = 500;

export const entriesApi = subApp()
  .get("/multi/:ids", async (c) => {
    const raw = c.req.param("ids").split(",").filter((s) => s !== "");
    if (raw.length === 0) throw badRequest("Give one or more round ids, separated by commas");
    if (raw.length > MAX_MULTI) throw badRequest(`At most ${MAX_MULTI} round ids`);
    const ids = raw.map((s) => parseId(s.trim(), "round id"));
    const list = await entriesForRounds(c.var.db, ids);
    cachePublic(c, "entries");
    return c.json(list.map(entryJson));
  })
  .get("/:roundId", async (c) => {
    const list = await entriesForRound(c.var.db, idParam(c, "roundId", "round id"));
    cachePublic(c, "entries");
    return c.json(list.map(entryJson));
  });
