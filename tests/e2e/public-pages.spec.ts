import { expect, loggedInContext, test } from "./fixtures";

// Every public page against the seeded demo league. Expectations come from the /api,
// which reads the same D1, so the pages are checked against the data, not against copies.

type Round = { id: number; d: number; n: string; entry_count: number };
type Entry = { division: string; fn: string; ln: string; result: string | null; score: number };

// The rounds pages are in rounds.spec.ts.

test("player search starts at three characters", async ({ page, request }) => {
  const players: { id: number; fn: string; ln: string }[] = await (await request.get("/api/players/simpleList")).json();
  const target = players.find((p) => p.ln.length >= 4)!;
  await page.goto("/players");
  const box = page.getByRole("searchbox", { name: "Search players" });
  await box.fill(target.ln.slice(0, 2));
  await page.waitForTimeout(600);
  await expect(page.getByRole("table", { name: "Search results" })).toHaveCount(0);
  await box.fill(target.ln);
  await expect(page.getByRole("link", { name: `${target.fn} ${target.ln}` })).toBeVisible();
});

test("all players shows counts, averages and balances", async ({ page, request }) => {
  const players: { id: number; fn: string; ln: string; balance: number; roundCount: number }[] = await (
    await request.get("/api/players")
  ).json();
  await page.goto("/players-all");
  const rows = page.getByRole("table", { name: "All players" }).locator("tbody tr");
  await expect(rows).toHaveCount(players.length);
  const rich = [...players].sort((a, b) => b.balance - a.balance)[0];
  const row = rows.filter({ has: page.getByRole("link", { name: `${rich.fn} ${rich.ln}`, exact: true }) });
  await expect(row).toContainText(`$${rich.balance.toFixed(2)}`);
  await expect(row).toContainText(String(rich.roundCount));
});

test("a player's page shows rounds and transfers", async ({ page, request }) => {
  const transfers: { toPlayer: number | null; amt: number }[] = await (await request.get("/api/transfers")).json();
  const playerId = transfers.find((t) => t.toPlayer !== null)!.toPlayer!;
  const player = await (await request.get(`/api/players/player/${playerId}`)).json();
  const rounds: unknown[] = await (await request.get(`/api/rounds/roundsByPlayer/${playerId}`)).json();
  const own: unknown[] = await (await request.get(`/api/transfers/transfersByPlayer/${playerId}`)).json();
  await page.goto(`/players/${playerId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${player.fn} ${player.ln}`);
  await expect(page.getByText(`$${player.balance.toFixed(2)}`).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Rounds played" }).locator("tbody tr")).toHaveCount(rounds.length);
  await expect(page.getByRole("table", { name: "Transfers" }).locator("tbody tr")).toHaveCount(own.length);
});

test("aces show the current pot and the history", async ({ page, request }) => {
  const { pot } = await (await request.get("/api/ace")).json();
  const aces: { round_id: number }[] = await (await request.get("/api/ace/list")).json();
  await page.goto("/aces");
  await expect(page.getByText(`Current Ace Pot: $${pot.toFixed(2)}`)).toBeVisible();
  const rows = page.getByRole("table", { name: "Ace History" }).locator("tbody tr");
  await expect(rows).toHaveCount(aces.length);
  await expect(rows.first().getByRole("link").first()).toHaveAttribute("href", `/rounds/${aces[0].round_id}`);
});

test("an admin's ace history links each date to the round page too", async ({ browser, request }) => {
  const aces: { round_id: number | null }[] = await (await request.get("/api/ace/list")).json();
  const withRound = aces.filter((a) => a.round_id !== null);
  const context = await loggedInContext(browser, "admin@league.test", "LeagueAdmin2026");
  const page = await context.newPage();
  await page.goto("/aces");
  await expect(page.locator('nav a[href="/admin/users"]')).toBeAttached(); // the admin's navbar (behind Menu on phones)
  const links = page.getByRole("table", { name: "Ace History" }).locator("tbody tr td:first-child a");
  await expect(links).toHaveCount(withRound.length);
  for (const [i, ace] of withRound.entries()) await expect(links.nth(i)).toHaveAttribute("href", `/rounds/${ace.round_id}`);
  await context.close();
});

test("transfers list every transfer", async ({ page, request }) => {
  const transfers: unknown[] = await (await request.get("/api/transfers")).json();
  await page.goto("/transfers");
  await expect(page.getByRole("table", { name: "Transfers" }).locator("tbody tr")).toHaveCount(transfers.length);
});

test("no page scrolls sideways at 360 px @narrow", async ({ page, request }) => {
  const rounds: Round[] = await (await request.get("/api/rounds/all")).json();
  const players: { id: number }[] = await (await request.get("/api/players/simpleList")).json();
  await page.setViewportSize({ width: 360, height: 740 });
  const paths = [
    "/",
    `/rounds/${rounds[0].id}`,
    "/players",
    "/players-all",
    `/players/${players[0].id}`,
    "/aces",
    "/transfers",
    "/login",
    "/register",
    "/forgot-password",
    "/admin/login",
  ];
  for (const path of paths) {
    await page.goto(path);
    // Wide tables scroll inside their own box; the page itself must not.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
