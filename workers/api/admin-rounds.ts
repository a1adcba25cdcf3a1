import { createFactory } from "hono/factory";
import { type AdminEnv, adminSubApp } from "./context";
import { body } from "./validate";
import { deleteRound, saveRound } from "~/.server/services/entries/round-admin";
import { setRegistration } from "~/.server/services/rounds/registration";
import { idBodySchema } from "~/schemas/ids";
import { SaveRoundSchema } from "~/schemas/api-wire";
import { savedJson } from "./serializers/saved";
import { OpenRoundSchema } from "~/schemas/rounds";
import { handedOver } from "~/.server/follow-ups";

// Save: the round with `id` as read at `version` (ADR 20), or a new one without.
const save = createFactory<AdminEnv>().createHandlers(body(SaveRoundSchema), async (c) => {
  const { id, version, values } = c.req.valid("json");
  const saved = handedOver(c.var.db, await saveRound(c.var.db, id, values, version));
  return c.json(savedJson(saved), id ? 200 : 201);
});

/** Round administration; mounted in ./admin.ts behind the admin guard. */
export const adminRoundsApi = adminSubApp()
  // The spec writes the save path with a trailing slash; both spellings work.
  .post("/round", ...save)
  .post("/round/", ...save)
  .post("/round/delete", body(idBodySchema("round id")), async (c) => {
    await deleteRound(c.var.db, c.req.valid("json").id);
    return c.json({ success: true });
  })
  .post("/round/openForRegistration", body(OpenRoundSchema), async (c) => {
    const { id, openForRegistration } = c.req.valid("json");
    const origin = new URL(c.req.url).origin;
    await setRegistration(c.var.db, id, openForRegistration, { jobs: c.env.JOBS, timeZone: c.var.league.timeZone, origin });
    return c.json({ success: true });
  });
