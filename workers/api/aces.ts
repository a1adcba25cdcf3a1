import { cachePublic } from "./cache";
import { subApp } from "./context";
import { parseId } from "~/.server/services/ids";
import { acePotCents, listAces } from "~/.server/services/aces";
import { toDollars } from "~/lib/money";

export const acesApi = subApp()
  .get("/", async (c) => {
    const raw = c.req.query("roundId");
    const roundId = raw === undefined || raw === "" ? undefined : parseId(raw, "round id");
    const pot = await acePotCents(c.var.db, roundId);
    cachePublic(c, "aces", "entries", "rounds");
    return c.json({ pot: toDollars(pot) });
  })
  .get("/list", async (c) => {
    const list = await listAces(c.var.db);
    cachePublic(c, "aces", "players", "rounds");
    return c.json(list);
  });
