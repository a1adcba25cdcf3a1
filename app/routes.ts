import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

// Where pages live (ADR 46). The deployment's pages are at the root only. A league's pages
// are at /l/{slug}/…, and the default league's at the root as well (workers/league-path.ts
// decides which league a path names, before the router sees it). React Router needs each
// route once per place, with an id of its own: the root's keep the ids they always had, and
// the league copies' ids start with "l/". The route modules are the same in both places.

/** A league's pages: `id` names each route in its place. */
const leaguePages = (id: (name: string) => string) => [
  index("routes/home.tsx", { id: id("home") }),
  route("rounds", "routes/home.tsx", { id: id("rounds") }),
  route("rounds/:roundId", "routes/round.tsx", { id: id("routes/round") }),
  route("rounds/:roundId/score", "routes/round-score.tsx", { id: id("routes/round-score") }),
  route("players", "routes/players.tsx", { id: id("routes/players") }),
  route("players-all", "routes/players-all.tsx", { id: id("routes/players-all") }),
  route("players/:playerId", "routes/player.tsx", { id: id("routes/player") }),
  route("standings", "routes/standings.tsx", { id: id("routes/standings") }),
  route("aces", "routes/aces.tsx", { id: id("routes/aces") }),
  route("tags", "routes/tags.tsx", { id: id("routes/tags") }),
  route("tags/:tag", "routes/tag.tsx", { id: id("routes/tag") }),
  route("transfers", "routes/transfers.tsx", { id: id("routes/transfers") }),
  route("calendar.ics", "routes/calendar-ics.ts", { id: id("routes/calendar-ics") }),
  route("calendar/:feed", "routes/calendar-feed.ts", { id: id("routes/calendar-feed") }),
  // An account's choices in the league (its mails, its calendar feed).
  route("preferences", "routes/preferences.tsx", { id: id("routes/preferences") }),
  // The league's admin home: the setup checklist while a step is open, then the admin pages.
  route("admin", "routes/admin-home.tsx", { id: id("routes/admin-home") }),
  route("admin/login", "routes/admin-login.tsx", { id: id("routes/admin-login") }),
  route("admin/users", "routes/admin-users.tsx", { id: id("routes/admin-users") }),
  route("admin/members", "routes/admin-members.tsx", { id: id("routes/admin-members") }),
  route("admin/user/:userId", "routes/admin-user.tsx", { id: id("routes/admin-user") }),
  route("admin/claims", "routes/admin-claims.tsx", { id: id("routes/admin-claims") }),
  route("admin/player", "routes/admin-player.tsx", { id: id("routes/admin-player") }),
  route("admin/payments", "routes/admin-payments.tsx", { id: id("routes/admin-payments") }),
  route("admin/audit", "routes/admin-audit.tsx", { id: id("routes/admin-audit") }),
  route("admin/reports", "routes/admin-reports.tsx", { id: id("routes/admin-reports") }),
  route("admin/reports.csv", "routes/admin-reports-csv.ts", { id: id("routes/admin-reports-csv") }),
  route("admin/settings", "routes/admin-settings.tsx", { id: id("routes/admin-settings") }),
  route("admin/paypal", "routes/admin-paypal.tsx", { id: id("routes/admin-paypal") }),
  route("admin/tags", "routes/admin-tags.tsx", { id: id("routes/admin-tags") }),
  route("admin/courses", "routes/admin-courses.tsx", { id: id("routes/admin-courses") }),
  route("admin/courses/:courseId", "routes/admin-course-form.tsx", { id: id("routes/admin-course-form") }),
  route("admin/courses/:courseId/layouts/new", "routes/admin-layout-form.tsx", { id: id("admin-layout-new") }),
  route("admin/layouts/:layoutId", "routes/admin-layout-form.tsx", { id: id("admin-layout-edit") }),
  route("admin/rounds", "routes/admin-rounds.tsx", { id: id("routes/admin-rounds") }),
  route("admin/rounds/new", "routes/admin-round-form.tsx", { id: id("admin-round-new") }),
  route("admin/rounds/multi-edit", "routes/admin-rounds-multi.tsx", { id: id("routes/admin-rounds-multi") }),
  route("admin/rounds/:roundId", "routes/admin-round-form.tsx", { id: id("admin-round-edit") }),
  route("admin/round/play/:roundId", "routes/admin-round-play.tsx", { id: id("routes/admin-round-play") }),
  route("admin/round/scores/:roundId", "routes/admin-round-scores.tsx", { id: id("routes/admin-round-scores") }),
  route("admin/round/night/:roundId", "routes/admin-round-night.tsx", { id: id("routes/admin-round-night") }),
  route("admin/round/message/:roundId", "routes/admin-round-message.tsx", { id: id("routes/admin-round-message") }),
  route("*", "routes/not-found.tsx", { id: id("routes/not-found") }),
];

export default [
  // The deployment's pages.
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("register", "routes/register.tsx"),
  route("welcome", "routes/welcome.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("profile", "routes/profile.tsx"),
  route("leagues", "routes/leagues.tsx"),
  // The operator's: every league, each suspended or hidden from here.
  route("operator", "routes/operator.tsx"),
  // A signed-in user starts a league and owns it.
  route("leagues/new", "routes/leagues-new.tsx"),
  // The mail's way out: at the root, placed in the league its signed link names (workers/league-path.ts).
  route("unsubscribe", "routes/unsubscribe.tsx"),
  // What every league told the account (ADR 49); a message's way out of its kind, placed as /unsubscribe is.
  route("messages", "routes/messages.tsx"),
  route("messages/off", "routes/messages-off.tsx"),
  // Joining a league by its code, and an invitation's page: the code or the token names the league.
  route("join", "routes/join.tsx", { id: "routes/join" }),
  route("join/:code", "routes/join.tsx", { id: "routes/join-code" }),
  route("invite/:token", "routes/invite.tsx"),
  // The default league's, at the root; every league's, under /l/{slug}.
  ...leaguePages((name) => name),
  ...prefix(
    "l/:league",
    leaguePages((name) => `l/${name}`),
  ),
] satisfies RouteConfig;
