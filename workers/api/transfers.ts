import { cachePublic } from "./cache";
import { subApp } from "./context";
import { PlayerIdParam } from "./params";
import { transferJson } from "./serializers/transfers";
import { requireAdmin } from "./auth";
import { body, param } from "./validate";
import { apiMoneyView, requireMoneyShown } from "./money-view";
import { addTransfer, deleteTransfer } from "~/.server/services/money/ledger";
import { listTransfers, transfersByPlayer } from "~/.server/services/money/transfers";
import { badRequest } from "~/.server/errors";
import { PAGE_ERROR, pageParam } from "~/lib/shared/paging";
import { idBodySchema } from "~/schemas/ids";
import { TransferAddSchema } from "~/schemas/api-wire";

/** Transfers per answer of GET /api/transfers: a few seasons of a weekly league. */
export const API_TRANSFERS_PAGE_SIZE = 500;

export const transfersApi = subApp()
  // The newest API_TRANSFERS_PAGE_SIZE; ?page=2… for older ones (X-Total-Count: how many in all).
  .get("/", async (c) => {
    const page = pageParam(new URL(c.req.url).searchParams);
    if (page === null) throw badRequest(PAGE_ERROR);
    // Read together; rows the view refuses are never sent (ADR 41).
    const [view, { rows, page: paging }] = await Promise.all([
      apiMoneyView(c),
      listTransfers(c.var.db, { page, pageSize: API_TRANSFERS_PAGE_SIZE }),
    ]);
    requireMoneyShown(view);
    cachePublic(c, "transfers", "players", "settings");
    c.header("X-Total-Count", String(paging.total));
    return c.json(rows.map(transferJson));
  })
  .get("/transfersByPlayer/:id", param(PlayerIdParam), async (c) => {
    const id = c.req.valid("param").id;
    const [view, list] = await Promise.all([apiMoneyView(c), transfersByPlayer(c.var.db, id)]);
    requireMoneyShown(view, id);
    cachePublic(c, "transfers", "players", "settings");
    return c.json(list.map(transferJson));
  })
  // Admin writes at the spec's paths (tests/api/admin-guard.test.ts lists them).
  .post("/add", requireAdmin, body(TransferAddSchema), async (c) => {
    const id = await addTransfer(c.var.db, c.req.valid("json").values);
    return c.json({ success: true, newId: id }, 201);
  })
  .post("/delete", requireAdmin, body(idBodySchema("transfer id")), async (c) => {
    await deleteTransfer(c.var.db, c.req.valid("json").id);
    return c.json({ success: true });
  });
