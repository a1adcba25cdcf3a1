import { adminSubApp } from "./context";
import { paymentJson } from "./serializers/payments";
import { param } from "./validate";
import { listPayments, paymentsOfUser } from "~/.server/services/money/payments";
import { idSchema } from "~/schemas/ids";
import { z } from "zod";

const UserIdParam = z.object({ userId: idSchema("user id") });

/** GET /api/admin/payments/all and /{userId}; mounted in ./admin.ts behind the admin guard. */
export const adminPaymentsApi = adminSubApp()
  .get("/payments/all", async (c) => c.json((await listPayments(c.var.db)).map(paymentJson)))
  .get("/payments/:userId", param(UserIdParam), async (c) =>
    c.json((await paymentsOfUser(c.var.db, c.req.valid("param").userId)).map(paymentJson)),
  );
