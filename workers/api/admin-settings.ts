import { adminSubApp } from "./context";
import { settingsJson } from "./serializers/standings";
import { body } from "./validate";
import { getLeagueSettings, updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { LeagueSettingsSchema } from "~/schemas/settings";

/** GET and PUT /api/admin/settings (every setting at once); mounted in ./admin.ts behind the admin guard. */
export const adminSettingsApi = adminSubApp()
  .get("/settings", async (c) => c.json(settingsJson(await getLeagueSettings(c.var.db))))
  .put("/settings", body(LeagueSettingsSchema), async (c) =>
    c.json(settingsJson(await updateLeagueSettings(c.var.db, c.req.valid("json")))),
  );
