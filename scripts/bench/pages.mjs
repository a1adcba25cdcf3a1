// Every signed-in page the bench profiles (scripts/bench.mjs): the player's pages as the demo
// (or scale) league's first player with an approved claim, the organiser's as its admin
// (scripts/seed/accounts.ts). Ids come from the league being served: a past round with
// results, the next round (the night and scoring screens), the player's own record, a
// course. Personal pages, so never cached (ADR 11): each request renders and reads D1.

const PASSWORD = "PlayerPass2026";
const ADMIN = { username: "admin@league.test", password: "LeagueAdmin2026" };

async function json(url, init) {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${res.status}`);
  return res.json();
}

const post = (body) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
/**
 * The cookies a browser holds after its first page: the session's, and the session's hint
 * that the first page leaves (ADR 41: later pages read the session in their own batch).
 */
async function cookie(app, token) {
  const session = `__Host-session=${token}`;
  const first = await fetch(app("/"), { headers: { Cookie: session } });
  await first.arrayBuffer();
  const hint = first.headers.getSetCookie().find((c) => c.startsWith("__Host-session-hint="));
  if (!hint) throw new Error("The first signed-in page left no session hint");
  return { Cookie: `${session}; ${hint.split(";")[0]}` };
}

/** The player's session: the demo league's, else the scale league's. */
async function signInPlayer(app) {
  for (const email of ["player1@league.test", "scale1@league.test"]) {
    const res = await fetch(app("/api/users/login"), post({ email, password: PASSWORD }));
    if (res.ok) return cookie(app, (await res.json()).token);
  }
  throw new Error("Neither the demo nor the scale league's player could sign in");
}

/** Sessions and ids, once per bench: a session (and its hint) outlives a restart of the same league. */
export async function signedInPages(app) {
  const player = await signInPlayer(app);
  const admin = await cookie(app, (await json(app("/api/admin/login"), post(ADMIN))).token);
  const rounds = await json(app("/api/rounds/all"));
  const past = rounds[rounds.length - 8];
  const now = Date.now() / 1000;
  const next = rounds.find((r) => r.d >= now - 12 * 3600) ?? rounds[rounds.length - 1];
  const claim = (await json(app("/api/claims/mine"), { headers: player })).claim;
  const users = await json(app("/api/admin/users"), { headers: admin });
  const user = users.find((u) => u.id !== 1) ?? users[0];
  const [course] = await json(app("/api/courses"));
  const players = ["/", "/rounds", `/rounds/${past.id}`, "/players", `/players/${claim?.player_id ?? 1}`];
  players.push("/standings", "/aces", "/tags", "/transfers", "/profile", "/api/players");
  const admins = ["/admin/rounds", `/admin/rounds/${past.id}`, `/admin/round/night/${next.id}`, `/admin/round/play/${next.id}`];
  admins.push(`/admin/round/scores/${past.id}`, "/admin/users", `/admin/user/${user.id}`, "/admin/payments", "/admin/reports");
  admins.push("/admin/audit", "/admin/claims", "/admin/settings", "/admin/courses", `/admin/courses/${course.id}`, "/admin/tags");
  return {
    player,
    pages: [
      ...players.map((path) => ({ name: `player ${path}`, path, headers: player, gated: true })),
      ...admins.map((path) => ({ name: `admin ${path}`, path, headers: admin, gated: true })),
    ],
  };
}
