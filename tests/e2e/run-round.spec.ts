import type { Browser, Page } from "@playwright/test";
import { api, letters, makeRound } from "./api";
import { hydrated } from "./axe";
import { computeDivisionPayouts } from "../../app/lib/rounds/payouts";
import { expect, newContext, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { SavedJson } from "../../workers/api/serializers/saved";
import type { PlayerStatsJson } from "../../workers/api/serializers/players";

booksSoundAtTheEnd();

// A league night on the admin's pages: enter four players (one new through
// 'Add player: …'), paste the scores, confirm the preview, see places and payouts on the
// admin page and at once on the public round page, then credit the payouts and see the
// balances on /players-all. Every name is the test's own, so runs at both widths and
// other specs can share the database.

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function balanceOf(page: Page, playerId: number): Promise<number> {
  const players: PlayerStatsJson[] = await (await page.request.get("/api/players")).json();
  return players.find((p) => p.id === playerId)?.balance ?? Number.NaN;
}

async function anonymousRoundPage(browser: Browser, roundId: number) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`/rounds/${roundId}`);
  return { page, close: () => context.close() };
}

// The entries and scores screens on a phone (at the course): organiser-phone.spec.ts and
// league-night.spec.ts.
test("the admin enters players, pastes scores, sees payouts everywhere and pays out to credit", async ({ adminPage: page, browser }) => {
  const tag = letters();
  // Played two days ago: a scored round in the future would confuse specs that pick an upcoming round.
  const roundId = await makeRound(page, `Night ${tag}`, -2);
  const names = [
    { fn: "Ann", ln: `Ames${tag}` },
    { fn: "Bob", ln: `Birch${tag}` },
    { fn: "Cy", ln: `Coté${tag}` },
  ];
  const ids: number[] = [];
  for (const n of names) ids.push((await api<SavedJson>(page, "POST", "/api/admin/player/", { values: { ...n, division: "MA3" } })).id);

  // Before any score: the public page (now in the anonymous cache) shows no results.
  const before = await anonymousRoundPage(browser, roundId);
  await expect(before.page.getByRole("heading", { name: `Night ${tag}` })).toBeVisible();
  await before.close();

  await page.goto(`/admin/round/play/${roundId}`);
  await hydrated(page);
  await expect(page).toHaveTitle(new RegExp(`Entries · Night ${tag}`));
  for (const n of names) {
    await page.getByLabel("Find a player").fill(n.ln);
    await page.getByRole("button", { name: new RegExp(`^${n.fn} ${n.ln}`) }).click();
    await expect(page.getByLabel("Division", { exact: true })).toHaveValue("MA3");
    await page.getByRole("button", { name: "Add to round" }).click();
    await expect(page.getByText("Player entered.")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`${n.fn} ${n.ln}`) })).toBeVisible();
  }
  // An entered player is left out of the search; the list still offers to add the text as a new player.
  await page.getByLabel("Find a player").fill(`Ames${tag}`);
  await expect(page.getByRole("button", { name: `Add player: Ames${tag}` })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^Ann Ames${tag}`) })).toHaveCount(0);

  const jane = `Doe${tag}`;
  await page.getByLabel("Find a player").fill(`Jane ${jane}`);
  await page.getByRole("button", { name: `Add player: Jane ${jane}` }).click();
  await page.getByLabel("Division", { exact: true }).selectOption("MA3");
  await page.getByRole("button", { name: "Add to round" }).click();
  await expect(page.getByText(`Jane ${jane} added as a new player and entered.`)).toBeVisible();
  await expect(page.getByText("MA3", { exact: true }).first()).toBeVisible();

  await page.getByRole("link", { name: "Scores", exact: true }).click();
  await hydrated(page);
  await page
    .getByLabel("Scores to paste")
    .fill(
      [
        `Ann Ames${tag} 52`,
        `Birch${tag}, Bob 49`,
        `CY COTE${tag.toUpperCase()}   55`,
        `jane ${jane.toLowerCase()} 50`,
        "nobody here 47",
        "junk",
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Pasted scores" });
  await expect(preview.getByRole("row")).toHaveCount(6);
  await expect(preview.getByRole("row", { name: /nobody here/ })).toContainText("Unknown name");
  await expect(page.getByText("1 line was not read")).toBeVisible();
  await page.getByRole("button", { name: "Save 4 scores" }).click();
  await expect(page.getByText("Saved 4 entries.")).toBeVisible();

  // 4 × $4.50 = $18 in MA3, two places paid: the payout engine's own numbers.
  const expected = computeDivisionPayouts(
    [49, 50, 52, 55].map((score, i) => ({ id: i + 1, division: "MA3", score })),
    450,
  ).results.map((r) => r.payoutCents);
  await page.getByRole("link", { name: "Entries and payouts" }).click();
  const bob = page.getByRole("row", { name: new RegExp(`^Bob Birch${tag}`) });
  await expect(bob).toContainText("1 of 4");
  await expect(bob).toContainText(money(expected[0] ?? 0));
  await expect(page.getByRole("row", { name: new RegExp(`Jane ${jane}`) })).toContainText("2 of 4");
  await expect(page.getByText(/Pool \$18\.00 · Paid \$18\.00/)).toBeVisible();

  const after = await anonymousRoundPage(browser, roundId);
  const winner = after.page.getByRole("row", { name: new RegExp(`Bob Birch${tag} 49`) });
  await expect(winner).toContainText("49");
  await expect(winner).toContainText(money(expected[0] ?? 0));
  await after.close();

  const bobBefore = await balanceOf(page, ids[1] as number);
  await page.getByRole("button", { name: "Credit payouts" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Credit payouts" }).click();
  await expect(page.getByText("Credited payouts to 2 players.")).toBeVisible();
  expect(await balanceOf(page, ids[1] as number)).toBeCloseTo(bobBefore + (expected[0] ?? 0) / 100, 2);
  await page.goto(`/players-all?name=Birch${tag}`);
  await expect(page.getByRole("row", { name: new RegExp(`Bob Birch${tag}`) })).toContainText(
    money(Math.round(bobBefore * 100) + (expected[0] ?? 0)),
  );
});

test("a score above 500 is refused beside its input and nothing is saved", async ({ adminPage: page }) => {
  const tag = letters();
  const roundId = await makeRound(page, `Bad ${tag}`, 1);
  const { id } = await api<SavedJson>(page, "POST", "/api/admin/player/", {
    values: { fn: "Dee", ln: `Dunn${tag}`, division: "MA1" },
  });
  await api(page, "POST", "/api/admin/entry/add", { values: { round_id: roundId, player: id, division: "MA1" } });
  await page.goto(`/admin/round/scores/${roundId}`);
  await hydrated(page);
  await page.getByLabel(`Dee Dunn${tag}`).fill("501");
  await page.getByRole("button", { name: "Save scores" }).click();
  await expect(page.getByText("Score must be at most 500")).toBeVisible();
  await page.goto(`/admin/round/scores/${roundId}`);
  await expect(page.getByLabel(`Dee Dunn${tag}`)).toHaveValue("0");
});
