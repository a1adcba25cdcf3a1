import type { APIRequestContext, Page } from "@playwright/test";
import { api, letters, makePlayer } from "./api";
import { partHydrated } from "./axe";
import { expect, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { PlayerStatsJson } from "../../workers/api/serializers/players";

booksSoundAtTheEnd();

// The admin's ledger in Chromium: transfers added and deleted from the public pages,
// checked against the balances the /api reads from D1 (aces, and the Add Ace dialog on a
// phone: ace-pot.spec.ts). The players are the test's own, so no other test moves their
// balances meanwhile.

const money = (n: number) => `$${n.toFixed(2)}`;

async function balances(request: APIRequestContext, ...ids: number[]) {
  const players: PlayerStatsJson[] = await (await request.get("/api/players")).json();
  return ids.map((id) => players.find((p) => p.id === id)!.balance);
}

/** Two new players of the admin's; the first given `credit` dollars by the league. */
async function ownPlayers(admin: Page, request: APIRequestContext, credit: number): Promise<PlayerStatsJson[]> {
  const tag = letters();
  const ids = [await makePlayer(admin, "Lee", `Ledgera${tag}`), await makePlayer(admin, "Max", `Ledgerb${tag}`)];
  if (credit > 0)
    await api(admin, "POST", "/api/transfers/add", {
      values: { d: Math.floor(Date.now() / 1000), fromPlayer: null, toPlayer: ids[0], amt: credit, description: `e2e credit ${tag}` },
    });
  const players: PlayerStatsJson[] = await (await request.get("/api/players")).json();
  return ids.map((id) => players.find((p) => p.id === id)!);
}

/** The balance /players-all shows in a player's row. */
async function shownBalance(page: Page, p: PlayerStatsJson) {
  await page.goto(`/players-all?name=${encodeURIComponent(p.ln)}`);
  const row = page.getByRole("row", { name: new RegExp(`${p.fn} ${p.ln}`) }).first();
  return row;
}

test("the admin adds a transfer, both balances change on /players-all, and the delete moves it back", async ({
  adminPage: page,
  request,
}) => {
  const [from, to] = (await ownPlayers(page, request, 5)) as [PlayerStatsJson, PlayerStatsJson];
  const [fromBefore, toBefore] = await balances(request, from.id, to.id);
  const description = `e2e ${Date.now()}`;

  await page.goto("/transfers");
  const form = page.getByRole("region", { name: "Add transfer" });
  await partHydrated(form.getByRole("button", { name: "Add transfer" }));
  await form.getByLabel("Amount").fill("1.25");
  await form.getByLabel("From").selectOption(String(from.id));
  await form.getByLabel("To").selectOption(String(to.id));
  await form.getByLabel("Description").fill(description);
  await form.getByRole("button", { name: "Add transfer" }).click();
  await expect(form.getByText("Transfer of $1.25 added.")).toBeVisible();
  expect(await balances(request, from.id, to.id)).toEqual([fromBefore! - 1.25, toBefore! + 1.25]);
  await expect(await shownBalance(page, from)).toContainText(money(fromBefore! - 1.25));
  await expect(await shownBalance(page, to)).toContainText(money(toBefore! + 1.25));

  await page.goto("/transfers");
  const row = page.getByRole("row", { name: new RegExp(description) });
  await partHydrated(row.getByRole("button", { name: /^Delete the transfer of \$1\.25/ }));
  await row.getByRole("button", { name: /^Delete the transfer of \$1\.25/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete transfer" }).click();
  await expect(page.getByText("Transfer deleted.")).toBeVisible();
  expect(await balances(request, from.id, to.id)).toEqual([fromBefore, toBefore]);
});

test("a transfer of more credit than the sender has is refused in the form, and nothing moves", async ({ adminPage: page, request }) => {
  const [from, to] = (await ownPlayers(page, request, 0)) as [PlayerStatsJson, PlayerStatsJson];
  const [before] = await balances(request, from.id);
  await page.goto("/transfers");
  const form = page.getByRole("region", { name: "Add transfer" });
  await partHydrated(form.getByRole("button", { name: "Add transfer" }));
  await form.getByLabel("Amount").fill((before! + 1).toFixed(2));
  await form.getByLabel("From").selectOption(String(from.id));
  await form.getByLabel("To").selectOption(String(to.id));
  await form.getByRole("button", { name: "Add transfer" }).click();
  await expect(form.getByRole("alert")).toContainText("would take it below zero");
  expect(await balances(request, from.id)).toEqual([before]);
  // Bad amounts are the form's field errors.
  await form.getByLabel("Amount").fill("1.005");
  await form.getByRole("button", { name: "Add transfer" }).click();
  await expect(form.getByText("Amount can have at most 2 decimals")).toBeVisible();
});

test("visitors see no admin controls on /transfers and /aces", async ({ page }) => {
  await page.goto("/transfers");
  await expect(page.getByRole("region", { name: "Add transfer" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await page.goto("/aces");
  await expect(page.getByRole("button", { name: "Add Ace" })).toHaveCount(0);
});
