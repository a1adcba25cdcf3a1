import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { expect, loggedInContext, newContext, test } from "./fixtures";
import type { AceJson } from "../../workers/api/serializers/aces";
import type { PlayerStatsJson, SimplePlayerJson } from "../../workers/api/serializers/players";
import type { PlayerRoundJson } from "../../workers/api/serializers/rounds";
import type { TransferJson } from "../../workers/api/serializers/transfers";

// The player pages, aces and transfers against the seeded demo league. Expectations come
// from the /api, which reads the same D1, so the pages are checked against the data. Other
// tests add players and transfers meanwhile: a comparison over the whole league reads the
// /api and the page again until both show the same moment (toPass), and the ace list is
// read holding `acePot` (no other test adds an ace meanwhile).

const LEAGUE = /^LEAGUE_NAME\s*=\s*"(.+)"/m.exec(readFileSync("wrangler.toml", "utf8"))?.[1] ?? "";
const money = (dollars: number) => `$${dollars.toFixed(2)}`;
const avg = (n: number | null) => (n === null ? "–" : n.toFixed(1));
const byText = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });
/** A player of GET /api/players with the balance shown, as it is to everyone by default (moneyVisibility). */
type ShownPlayer = PlayerStatsJson & { balance: number };

const byName = (a: ShownPlayer, b: ShownPlayer) => byText(a.ln, b.ln) || byText(a.fn, b.fn) || a.id - b.id;

async function apiPlayers(request: APIRequestContext): Promise<ShownPlayer[]> {
  const players: PlayerStatsJson[] = await (await request.get("/api/players")).json();
  // A hidden balance is null (ADR 25): these tests read the league's default, where it never is.
  expect(players.filter((p) => p.balance === null).length, "balances hidden from a visitor").toBe(0);
  return players as ShownPlayer[];
}

/** A browser context with JavaScript off: what a visitor gets before (or without) the bundle. */
async function noScriptPage(browser: Browser, headers: Record<string, string>): Promise<Page> {
  const context = await newContext(browser, { javaScriptEnabled: false, extraHTTPHeaders: headers });
  return context.newPage();
}

/** React has hydrated the page (it tags the nodes it owns), so its handlers are live. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((k) => k.startsWith("__reactFiber$"));
  });
}

/**
 * Runs `check` (which reads the /api and then `page`) again until both saw the same league.
 * A public page may be kept 30 s by the browser (max-age, ADR 11), so a page loaded again
 * can be the browser's own copy, older than the /api read beside it: every attempt after
 * the first empties the browser's HTTP cache, so the page comes from the server.
 */
async function sameMoment(page: Page, check: () => Promise<void>) {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.clearBrowserCache");
      await cdp.detach();
    }
    await check();
  }).toPass({ timeout: 30_000 });
}

const table = (page: Page) => page.getByRole("table", { name: "All players" });
// /players-all shows 100 rows a page (PLAYERS_PAGE_SIZE): the demo league's ~120 make two.
const PAGE = 100;
const firstPage = <T>(list: T[]) => list.slice(0, PAGE);
const column = (page: Page, n: number) => table(page).locator(`tbody tr td:nth-child(${n})`).allTextContents();

