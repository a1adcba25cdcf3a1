import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx", { id: "home" }),
  route("rounds", "routes/home.tsx", { id: "rounds" }),
  route("rounds/:roundId", "routes/round.tsx"),
  route("players", "routes/players.tsx"),
  route("players-all", "routes/players-all.tsx"),
  route("players/:playerId", "routes/player.tsx"),
  route("aces", "routes/aces.tsx"),
  route("transfers", "routes/transfers.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
