import type { Page } from "@playwright/test";
import { api, claimedPlayer, letters } from "./api";
import { partHydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { SimplePlayerJson } from "../../workers/api/serializers/players";
import type { RegisteredJson } from "../../workers/api/serializers/users";
import type { RoundJson } from "../../workers/api/serializers/rounds";

booksSoundAtTheEnd();

// What a signed-in player sees first on the home page, and what a visitor does not: their
// next round with what they owe and the one action that fits, then their record, its
// credit and where their claim stands. And /players, which opens on the recent players.

const nextRound = (page: Page) => page.getByRole("region", { name: "Your next round" });
const record = (page: Page) => page.getByRole("region", { name: "Your player record" });
const stat = (page: Page, label: string) => nextRound(page).locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");

// At 375 px, where the cards stack above the round lists.
test("a player signed up with credit: their round, paid, not checked in yet, and their credit @narrow", async ({ adminPage, browser }) => {
  const player = await claimedPlayer(adminPage, browser, { creditDollars: 20, daysFromNow: 5 });
  await api(player.page, "POST", "/api/entries", {
    round_id: player.roundId,
    player_id: player.playerId,
    division: "MA2",
    ace: true,
    credit_used: 6,
    method: "credit",
  });
  const page = player.page;
  await page.goto("/");
  await expect(nextRound(page)).toContainText(player.roundName);
  await expect(nextRound(page)).toContainText("Riverside Park DGC");
  await expect(stat(page, "Signed up")).toHaveText("Yes");
  await expect(stat(page, "Paid")).toHaveText("Yes");
  await expect(stat(page, "Checked in")).toHaveText(/^Not yet \(from \d{1,2}:\d\d [AP]M\)$/);
  // Five days out check-in is not open: the one action is to look at the round.
  await nextRound(page).getByRole("link", { name: "View round" }).click();
  await expect(page).toHaveURL(new RegExp(`/rounds/${player.roundId}$`));
  await page.goBack();
  await expect(record(page)).toContainText(player.playerName);
  await expect(record(page)).toContainText("$14.00"); // $20 of credit less the $6 entry
  await expect(record(page)).toContainText("Approved");
  await player.context.close();
});

test("a player the admin entered without payment sees what they owe", async ({ adminPage, browser }) => {
  const player = await claimedPlayer(adminPage, browser, { creditDollars: 0, daysFromNow: 4 });
  await api(adminPage, "POST", "/api/admin/entry/add", {
    values: { round_id: player.roundId, player: player.playerId, division: "MA2" },
  });
  await player.page.goto("/");
  await expect(stat(player.page, "Signed up")).toHaveText("Yes");
  await expect(stat(player.page, "Paid")).toHaveText("Owes $6.00");
  await player.context.close();
});

test("a user with no claim is asked to claim; one waiting for an admin is told so; a visitor sees neither", async ({ browser, page }) => {
  const context = await newContext(browser);
  const user = await context.newPage();
  const t = letters();
  const { token } = await api<RegisteredJson>(user, "POST", "/api/users/register", {
    email: `home-${t}@e2e.test`,
    name: `Home ${t}`,
    password: "Fairway-Drive-42",
  });
  await user.goto("/");
  await expect(nextRound(user)).toHaveCount(0);
  await expect(record(user)).toContainText("You have not claimed a player record yet.");
  await partHydrated(record(user).getByRole("link", { name: "Find your player record" }));
  await record(user).getByRole("link", { name: "Find your player record" }).click();
  await expect(user).toHaveURL(/\/players$/);

  await user.request.post("/api/players/addNew", {
    headers: { Authorization: `Bearer ${token}` },
    data: { values: { fn: "Hope", ln: `Home${t}`, division: "MA3" } },
  });
  await user.goto("/");
  await expect(record(user)).toContainText(`Hope Home${t}`);
  await expect(record(user)).toContainText("Pending");
  await expect(record(user)).toContainText("Your claim is waiting for an admin to review it.");
  await context.close();

  // The anonymous (cached) home page has no one's part.
  await page.goto("/");
  await expect(record(page)).toHaveCount(0);
  await expect(nextRound(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Register" }).last()).toBeVisible();
});

test("/players opens on the players of the latest rounds, and the search still works", async ({ page, request }) => {
  const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
  const now = Date.now() / 1000;
  const latest = rounds
    .filter((r) => r.d <= now)
    .sort((a, b) => b.d - a.d)
    .slice(0, 4);
  // Someone entered in one of them (other tests make rounds of their own, some still empty).
  let someone: { id: number; fn: string; ln: string } | undefined;
  for (const round of latest) {
    someone ??= ((await (await request.get(`/api/players/round/${round.id}`)).json()) as SimplePlayerJson[])[0];
  }
  expect(someone, "a player of the latest rounds").toBeDefined();
  if (!someone) return;
  await page.goto("/players");
  const recent = page.getByRole("table", { name: "Recent players" });
  await expect(recent).toBeVisible();
  await expect(recent.getByRole("link", { name: `${someone.fn} ${someone.ln}`, exact: true })).toHaveAttribute(
    "href",
    `/players/${someone.id}`,
  );
  // A search replaces the list with its hits.
  await page.getByRole("searchbox", { name: "Search players" }).fill(someone.ln);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(
    page.getByRole("table", { name: "Search results" }).getByRole("link", { name: `${someone.fn} ${someone.ln}` }),
  ).toBeVisible();
  await expect(recent).toHaveCount(0);
});

test("without JavaScript /players lists the recent players and searches", async ({ browser, request }) => {
  const players: SimplePlayerJson[] = await (await request.get("/api/players/simpleList")).json();
  const target = players.find((p) => p.ln.length >= 4)!;
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/players");
  await expect(page.getByRole("table", { name: "Recent players" }).getByRole("row")).not.toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search players" }).fill(target.ln);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/players\\?q=${target.ln}`));
  await expect(page.getByRole("link", { name: `${target.fn} ${target.ln}` }).first()).toBeVisible();
  await context.close();
});
