import { cachePublic } from "./cache";
import { subApp } from "./context";
import { PlayerIdParam } from "./params";
import { transferJson } from "./serializers/transfers";
import { param } from "./validate";
import { listTransfers, transfersByPlayer } from "~/.server/services/transfers";

export const transfersApi = subApp()
  .get("/", async (c) => {
    const list = await listTransfers(c.var.db);
    cachePublic(c, "transfers", "players");
    return c.json(list.map(transferJson));
  })
  .get("/transfersByPlayer/:id", param(PlayerIdParam), async (c) => {
    const list = await transfersByPlayer(c.var.db, c.req.valid("param").id);
    cachePublic(c, "transfers", "players");
    return c.json(list.map(transferJson));
  });
