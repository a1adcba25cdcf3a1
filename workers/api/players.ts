import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import { cachePublic } from "./cache";
import { subApp } from "./context";
import { PlayerIdParam, RoundIdParam, SearchParam } from "./params";
import { playerDetailJson, playerStatsJson, searchResultJson, simplePlayerJson } from "./serializers/players";
import { requireUser } from "./auth";
import { claimJson } from "./serializers/claims";
import { ratingAndHandicapJson } from "./serializers/rating-and-handicap";
import { ratingAndHandicap } from "~/.server/services/ratings/rating-and-handicap";
import { body, param } from "./validate";
import { apiMoneyView } from "./money-view";
import { shownBalance, shownBalances } from "~/lib/money/money-visibility";
import { addOwnPlayer, addPlayer } from "~/.server/services/players/player-admin";
import { NewPlayerSchema } from "~/schemas/api-wire";
import { clientAddress } from "~/.server/client-address";
import { currentYearStart } from "~/.server/league";
import { getPlayer, listPlayersWithStats, playersInRound, searchPlayers, simpleList } from "~/.server/services/players/players";
import { getRound } from "~/.server/services/rounds/rounds";

export const playersApi = subApp()
  .get("/", async (c) => {
    const [list, money] = await Promise.all([listPlayersWithStats(c.var.db, currentYearStart(c.var.league)), apiMoneyView(c)]);
    cachePublic(c, "players", "entries", "transfers", "rounds", "settings");
    return c.json(shownBalances(list, money).map(playerStatsJson));
  })
  .get("/simpleList", async (c) => {
    const list = await simpleList(c.var.db);
    cachePublic(c, "players");
    return c.json(list.map(simplePlayerJson));
  })
  .get("/round/:id", param(RoundIdParam), async (c) => {
    const roundId = c.req.valid("param").id;
    // Asked together (one trip); the round's 404 still wins.
    const [, list] = await Promise.all([getRound(c.var.db, roundId), playersInRound(c.var.db, roundId)]);
    cachePublic(c, "players", "entries", "rounds");
    return c.json(list.map(simplePlayerJson));
  })
  .get("/player/:id", param(PlayerIdParam), async (c) => {
    const [player, money] = await Promise.all([
      getPlayer(c.var.db, c.req.valid("param").id, currentYearStart(c.var.league)),
      apiMoneyView(c),
    ]);
    cachePublic(c, "players", "entries", "transfers", "rounds", "claims", "settings");
    return c.json(playerDetailJson(shownBalance(player, money)));
  })
  // Handicap and rating, now and after each round.
  .get("/:id/history", param(PlayerIdParam), async (c) => {
    const form = await ratingAndHandicap(c.var.db, c.req.valid("param").id);
    cachePublic(c, "players", "entries", "rounds", "settings", "courses");
    return c.json(ratingAndHandicapJson(form));
  })
  .get("/search/:text", param(SearchParam), async (c) => {
    const [list, money] = await Promise.all([searchPlayers(c.var.db, c.req.valid("param").text), apiMoneyView(c)]);
    cachePublic(c, "players", "entries", "transfers", "settings");
    return c.json(shownBalances(list, money).map(searchResultJson));
  })
  // A user adds their own record and claims it in one step; an admin just adds one.
  .post("/addNew", requireUser, body(NewPlayerSchema), async (c) => {
    const { values } = c.req.valid("json");
    const session = await c.var.caller.session;
    const { user } = session;
    if (can(standingOf(session), "manageLeague")) return c.json({ success: true, newId: await addPlayer(c.var.db, values) }, 201);
    const { playerId, claim } = await addOwnPlayer(c.var.db, user, values, clientAddress(c.req.raw));
    return c.json({ success: true, newId: playerId, claim: claimJson(claim) }, 201);
  });
