import type { Page } from "@playwright/test";
import { makeRound, playedRound } from "./api";
import { expect, test } from "./fixtures";
import type { EntryJson } from "../../workers/api/serializers/entries";
import type { RoundJson } from "../../workers/api/serializers/rounds";
import type { AceJson } from "../../workers/api/serializers/aces";

// The rounds pages against the seeded demo league; expectations come from the /api.
// A test that needs a played or an upcoming round makes its own, relative to today (so it
// holds on any date), and other tests add rounds meanwhile: a count over the whole league
// reads the /api and the page again until both show the same moment (toPass).

const ZONE = "America/Chicago";
const yearOf = (d: number) => Number(new Intl.DateTimeFormat("en-US", { timeZone: ZONE, year: "numeric" }).format(new Date(d * 1000)));
// The spec's division order.
const ORDER = "MPO MP40 MP50 MPM MPG FPO MA1 MA2 MA3 MA4 MA40 MA50 FA1 FA2 FA3 FA40 FA50 MJ18 MJ15 MJ12 MJ10 MJ08 MJ06".split(" ");

/** Runs `check` (which reads the /api and then the page) again until both saw the same league. */
const sameMoment = (check: () => Promise<void>) => expect(check).toPass({ timeout: 30_000 });
const quick = expect.configure({ timeout: 1_000 });

/** The home page's address for the past rounds of the season of moment `d`. */
const pastOf = (d: number) => (yearOf(d) === yearOf(Date.now() / 1000) ? "/rounds?show=past" : `/rounds?season=${yearOf(d)}&show=past`);

/** A played round of the test's own: the divisions in no order, a tie for second in MA1, one entrant unscored. */
const ownPlayedRound = (admin: Page) =>
  playedRound(admin, [
    { fn: "Ann", division: "MA1", score: 50 },
    { fn: "Bob", division: "FA1", score: 56 },
    { fn: "Cy", division: "MA1", score: 48 },
    { fn: "Dee", division: "MPO", score: 47 },
    { fn: "Eve", division: "MA1", score: 50 },
    { fn: "Flo", division: "MA1", score: 53 },
    { fn: "Gus", division: "MA1", score: 0 },
  ]);

async function allRounds(request: import("@playwright/test").APIRequestContext) {
  const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
  const now = Date.now() / 1000;
  return { rounds, now, season: yearOf(now) };
}

test("home shows this season's past rounds only, every future round, and today's banner", async ({ page, request }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/^Rounds · /);
  await expect(page.getByRole("heading", { level: 1, name: "Rounds" })).toBeVisible();
  await sameMoment(async () => {
    const { rounds, now, season } = await allRounds(request);
    await page.goto("/");
    const todays = rounds.filter((r) => Math.abs(r.d - now) <= 86400);
    await quick(page.getByRole("region", { name: "Today's round" })).toHaveCount(todays.length);
    await quick(page.locator("#future-rounds li")).toHaveCount(rounds.filter((r) => r.d >= now).length);
    const pastThisSeason = rounds.filter((r) => r.d < now && yearOf(r.d) === season);
    await quick(page.locator("#past-rounds li")).toHaveCount(pastThisSeason.length);
    // Newest first.
    const newest = pastThisSeason.at(-1);
    if (newest) await quick(page.locator("#past-rounds li").first()).toContainText(newest.n);
  });
});

test("each past round shows its low score and who shot it", async ({ page, request, adminPage }) => {
  const { roundId } = await ownPlayedRound(adminPage);
  const played = (await allRounds(request)).rounds.find((r) => r.id === roundId)!;
  const entries: EntryJson[] = await (await request.get(`/api/entries/${played.id}`)).json();
  const low = Math.min(...entries.filter((e) => e.score > 0).map((e) => e.score));
  const shooters = entries.filter((e) => e.score === low).sort((a, b) => a.ln.localeCompare(b.ln) || a.fn.localeCompare(b.fn));
  await page.goto(pastOf(played.d));
  const row = page.locator(`#past-rounds a[href="/rounds/${played.id}"]`);
  await expect(row).toContainText(`Low ${low}`);
  await expect(row).toContainText(`${shooters[0]!.fn} ${shooters[0]!.ln}`);
});

test("an earlier season has its own page, reached through the season links", async ({ page, request, adminPage }) => {
  // A round of the test's own more than a year ago: there is an earlier season on any date.
  await makeRound(adminPage, `Long ago ${Date.now().toString(36)}`, -400);
  await sameMoment(async () => {
    const { rounds, season } = await allRounds(request);
    const earlier = [...new Set(rounds.map((r) => yearOf(r.d)))].filter((y) => y < season).sort((a, b) => b - a)[0]!;
    await page.goto("/rounds");
    await page
      .getByRole("navigation", { name: "Seasons" })
      .getByRole("link", { name: String(earlier) })
      .click();
    await expect(page).toHaveURL(new RegExp(`season=${earlier}`));
    await expect(page.getByRole("heading", { level: 1, name: `Rounds of ${earlier}` })).toBeVisible();
    await quick(page.locator("#past-rounds li")).toHaveCount(rounds.filter((r) => yearOf(r.d) === earlier).length);
    await expect(page.getByRole("navigation", { name: "Seasons" }).getByText(String(earlier))).toHaveAttribute("aria-current", "page");
  });
});

