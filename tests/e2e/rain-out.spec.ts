import type { Page } from "@playwright/test";
import { api, claimedPlayer, expectBooksBalance, letters, moveAway } from "./api";
import { hydrated } from "./axe";
import { booksSoundAtTheEnd } from "./books";
import { expect, newContext, shot, test } from "./fixtures";
import type { PlayerDetailJson } from "../../workers/api/serializers/players";

booksSoundAtTheEnd();

// A rained-out night at 375 px (ADR 50): the organiser cancels tonight's round from the night
// screen; the player who paid from credit and the walk-up who paid cash have it back as league
// credit, and the player's home and the public round page say "Cancelled: weather". Then the
// organiser restores it, and every page is as it was.

const rainOut = (page: Page) => page.getByRole("region", { name: "Rain-out" });
const record = (page: Page) => page.getByRole("region", { name: "Your player record" });
const nextRound = (page: Page) => page.getByRole("region", { name: "Your next round" });

test("a rained-out night is cancelled from the night screen, everyone's money back, and restored @narrow", async ({
  adminPage: admin,
  browser,
}) => {
  // Tonight, in a little over two hours: Pat signed up from $10 of credit, Wes walked up and paid $6 cash.
  const player = await claimedPlayer(admin, browser, { creditDollars: 10, daysFromNow: 0.1 });
  const { roundId, roundName } = player;
  await api(player.page, "POST", "/api/entries", {
    round_id: roundId,
    player_id: player.playerId,
    division: "MA2",
    ace: true,
    credit_used: 6,
    method: "credit",
  });
  const wes = `Wes${letters()}`;
  await api(admin, "POST", `/api/admin/rounds/${roundId}/walk-up`, {
    new_player: { fn: "Wes", ln: wes },
    division: "MA3",
    amount: 6,
    request_key: `e2e-${letters()}${letters()}`,
  });
  const balance = async (id: number) => (await api<PlayerDetailJson>(admin, "GET", `/api/players/player/${id}`)).balance;
  expect(await balance(player.playerId)).toBe(4);

  // The organiser calls it off from the night screen.
  await admin.goto(`/admin/round/night/${roundId}`);
  await hydrated(admin);
  await rainOut(admin).getByRole("button", { name: "Cancel round…" }).click();
  const dialog = admin.getByRole("dialog", { name: `Cancel ${roundName}?` });
  await expect(dialog.getByLabel("Reason (shown on the round's pages)")).toHaveValue("weather");
  await shot(admin, "rain-out-cancel-dialog");
  await dialog.getByRole("button", { name: "Cancel the round" }).click();
  await expect(admin.getByText(`${roundName} is cancelled. $12.00 went back to 2 players as league credit.`)).toBeVisible();
  // The screen now holds what the server holds: cancelled, with its Restore at the top.
  await expect(rainOut(admin).getByText("Cancelled: weather")).toBeVisible();
  await expect(rainOut(admin).getByRole("button", { name: "Restore round" })).toBeVisible();
  // A cancelled night takes nothing: no check-in desk.
  await expect(admin.getByLabel("Find a player")).toHaveCount(0);
  await shot(admin, "rain-out-cancelled-night");
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // And on a wide screen.
  const phone = admin.viewportSize();
  await admin.setViewportSize({ width: 1280, height: 800 });
  await shot(admin, "rain-out-cancelled-night");
  if (phone) await admin.setViewportSize(phone);
  expect(await balance(player.playerId)).toBe(10);

  // The player: their credit is back, and their home says the round is off.
  const page = player.page;
  await page.goto("/");
  await expect(record(page)).toContainText("$10.00");
  await expect(nextRound(page)).toContainText(roundName);
  await expect(nextRound(page).getByText("Cancelled: weather").first()).toBeVisible();
  await shot(page, "rain-out-player-home");
  // The public round page, logged out.
  const visitor = await newContext(browser);
  const anyone = await visitor.newPage();
  await anyone.goto(`/rounds/${roundId}`);
  await expect(anyone.getByText("Cancelled: weather").first()).toBeVisible();
  await expect(anyone.getByRole("button", { name: /Sign up/ })).toHaveCount(0);
  await shot(anyone, "rain-out-round-page");
  await anyone.setViewportSize({ width: 1280, height: 800 });
  await shot(anyone, "rain-out-round-page");
  await visitor.close();

  // A mistaken cancel: restored exactly.
  await admin.reload();
  await hydrated(admin);
  await rainOut(admin).getByRole("button", { name: "Restore round" }).click();
  await admin
    .getByRole("dialog", { name: `Restore ${roundName}?` })
    .getByRole("button", { name: "Restore" })
    .click();
  await expect(admin.getByText(`${roundName} is restored`, { exact: false })).toBeVisible();
  await expect(rainOut(admin).getByRole("button", { name: "Cancel round…" })).toBeVisible();
  await shot(admin, "rain-out-restored-night");
  expect(await balance(player.playerId)).toBe(4);
  await page.goto("/");
  await expect(record(page)).toContainText("$4.00");
  await expect(nextRound(page)).toContainText(roundName);
  await expect(nextRound(page).getByText("Cancelled: weather")).toHaveCount(0);
  await expectBooksBalance(admin);
  await player.context.close();
  // Tonight's round takes the aces other tests add today once it starts: out of their way.
  await moveAway(admin, roundId);
});
