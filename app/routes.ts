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
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("register", "routes/register.tsx"),
  route("welcome", "routes/welcome.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("profile", "routes/profile.tsx"),
  route("admin/login", "routes/admin-login.tsx"),
  route("admin/users", "routes/admin-users.tsx"),
  route("admin/user/:userId", "routes/admin-user.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
