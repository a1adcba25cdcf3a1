import { cachePublic } from "./cache";
import { subApp } from "./context";
import { StandingsQuery } from "./params";
import { standingsJson } from "./serializers/standings";
import { query } from "./validate";
import { seasonStandings } from "~/.server/services/standings/standings";

/** GET /api/standings?season=&division=: public, cached until scores, rounds, players or the settings change. */
export const standingsApi = subApp().get("/", query(StandingsQuery), async (c) => {
  const standings = await seasonStandings(c.var.db, c.var.league, c.req.valid("query"));
  cachePublic(c, "rounds", "entries", "players", "settings");
  return c.json(standingsJson(standings));
});
