import { cachePublic } from "./cache";
import { subApp } from "./context";
import { PlayerIdParam } from "./params";
import { transferJson } from "./serializers/transfers";
import { requireAdmin } from "./auth";
import { body, param } from "./validate";
import { addTransfer, deleteTransfer } from "~/.server/services/ledger";
import { listTransfers, transfersByPlayer } from "~/.server/services/transfers";
import { idBodySchema } from "~/schemas/ids";
import { TransferAddSchema } from "~/schemas/ledger";

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
  })
  // Admin writes at the spec's paths (tests/api/admin-guard.test.ts lists them).
  .post("/add", requireAdmin, body(TransferAddSchema), async (c) => {
    const v = c.req.valid("json").values;
    const id = await addTransfer(c.var.db, {
      d: v.d,
      fromPlayerId: v.fromPlayer,
      toPlayerId: v.toPlayer,
      amtCents: v.amt,
      description: v.description,
    });
    return c.json({ success: true, newId: id }, 201);
  })
  .post("/delete", requireAdmin, body(idBodySchema("transfer id")), async (c) => {
    await deleteTransfer(c.var.db, c.req.valid("json").id);
    return c.json({ success: true });
  });
