import type { APIRequestContext, Page } from "@playwright/test";
import { checkA11y, hydrated } from "./axe";
import { expect, shot, test } from "./fixtures";
import type { EntryJson } from "../../workers/api/serializers/entries";
import type { RatingAndHandicapJson } from "../../workers/api/serializers/rating-and-handicap";
import type { RoundJson } from "../../workers/api/serializers/rounds";

// Round ratings and handicaps on the seeded demo league (rated by the seed). The
// pages are checked against the /api, which reads the same D1.

async function playedRound(request: APIRequestContext): Promise<RoundJson> {
  const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
  const now = Date.now() / 1000;
  // A league night of the seed: other specs add played rounds of a few fresh players (no
  // history, so no handicap) meanwhile, and never change the seed's.
  return rounds.filter((r) => r.d < now - 86400 && r.entry_count >= 8).at(-1)!;
}

const results = (page: Page) => page.getByRole("table", { name: "Results" });
const rowOf = (page: Page, e: EntryJson) =>
  results(page)
    .getByRole("row")
    .filter({ hasText: `${e.fn} ${e.ln}` });

// At 1280 px, every column shown; the tables on a phone: rounds.spec.ts and players.spec.ts.
test("the round page shows each score's rating, and net scores on request", async ({ page, request }, info) => {
  const round = await playedRound(request);
  const entries: EntryJson[] = await (await request.get(`/api/entries/${round.id}`)).json();
  const scored = entries.filter((e) => e.score > 0);
  expect(scored.every((e) => Number.isInteger(e.rating) && e.rating! > 500 && e.rating! < 1300)).toBe(true);

  await page.goto(`/rounds/${round.id}`);
  await expect(results(page).getByRole("columnheader", { name: "Rating" })).toBeVisible();
  const best = [...scored].sort((a, b) => a.score - b.score)[0]!;
  await expect(rowOf(page, best).getByRole("cell").nth(3)).toHaveText(String(best.rating));
  await expect(results(page).getByRole("columnheader", { name: "Net", exact: true })).toHaveCount(0);

  await page.getByText("How ratings are computed").click();
  await expect(page.getByText(/least squares/)).toBeVisible();
  await shot(page, "ratings-round");

  await hydrated(page);
  await page.getByRole("link", { name: "Show handicaps and net scores" }).click();
  await expect(page).toHaveURL(/\?net=1$/);
  await expect(results(page).getByRole("columnheader", { name: "Net", exact: true })).toBeVisible();
  // Someone with a handicap going in: net = score − handicap, to one decimal, beside the gross place.
  const cells = await Promise.all(scored.map(async (e) => ({ e, text: await rowOf(page, e).getByRole("cell").nth(3).textContent() })));
  const withHcp = cells.find((c) => c.text !== "–");
  expect(withHcp, "some entrant has a handicap").toBeTruthy();
  const hcp = Number(withHcp!.text);
  await expect(rowOf(page, withHcp!.e).getByRole("cell").nth(2)).toHaveText((withHcp!.e.score - hcp).toFixed(1));
  await expect(rowOf(page, withHcp!.e).getByRole("cell").nth(4)).toHaveText(String(withHcp!.e.score));
  await expect(page.getByText("How handicaps are computed")).toBeVisible();
  await shot(page, "ratings-round-net");
  await checkA11y(page, "round with net scores", info);

  await page.getByRole("link", { name: "Hide handicaps and net scores" }).click();
  await expect(results(page).getByRole("columnheader", { name: "Net", exact: true })).toHaveCount(0);
});

test("net scores work without JavaScript", async ({ browser, request }) => {
  const round = await playedRound(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/rounds/${round.id}`);
  await page.getByRole("link", { name: "Show handicaps and net scores" }).click();
  await expect(page).toHaveURL(/\?net=1$/);
  await expect(results(page).getByRole("columnheader", { name: "Net", exact: true })).toBeVisible();
  // Ranked by net within each division: nets rise down each division, those without one last.
  const divisions = await results(page).evaluate((table) => {
    const groups: string[][] = [];
    for (const row of table.querySelectorAll("tbody tr")) {
      if (row.querySelector("th")) groups.push([]);
      else groups.at(-1)?.push(row.querySelectorAll("td")[2]?.textContent ?? "");
    }
    return groups;
  });
  const ranked = divisions.filter((nets) => nets.some((n) => n !== "–"));
  expect(ranked.length, "some division has net scores").toBeGreaterThan(0);
  for (const nets of ranked) {
    const known = nets.filter((n) => n !== "–").map(Number);
    expect(nets.slice(0, known.length)).toEqual(known.map((n) => n.toFixed(1)));
    expect(known).toEqual([...known].sort((a, b) => a - b));
  }
  await context.close();
});

test("the player page shows the rating, the handicap with its sum, and their history", async ({ page, request }, info) => {
  const round = await playedRound(request);
  const entries: EntryJson[] = await (await request.get(`/api/entries/${round.id}`)).json();
  // A regular: the entrant of the latest round with the longest history.
  const histories = await Promise.all(
    entries.map(async (e) => ({
      e,
      h: (await (await request.get(`/api/players/${e.player_id}/history`)).json()) as RatingAndHandicapJson,
    })),
  );
  const { e, h } = histories.sort((a, b) => b.h.handicapHistory.length - a.h.handicapHistory.length)[0]!;
  expect(h.handicap).not.toBeNull();
  expect(h.rating).toBeGreaterThan(500);

  await page.goto(`/players/${e.player_id}`);
  const card = page.getByRole("region", { name: "Rating and handicap" });
  await expect(card.getByText(String(h.rating), { exact: false }).first()).toBeVisible();
  const m = h.handicapMethod!;
  await expect(card.getByTestId("handicap-sum")).toContainText(
    `average of the last ${m.rounds} rounds: ${m.average.toFixed(1)} − par ${m.par} = ${m.overPar.toFixed(1)} × ${m.percent}% = ${h.handicap!.toFixed(1)}`,
  );
  const history = card.getByRole("table", { name: "Rating and handicap after each round" });
  await expect(history.locator("tbody tr")).toHaveCount(Math.min(10, h.handicapHistory.length));
  // By <td>: the score cell is hidden below 640 px, and roles skip hidden cells.
  const newest = history.locator("tbody tr").first().locator("td");
  await expect(newest.nth(1)).toHaveText(String(h.handicapHistory[0]!.score));
  await expect(newest.nth(2)).toHaveText(String(h.ratingHistory[0]!.round_rating));
  await expect(newest.nth(4)).toHaveText(h.handicapHistory[0]!.handicap!.toFixed(1));
  // The rounds table has the round rating too.
  await expect(page.getByRole("table", { name: "Rounds played" }).getByRole("columnheader", { name: "Rating" })).toBeVisible();
  await shot(page, "ratings-player");
  await checkA11y(page, "player with rating and handicap", info);
});