test("a season that is not one answers 404 with a way back, never a 500", async ({ page }) => {
  for (const season of ["abc", "1800", "20255", "<script>"]) {
    const response = await page.goto(`/rounds?season=${encodeURIComponent(season)}`);
    expect(response?.status(), season).toBe(404);
    await expect(page.getByText("There are no rounds in that season.")).toBeVisible();
    await expect(page.getByRole("link", { name: "This season's rounds" })).toBeVisible();
  }
});

test("the wide screen shows both lists side by side @wide", async ({ page }) => {
  await page.goto("/rounds?show=past");
  await expect(page.locator("#past-rounds")).toBeVisible();
  await expect(page.locator("#future-rounds")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Show rounds" })).toBeHidden();
});

test("the phone's past/future toggle lives in the URL, so Back returns to it @narrow", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("#future-rounds")).toBeVisible();
  await expect(page.locator("#past-rounds")).toBeHidden();
  const toggle = page.getByRole("navigation", { name: "Show rounds" });
  await toggle.getByRole("link", { name: "Past rounds" }).click();
  await expect(page).toHaveURL(/show=past/);
  await expect(page.locator("#past-rounds")).toBeVisible();
  await expect(page.locator("#future-rounds")).toBeHidden();
  await expect(toggle.getByRole("link", { name: "Past rounds" })).toHaveAttribute("aria-current", "true");
  await page.locator("#past-rounds li a").first().click();
  await expect(page).toHaveURL(/\/rounds\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/show=past/);
  await expect(page.locator("#past-rounds")).toBeVisible();
  await expect(page.locator("#future-rounds")).toBeHidden();
});

test("the toggle works without JavaScript too @narrow", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("navigation", { name: "Show rounds" }).getByRole("link", { name: "Past rounds" }).click();
  await expect(page.locator("#past-rounds")).toBeVisible();
  await expect(page.locator("#future-rounds")).toBeHidden();
  await context.close();
});

test("a round's results are one table, divisions in the spec's order, places written 1, T2, T2, 4", async ({
  page,
  request,
  adminPage,
}) => {
  const { roundId } = await ownPlayedRound(adminPage);
  const played = (await allRounds(request)).rounds.find((r) => r.id === roundId)!;
  const entries: EntryJson[] = await (await request.get(`/api/entries/${played.id}`)).json();
  await page.goto(`/rounds/${played.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(played.n);
  await expect(page.getByRole("table")).toHaveCount(1);
  const table = page.getByRole("table", { name: "Results" });
  const divisions = [...new Set(entries.map((e) => e.division))].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  const groupHeads = await table.locator('th[scope="colgroup"] > span:first-child').allInnerTexts();
  expect(groupHeads).toEqual(divisions);
  for (const e of entries) {
    const mates = entries.filter((o) => o.division === e.division && o.score > 0);
    const place = 1 + mates.filter((o) => o.score < e.score).length;
    const tied = mates.filter((o) => o.score === e.score).length > 1;
    const row = table.getByRole("row", { name: new RegExp(`\\b${e.fn} ${e.ln}\\b`) });
    await expect(row.locator("td").first()).toHaveText(e.score > 0 ? `${tied ? "T" : ""}${place}` : "–");
  }
  // Each division's winner line names its low score.
  const first = divisions[0]!;
  const low = Math.min(...entries.filter((e) => e.division === first && e.score > 0).map((e) => e.score));
  await expect(table.locator('th[scope="colgroup"]').first()).toContainText(`(${low})`);
});

test("a player who hit an ace in a round is marked in its results", async ({ page, request }) => {
  const aces: AceJson[] = await (await request.get("/api/ace/list")).json();
  // The oldest, newest first: the seeded league's, whose hitter played that round. An ace
  // another test adds now is tied to a round its player did not play.
  const ace = aces.filter((a) => a.round_id !== null).at(-1)!;
  await page.goto(`/rounds/${ace.round_id}`);
  const row = page.getByRole("row", { name: new RegExp(`${ace.fn} ${ace.ln}`) });
  await expect(row.getByTitle("Hit an ace in this round")).toBeVisible();
});

test("a round not played yet lists who signed up instead of empty scores", async ({ page, request, adminPage }) => {
  const { roundId } = await playedRound(
    adminPage,
    [
      { fn: "Una", division: "MA2", score: 0 },
      { fn: "Vic", division: "MA3", score: 0 },
    ],
    { daysFromNow: 5 },
  );
  const entries: EntryJson[] = await (await request.get(`/api/entries/${roundId}`)).json();
  await page.goto(`/rounds/${roundId}`);
  await expect(page.getByRole("heading", { name: "Registered players" })).toBeVisible();
  const table = page.getByRole("table", { name: "Registered players" });
  for (const e of entries) await expect(table.getByRole("link", { name: `${e.fn} ${e.ln}` })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Score" })).toHaveCount(0);
});

test("an unknown round shows the spec's error inside the layout", async ({ page }) => {
  const response = await page.goto("/rounds/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Error loading round" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("at phone width the results' player and score are on screen, and the page never scrolls sideways @narrow", async ({
  page,
  adminPage,
}) => {
  const { roundId } = await ownPlayedRound(adminPage);
  for (const path of ["/", "/rounds?show=past", `/rounds/${roundId}`]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  const row = page.getByRole("table", { name: "Results" }).locator("tbody tr:not(:has(th))").first();
  for (const cell of [row.locator("td").nth(1), row.locator("td").nth(2)]) {
    const box = await cell.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
});
