// The read walk's one list (docs/testing.md, "The read walks"): every page of app/routes.ts
// as its single-fetch data URL, the two GET routes that are not React pages, and every GET
// of the /api but the live round's WebSocket, each with ids found on the running server.
// scripts/read-walk.mjs records and compares what they answer; tests/e2e/read-walk.spec.ts
// holds them to their round-trip budgets and checks that none writes. Plain erasable
// TypeScript: Node runs it as it is, Playwright compiles it.

export type Role = "visitor" | "player" | "admin";
export const ROLES: readonly Role[] = ["visitor", "player", "admin"];

export type Ids = {
  /** Rounds to walk each round URL with (one of each state there is), first the oldest. */
  rounds: number[];
  player: number;
  user: number;
  course: number;
  layout: number;
  tag: number;
  /** A last name the player search finds. */
  search: string;
  /** The player's personal calendar feed path (/calendar/{token}.ics), or a well-formed unknown one. */
  feed: string;
};

/** A page's single-fetch data URL (React Router 8: `/.data` for the index). */
const data = (path: string) => {
  const [pathname, query] = path.split("?");
  return `${pathname === "/" ? "/" : pathname}.data${query ? `?${query}` : ""}`;
};

const PAGES = [
  "/",
  "/rounds",
  "/players",
  "/players-all",
  "/standings",
  "/aces",
  "/tags",
  "/transfers",
  "/login",
  "/register",
  "/welcome",
  "/forgot-password",
  "/reset-password",
  "/profile",
  "/preferences",
  "/unsubscribe",
  "/leagues",
  "/admin/login",
  "/admin/users",
  "/admin/claims",
  "/admin/player",
  "/admin/payments",
  "/admin/audit",
  "/admin/reports",
  "/admin/settings",
  "/admin/tags",
  "/admin/courses",
  "/admin/rounds",
  "/admin/rounds/new",
  "/admin/rounds/multi-edit",
  "/no-such-page",
];

const API = [
  "/api/ace",
  "/api/ace/list",
  "/api/admin/audit",
  "/api/admin/payments/all",
  "/api/admin/settings",
  "/api/admin/users",
  "/api/claims/mine",
  "/api/claims",
  "/api/courses",
  "/api/players",
  "/api/players/simpleList",
  "/api/rounds/thisYear",
  "/api/rounds/all",
  "/api/standings",
  "/api/tags",
  "/api/transfers",
  "/api/users/check-email?email=player1%40league.test",
  "/api/users/unsubscribe",
  "/api/users/me",
  "/api/users/me/notifications",
];

/** Every URL of the walk, in the order walked; `/logout` last (its GET only redirects, but last all the same). */
export function walkUrls(ids: Ids): string[] {
  const pages = [...PAGES];
  const api = [...API, `/api/players/search/${encodeURIComponent(ids.search)}`, `/api/entries/multi/${ids.rounds.join(",")}`];
  for (const r of ids.rounds) {
    pages.push(
      `/rounds/${r}`,
      `/rounds/${r}/score`,
      `/admin/rounds/${r}`,
      `/admin/round/play/${r}`,
      `/admin/round/scores/${r}`,
      `/admin/round/night/${r}`,
    );
    api.push(
      `/api/ace?roundId=${r}`,
      `/api/admin/live/${r}/log`,
      `/api/entries/${r}`,
      `/api/live/${r}`,
      `/api/players/round/${r}`,
      `/api/rounds/${r}/cards`,
      `/api/rounds/${r}/side-pots`,
      `/api/rounds/${r}/teams`,
      `/api/rounds/round/${r}`,
      `/api/admin/rounds/${r}/waitlist`,
      `/api/admin/rounds/${r}/check-in`,
    );
  }
  pages.push(`/players/${ids.player}`, `/admin/user/${ids.user}`, `/tags/${ids.tag}`);
  pages.push(`/admin/courses/${ids.course}`, `/admin/courses/${ids.course}/layouts/new`, `/admin/layouts/${ids.layout}`);
  api.push(
    `/api/players/player/${ids.player}`,
    `/api/players/${ids.player}/history`,
    `/api/rounds/roundsByPlayer/${ids.player}`,
    `/api/transfers/transfersByPlayer/${ids.player}`,
    `/api/admin/payments/${ids.user}`,
    `/api/admin/users/${ids.user}`,
    `/api/admin/users/${ids.user}/players`,
    `/api/claims/for-user?userId=${ids.user}`,
    `/api/tags/${ids.tag}`,
  );
  const plain = ["/calendar.ics", ids.feed, "/admin/reports.csv?table=rounds", "/admin/reports.csv?table=seasons"];
  return [...pages.map(data), ...plain, ...api, data("/logout")];
}

type Round = { id: number; d: number; openForRegistration: boolean; entry_count: number; doubles: boolean };
type Get = (path: string, role: Role) => Promise<unknown>;

/**
 * The ids to walk, asked of the running server. Rounds: one of each state the league has
 * (the latest played, the next one, one open later, one not yet open, a doubles one), plus
 * `extraRounds` (the e2e spec's own rounds in the states the seed lacks).
 */
export async function discoverIds(get: Get, feed: string | null, extraRounds: number[] = []): Promise<Ids> {
  const rounds = ((await get("/api/rounds/all", "visitor")) as Round[]).filter((r) => !extraRounds.includes(r.id));
  const now = Date.now() / 1000;
  const past = rounds.filter((r) => r.d < now && r.entry_count > 0);
  const future = rounds.filter((r) => r.d >= now).sort((a, b) => a.d - b.d);
  const picks = [
    past.at(-1),
    future[0],
    future.slice(1).find((r) => r.openForRegistration),
    future.find((r) => !r.openForRegistration),
    rounds.find((r) => r.doubles),
  ];
  const chosen = [...new Set([...picks.flatMap((r) => (r ? [r.id] : [])), ...extraRounds])].sort((a, b) => a - b);

  const { claim } = (await get("/api/claims/mine", "player")) as { claim: { player_id: number } };
  const { user } = (await get("/api/users/me", "player")) as { user: { id: number } };
  const player = (await get(`/api/players/player/${claim.player_id}`, "visitor")) as { ln: string };
  const courses = (await get("/api/courses", "visitor")) as { id: number; layouts: { id: number }[] }[];
  const course = courses[0]!;
  return {
    rounds: chosen,
    player: claim.player_id,
    user: user.id,
    course: course.id,
    layout: course.layouts[0]!.id,
    tag: 1,
    search: player.ln,
    // 43 characters of base64url: the shape of a feed token, that no user holds.
    feed: feed ?? `/calendar/${"A".repeat(43)}.ics`,
  };
}
