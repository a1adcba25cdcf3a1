import { cachePublic } from "./cache";
import { subApp } from "./context";
import { AcePotQuery } from "./params";
import { aceJson, acePotJson } from "./serializers/aces";
import { query } from "./validate";
import { acePotCents, listAces } from "~/.server/services/aces";

export const acesApi = subApp()
  .get("/", query(AcePotQuery), async (c) => {
    const pot = await acePotCents(c.var.db, c.req.valid("query").roundId);
    cachePublic(c, "aces", "entries", "rounds");
    return c.json(acePotJson(pot));
  })
  .get("/list", async (c) => {
    const list = await listAces(c.var.db);
    cachePublic(c, "aces", "players", "rounds");
    return c.json(list.map(aceJson));
  });
