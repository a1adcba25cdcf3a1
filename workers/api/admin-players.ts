import { createFactory } from "hono/factory";
import { type AdminEnv, adminSubApp } from "./context";
import { body } from "./validate";
import { addPlayer, deletePlayer, savePlayer } from "~/.server/services/players/player-admin";
import { idBodySchema } from "~/schemas/ids";
import { savedJson } from "./serializers/saved";
import { SavePlayerSchema } from "~/schemas/api-wire";

// Save: the player with `id`, or a new one without.
const save = createFactory<AdminEnv>().createHandlers(body(SavePlayerSchema), async (c) => {
  const { id, values } = c.req.valid("json");
  if (id) {
    await savePlayer(c.var.db, id, values);
    return c.json(savedJson(id));
  }
  return c.json(savedJson(await addPlayer(c.var.db, values)), 201);
});

/** Player administration; mounted in ./admin.ts behind the admin guard. */
export const adminPlayersApi = adminSubApp()
  // The spec writes the save path with a trailing slash; both spellings work.
  .post("/player", ...save)
  .post("/player/", ...save)
  .post("/player/delete", body(idBodySchema("player id")), async (c) => {
    await deletePlayer(c.var.db, c.req.valid("json").id);
    return c.json({ success: true });
  });
