import { cachePublic } from "./cache";
import { subApp } from "./context";
import { aceJson, acePotJson } from "./serializers/aces";
import { parseId } from "~/.server/services/ids";
import { acePotCents, listAces } from "~/.server/services/aces";

export const acesApi = subApp()
  .get("/", async (c) => {
    const raw = c.req.query("roundId");
    const roundId = raw === undefined || raw === "" ? undefined : parseId(raw, "round id");
    const pot = await acePotCents(c.var.db, roundId);
    cachePublic(c, "aces", "entries");
    return c.json(acePotJson(pot));
  })
  .get("/list", async (c) => {
    const list = await listAces(c.var.db);
    cachePublic(c, "aces");
    return c.json(list.map(aceJson));
  });