test.describe("/players-all", () => {
  test("shows every player a page at a time with counts, averages and balances", async ({ page, request }) => {
    const rows = table(page).locator("tbody tr");
    let players: ShownPlayer[] = [];
    await sameMoment(page, async () => {
      players = [...(await apiPlayers(request))].sort(byName);
      expect(players.length).toBeGreaterThan(PAGE); // the demo league needs a second page
      await page.goto("/players-all");
      await expect(rows).toHaveCount(PAGE);
      await expect(page.getByText(`${players.length} players`, { exact: true })).toBeVisible({ timeout: 1_000 });
      const shown = firstPage(players);
      const rich = [...shown].sort((a, b) => b.balance - a.balance)[0];
      const row = rows.filter({ has: page.getByRole("link", { name: `${rich.fn} ${rich.ln}`, exact: true }) });
      await expect(row).toContainText(money(rich.balance), { timeout: 1_000 });
      await expect(row).toContainText(String(rich.roundCount), { timeout: 1_000 });
      // Inactive players carry the badge; the averages are explained on the page.
      await expect(table(page).getByText("Inactive", { exact: true })).toHaveCount(shown.filter((p) => p.inactive).length, {
        timeout: 1_000,
      });
    });
    await expect(page.getByText("mean score of all scored rounds ever")).toBeVisible();
    await expect(page.getByText("mean score of this year's scored rounds")).toBeVisible();

    // Next shows the rest, in the same order, keeping the sort; Previous goes back.
    const pager = page.getByRole("navigation", { name: "Player pages" });
    await sameMoment(page, async () => {
      players = [...(await apiPlayers(request))].sort(byName);
      const pages = Math.ceil(players.length / PAGE);
      await page.goto("/players-all");
      await expect(pager).toContainText(`Page 1 of ${pages}`, { timeout: 1_000 });
      await pager.getByRole("link", { name: /Next/ }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(rows).toHaveCount(Math.min(PAGE, players.length - PAGE), { timeout: 1_000 });
      const last = players[Math.min(players.length, 2 * PAGE) - 1];
      await expect(table(page).getByRole("link", { name: `${last.fn} ${last.ln}`, exact: true })).toBeVisible({ timeout: 1_000 });
    });
    await pager.getByRole("link", { name: /Previous/ }).click();
    await expect(rows).toHaveCount(PAGE);
    // Past the last page: the page says so and links back.
    await page.goto("/players-all?page=9");
    await expect(page.getByText("No players on this page")).toBeVisible();
  });

  test("sorts by balance and by average with JavaScript off", async ({ browser, extraHTTPHeaders, request }) => {
    let players: ShownPlayer[] = [];
    const page = await noScriptPage(browser, extraHTTPHeaders ?? {});
    await sameMoment(page, async () => {
      players = await apiPlayers(request);
      await page.goto("/players-all");
      await expect(table(page).getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
      expect(await column(page, 1)).toEqual(
        firstPage([...players].sort(byName)).map((p) => `${p.fn} ${p.ln}${p.inactive ? "Inactive" : ""}`),
      );
    });

    // Balance: first click high → low, ties by name; a second click low → high.
    const balanceHeader = table(page).getByRole("columnheader", { name: /Balance/ });
    await sameMoment(page, async () => {
      players = await apiPlayers(request);
      await page.goto("/players-all");
      await table(page)
        .getByRole("link", { name: /Balance/ })
        .click();
      await expect(page).toHaveURL(/[?&]sort=balance&dir=desc/);
      await expect(balanceHeader).toHaveAttribute("aria-sort", "descending");
      await expect(table(page).getByRole("columnheader", { name: /Name/ })).not.toHaveAttribute("aria-sort", /./);
      const byBalance = firstPage([...players].sort((a, b) => b.balance - a.balance || byName(a, b)));
      expect(await column(page, 2)).toEqual(byBalance.map((p) => money(p.balance)));
      expect((await column(page, 1)).map((n) => n.replace(/Inactive$/, ""))).toEqual(byBalance.map((p) => `${p.fn} ${p.ln}`));
    });
    await sameMoment(page, async () => {
      players = await apiPlayers(request);
      await page.goto("/players-all?sort=balance&dir=desc");
      await table(page)
        .getByRole("link", { name: /Balance/ })
        .click();
      await expect(balanceHeader).toHaveAttribute("aria-sort", "ascending");
      expect(await column(page, 2)).toEqual(
        firstPage([...players].sort((a, b) => a.balance - b.balance || byName(a, b))).map((p) => money(p.balance)),
      );
    });

    // Average: high → low, players without a scored round last whichever the direction.
    await sameMoment(page, async () => {
      players = await apiPlayers(request);
      await page.goto("/players-all");
      await table(page)
        .getByRole("link", { name: /^Average/ })
        .click();
      await expect(page).toHaveURL(/[?&]sort=average&dir=desc/);
      await expect(table(page).getByRole("columnheader", { name: /^Average/ })).toHaveAttribute("aria-sort", "descending");
      const withAvg = players.filter((p) => p.average !== null);
      const noAvg = players.length - withAvg.length;
      const desc = withAvg.map((p) => p.average as number).sort((a, b) => b - a);
      expect(await column(page, 3)).toEqual(firstPage([...desc.map(avg), ...Array(noAvg).fill("–")]));
      await table(page)
        .getByRole("link", { name: /^Average/ })
        .click();
      await expect(page).toHaveURL(/[?&]sort=average&dir=asc/);
      expect(await column(page, 3)).toEqual(firstPage([...[...desc].reverse().map(avg), ...Array(noAvg).fill("–")]));
    });
    await page.context().close();
  });

  test("filters by division and by name with JavaScript off, keeping the sort", async ({ browser, extraHTTPHeaders, request }) => {
    let players: ShownPlayer[] = [];
    const page = await noScriptPage(browser, extraHTTPHeaders ?? {});
    let ma1: ShownPlayer[] = [];
    await sameMoment(page, async () => {
      players = await apiPlayers(request);
      await page.goto("/players-all?sort=balance&dir=desc");
      const divisions = [...new Set(players.map((p) => p.division))];
      // The select offers the divisions present, in the spec's order (MPO before MA1, not alphabetical).
      const options = (await page.getByLabel("Division").locator("option").allTextContents()).slice(1);
      expect([...options].sort()).toEqual([...divisions].sort());
      expect(options.indexOf("MPO")).toBeLessThan(options.indexOf("MA1"));

      await page.getByLabel("Division").selectOption("MA1");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/division=MA1/);
      await expect(page).toHaveURL(/sort=balance&dir=desc/);
      ma1 = players.filter((p) => p.division === "MA1");
      await expect(table(page).locator("tbody tr")).toHaveCount(ma1.length, { timeout: 1_000 });
      expect(new Set(await column(page, 7))).toEqual(new Set(["MA1"]));
      await expect(page.getByText(`${ma1.length} of ${players.length} players`)).toBeVisible({ timeout: 1_000 });
    });

    await sameMoment(page, async () => {
      players = await apiPlayers(request);
      ma1 = players.filter((p) => p.division === "MA1");
      await page.goto("/players-all?sort=balance&dir=desc&division=MA1");
      const word = ma1[0].ln.slice(0, 3).toLowerCase();
      await page.getByLabel("Name").fill(word);
      await page.getByRole("button", { name: "Apply" }).click();
      const both = ma1.filter((p) => `${p.fn} ${p.ln}`.toLowerCase().includes(word));
      await expect(table(page).locator("tbody tr")).toHaveCount(both.length, { timeout: 1_000 });
      expect(await column(page, 2)).toEqual([...both].sort((a, b) => b.balance - a.balance || byName(a, b)).map((p) => money(p.balance)));
    });

    await page.getByLabel("Name").fill("zzzz-nobody");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No players match")).toBeVisible();
    await page.getByRole("link", { name: "Show all players" }).click();
    await expect(table(page).locator("tbody tr")).toHaveCount(Math.min(players.length, PAGE));
    await page.context().close();
  });

  test("with JavaScript a new division applies at once, the name as it is typed, and Clear empties both", async ({ page, request }) => {
    let players: ShownPlayer[] = [];
    await sameMoment(page, async () => {
      players = await apiPlayers(request);
      await page.goto("/players-all");
      await hydrated(page);
      await page.getByLabel("Division").selectOption("MPO");
      await expect(page).toHaveURL(/division=MPO/);
      const mpo = players.filter((p) => p.division === "MPO");
      await expect(table(page).locator("tbody tr")).toHaveCount(mpo.length, { timeout: 1_000 });

      const word = mpo[0].fn.toLowerCase();
      await page.getByLabel("Name").pressSequentially(word, { delay: 30 });
      await expect(page).toHaveURL(new RegExp(`name=${word}`));
      await expect(table(page).locator("tbody tr")).toHaveCount(mpo.filter((p) => `${p.fn} ${p.ln}`.toLowerCase().includes(word)).length, {
        timeout: 1_000,
      });
      await expect(page.getByLabel("Name")).toHaveValue(word);
    });

    await page.getByRole("link", { name: "Clear" }).click();
    await expect(table(page).locator("tbody tr")).toHaveCount(Math.min(players.length, PAGE));
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Division")).toHaveValue("");
  });

  test("bad parameters fall back to the default view, never a 500", async ({ page, request }) => {
    const players = await apiPlayers(request);
    const response = await page.goto(`/players-all?sort=bogus&dir=x&division=${encodeURIComponent("<script>alert(1)</script>")}&name=`);
    expect(response?.status()).toBe(200);
    await expect(table(page).locator("tbody tr")).toHaveCount(Math.min(players.length, PAGE));
    await expect(table(page).getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByLabel("Division")).toHaveValue("");
    const huge = await page.goto(`/players-all?sort=balance&dir=${"d".repeat(5000)}&name=${"x".repeat(3000)}`);
    expect(huge?.status()).toBe(200);
    await expect(page.getByText("No players match")).toBeVisible();
  });
});

test.describe("/players/{id}", () => {
  test("shows the summary the /api gives: division, PDGA, credit, rounds, wins, best score, averages", async ({ page, request }) => {
    const players = await apiPlayers(request);
    // The busiest player who has won a round, so wins and best score are not zero.
    let found: { player: ShownPlayer; rounds: PlayerRoundJson[] } | undefined;
    for (const player of [...players].sort((a, b) => b.roundCount - a.roundCount)) {
      const rounds: PlayerRoundJson[] = await (await request.get(`/api/rounds/roundsByPlayer/${player.id}`)).json();
      if (rounds.some((r) => r.score > 0 && r.result?.startsWith("1/"))) {
        found = { player, rounds };
        break;
      }
    }
    if (!found) throw new Error("the demo league has a round winner");
    const { player, rounds } = found;
    const scored = rounds.filter((r) => r.score > 0);
    const stat = (label: string) =>
      page
        .locator("dl > div")
        .filter({ has: page.locator("dt", { hasText: label }) })
        .locator("dd");

    await page.goto(`/players/${player.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${player.fn} ${player.ln}`);
    await expect(stat("Division")).toHaveText(player.division);
    await expect(stat("PDGA number")).toHaveText(player.pdga || "–");
    await expect(stat("Credit")).toHaveText(money(player.balance));
    await expect(stat("Rounds played")).toHaveText(String(scored.length));
    expect(scored.length).toBe(player.roundCount);
    await expect(stat("Wins")).toHaveText(String(scored.filter((r) => r.result?.startsWith("1/")).length));
    // The best score is per layout (one number over 9- and 18-hole rounds misled): the lowest is among them.
    await expect(stat("Best score")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Best scores" })).toContainText(String(Math.min(...scored.map((r) => r.score))));
    await expect(stat("Average this year")).toHaveText(avg(player.thisYearAverage));
    await expect(stat("Average all time")).toHaveText(avg(player.average));
  });

  test("lists the player's rounds and transfers", async ({ page, request }) => {
    await sameMoment(page, async () => {
      const transfers: TransferJson[] = await (await request.get("/api/transfers")).json();
      // The league's oldest transfer names a seeded player: the newest names one another
      // test made and is changing now, so the comparison would be tried again and again.
      const playerId = transfers.findLast((t) => t.toPlayer !== null)?.toPlayer as number;
      const player = await (await request.get(`/api/players/player/${playerId}`)).json();
      const rounds: PlayerRoundJson[] = await (await request.get(`/api/rounds/roundsByPlayer/${playerId}`)).json();
      const own: unknown[] = await (await request.get(`/api/transfers/transfersByPlayer/${playerId}`)).json();
      await page.goto(`/players/${playerId}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`${player.fn} ${player.ln}`);
      await expect(page.getByText(money(player.balance)).first()).toBeVisible({ timeout: 1_000 });
      const played = page.getByRole("table", { name: "Rounds played" }).locator("tbody tr");
      await expect(played).toHaveCount(rounds.length, { timeout: 1_000 });
      await expect(played.first().getByRole("link")).toHaveAttribute("href", `/rounds/${rounds[0].round_id}`);
      await expect(page.getByRole("table", { name: "Transfers" }).locator("tbody tr")).toHaveCount(own.length, { timeout: 1_000 });
    });
  });

  test("an inactive player carries the badge; a bad or unknown id is a 4xx, not a 500", async ({ page, request }) => {
    const inactive = (await apiPlayers(request)).find((p) => p.inactive);
    if (inactive) {
      await page.goto(`/players/${inactive.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Inactive");
    }
    for (const [path, status] of [
      ["/players/999999", 404],
      ["/players/abc", 400],
      ["/players/99999999999999999999999", 400],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      await expect(page.getByText("Error loading player")).toBeVisible();
    }
  });
});

test("player search starts at three characters and says when nothing matches", async ({ page, request }) => {
  const players: SimplePlayerJson[] = await (await request.get("/api/players/simpleList")).json();
  const target = players.find((p) => p.ln.length >= 4) as (typeof players)[number];
  // The page waits 300 ms after the last keystroke before it searches: the test's own clock
  // runs that wait out, and the searches the page asks the server for are recorded.
  await page.clock.install();
  const searches: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/players") && url.searchParams.has("q")) searches.push(url.searchParams.get("q")!);
  });
  await page.goto("/players");
  await hydrated(page);
  const box = page.getByRole("searchbox", { name: "Search players" });
  await box.fill(target.ln.slice(0, 2));
  await page.clock.runFor(1_000);
  await expect(page.getByRole("table", { name: "Search results" })).toHaveCount(0);
  await box.fill(target.ln);
  await page.clock.runFor(1_000);
  await expect(page.getByRole("link", { name: `${target.fn} ${target.ln}` })).toBeVisible();
  // What proves the two letters were never searched: the wait after them ran out before the
  // full name's, and only the full name reached the server.
  expect(searches).toEqual([target.ln]);
  await box.fill("zzqqxx");
  await expect(page.getByText("No players found.")).toBeVisible();
});

test.describe("/aces", () => {
  test("shows the current pot and the history, names linking to player pages", async ({ page, request, acePot: _ }) => {
    const { pot } = await (await request.get("/api/ace")).json();
    const aces: AceJson[] = await (await request.get("/api/ace/list")).json();
    await page.goto("/aces");
    await expect(page.getByText(`Current Ace Pot: ${money(pot)}`)).toBeVisible();
    const rows = page.getByRole("table", { name: "Ace History" }).locator("tbody tr");
    await expect(rows).toHaveCount(aces.length);
    for (const [i, ace] of aces.entries()) {
      const row = rows.nth(i);
      await expect(row.getByRole("link", { name: `${ace.fn} ${ace.ln}` })).toHaveAttribute("href", `/players/${ace.player}`);
      await expect(row).toContainText(money(ace.amt));
      if (ace.round_id !== null) await expect(row.getByRole("link").first()).toHaveAttribute("href", `/rounds/${ace.round_id}`);
    }
  });

  test("an admin's ace history links each date to the round form", async ({ browser, request, acePot: _ }) => {
    const aces: AceJson[] = await (await request.get("/api/ace/list")).json();
    const withRound = aces.filter((a) => a.round_id !== null);
    const context = await loggedInContext(browser, "admin@league.test", "LeagueAdmin2026");
    const page = await context.newPage();
    await page.goto("/aces");
    await expect(page.locator('nav a[href="/admin/users"]').first()).toBeAttached(); // the admin's navbar (behind Admin or Menu)
    const links = page.getByRole("table", { name: "Ace History" }).locator("tbody tr td:first-child a");
    await expect(links).toHaveCount(withRound.length);
    for (const [i, ace] of withRound.entries()) await expect(links.nth(i)).toHaveAttribute("href", `/admin/rounds/${ace.round_id}`);
    await context.close();
  });
});

test("transfers list every transfer, names linking to player pages and the league not a link", async ({ page, request }) => {
  const rows = page.getByRole("table", { name: "Transfers" }).locator("tbody tr");
  const quick = expect.configure({ timeout: 1_000 });
  await sameMoment(page, async () => {
    const transfers: TransferJson[] = await (await request.get("/api/transfers")).json();
    await page.goto("/transfers");
    await quick(rows).toHaveCount(transfers.length);
    for (const [i, t] of transfers.entries()) {
      const row = rows.nth(i);
      const links = [t.fPlayer, t.tPlayer].filter((n) => n !== null);
      await quick(row.getByRole("link")).toHaveCount(links.length);
      if (t.fPlayer !== null)
        await quick(row.getByRole("link", { name: t.fPlayer, exact: true })).toHaveAttribute("href", `/players/${t.fromPlayer}`);
      if (t.tPlayer !== null)
        await quick(row.getByRole("link", { name: t.tPlayer, exact: true })).toHaveAttribute("href", `/players/${t.toPlayer}`);
      if (t.fPlayer === null || t.tPlayer === null) await quick(row).toContainText("League");
      await quick(row).toContainText(money(t.amt));
    }
  });
});

test("every page has its title with the league's name and a description", async ({ page, request }) => {
  const [player] = await apiPlayers(request);
  const pages: [string, string][] = [
    ["/players-all", "All players"],
    [`/players/${player.id}`, `${player.fn} ${player.ln}`],
    ["/aces", "Aces"],
    ["/transfers", "Transfers"],
    ["/players", "Players"],
  ];
  expect(LEAGUE).not.toBe("");
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · ${LEAGUE}`);
    const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
    expect(description.length, `${path} description`).toBeGreaterThanOrEqual(50);
    expect(description.length, `${path} description`).toBeLessThanOrEqual(160);
  }
});

/** The element is on screen without scrolling sideways: inside the viewport's width. */
async function expectOnScreen(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  expect(box?.x ?? -1, what).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY), what).toBeLessThanOrEqual(width);
}

test("at 375 px no page scrolls sideways and the name and key number are on screen @narrow", async ({ page, request }) => {
  const players = await apiPlayers(request);
  const busy = [...players].sort((a, b) => b.roundCount - a.roundCount)[0];
  const noSideScroll = async (path: string) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  };
  const firstRow = (name: string) => page.getByRole("table", { name }).locator("tbody tr").first();

  await page.goto("/players-all");
  await noSideScroll("/players-all");
  await expectOnScreen(firstRow("All players").locator("td").nth(0), "players-all name");
  await expectOnScreen(firstRow("All players").locator("td").nth(1), "players-all balance");
  await expectOnScreen(firstRow("All players").locator("td").nth(2), "players-all average");

  await page.goto(`/players/${busy.id}`);
  await noSideScroll("/players/{id}");
  // The rounds are cards: the round (and its date), its score and every money column on screen.
  for (const [i, what] of ["round and date", "score", "rating", "position", "division"].entries())
    await expectOnScreen(firstRow("Rounds played").locator("td").nth(i), what);

  await page.goto("/aces");
  await noSideScroll("/aces");
  for (const [i, what] of ["date", "name", "amount"].entries()) await expectOnScreen(firstRow("Ace History").locator("td").nth(i), what);

  await page.goto("/transfers");
  await noSideScroll("/transfers");
  for (const [i, what] of ["date", "from and to", "amount"].entries())
    await expectOnScreen(firstRow("Transfers").locator("td").nth(i), what);

  await page.goto(`/players?q=${encodeURIComponent(busy.ln)}`);
  await noSideScroll("/players");
  await expectOnScreen(firstRow("Search results").locator("td").nth(1), "search balance");
});
