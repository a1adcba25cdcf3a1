import { cachePublic } from "./cache";
import { subApp } from "./context";
import { idParam } from "./params";
import { currentYearStart } from "~/.server/league";
import {
  getPlayer,
  listPlayersWithStats,
  playersInRound,
  searchPlayers,
  simpleList,
} from "~/.server/services/players";
import { getRound } from "~/.server/services/rounds";

export const playersApi = subApp()
  .get("/", async (c) => {
    const list = await listPlayersWithStats(c.var.db, currentYearStart(c.var.league));
    cachePublic(c, "players", "entries", "transfers", "rounds");
    return c.json(list);
  })
  .get("/simpleList", async (c) => {
    const list = await simpleList(c.var.db);
    cachePublic(c, "players");
    return c.json(list);
  })
  .get("/round/:id", async (c) => {
    const roundId = idParam(c, "id", "round id");
    await getRound(c.var.db, roundId);
    const list = await playersInRound(c.var.db, roundId);
    cachePublic(c, "players", "entries", "rounds");
    return c.json(list);
  })
  .get("/player/:id", async (c) => {
    const player = await getPlayer(c.var.db, idParam(c, "id", "player id"), currentYearStart(c.var.league));
    cachePublic(c, "players", "entries", "transfers", "rounds", "claims");
    return c.json(player);
  })
  .get("/search/:text", async (c) => {
    const list = await searchPlayers(c.var.db, c.req.param("text"));
    cachePublic(c, "players", "entries", "transfers");
    return c.json(list);
  });
