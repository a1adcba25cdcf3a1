import { adminSubApp } from "./context";
import { RoundIdParam } from "./params";
import { body, param } from "./validate";
import { endRoundEarly } from "~/.server/services/rainouts/end-early";
import { EndEarlySchema } from "~/schemas/end-early";

// Ending a round early (ADR 50): mounted in ./admin.ts behind the admin guard; a night's
// work, so a director may (./admin-access.ts).

export const adminEndEarlyApi = adminSubApp()
  // Every card's players to par over the holes their card completed: places and payouts follow.
  .post("/rounds/:id/end-early", param(RoundIdParam), body(EndEarlySchema), async (c) => {
    const { id } = c.req.valid("param");
    const { user } = await c.var.caller.session;
    return c.json(await endRoundEarly(c.env, c.var.db, id, { userId: user.id, name: user.name }));
  });
