import { cachePublic } from "./cache";
import { subApp } from "./context";
import { idParam } from "./params";
import { transferJson } from "./serializers/transfers";
import { listTransfers, transfersByPlayer } from "~/.server/services/transfers";

export const transfersApi = subApp()
  .get("/", async (c) => {
    const list = await listTransfers(c.var.db);
    cachePublic(c, "transfers");
    return c.json(list.map(transferJson));
  })
  .get("/transfersByPlayer/:id", async (c) => {
    const list = await transfersByPlayer(c.var.db, idParam(c, "id", "player id"));
    cachePublic(c, "transfers");
    return c.json(list.map(transferJson));
  });
