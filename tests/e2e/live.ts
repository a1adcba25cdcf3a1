import type { Browser, Page } from "@playwright/test";
import { api, makeRound, publishCards } from "./api";
import { appOrigin, expect, newContext, test } from "./fixtures";
import type { NewEntryJson } from "../../workers/api/serializers/entries";

// Live scoring's e2e set-up (ADR 26): a phone at 375 px, a published round of the given
// players, and the scoring page's parts the tests read.

export const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

/** A phone: the player's own logged-in browser at 375 px (their cookies copied into it). */
export async function phone(browser: Browser, from: Page): Promise<Page> {
  const context = await newContext(browser, { ...PHONE, storageState: await from.context().storageState() });
  return context.newPage();
}

/** A round starting in an hour whose one card holds the players, published: its id. */
export async function liveRound(admin: Page, name: string, playerIds: number[]): Promise<number> {
  const roundId = await makeRound(admin, name, 1 / 24, { aceDollars: 0 });
  for (const player of playerIds) {
    const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
      values: { round_id: roundId, player, division: "MA2" },
    });
    await api(admin, "POST", `/api/admin/rounds/${roundId}/check-in`, { entry_id: newEntry.id });
  }
  await publishCards(admin, roundId);
  return roundId;
}

export const waitingLine = (page: Page) => page.locator("[data-waiting]");
export const hole = (page: Page) => page.getByRole("heading", { level: 2, name: /^Hole \d+/ });

/** Par for everyone not yet entered on the shown hole, and on to the next: `times` holes. */
export async function parHoles(page: Page, times: number) {
  for (let i = 0; i < times; i++) {
    const before = await hole(page).innerText();
    await page.getByRole("button", { name: "Par for the rest, next hole" }).click();
    await expect(hole(page)).not.toHaveText(before);
  }
}

/** Logs the page's browser in as the claimedPlayer of `tag` (their password), through the login API. */
export async function logInAs(page: Page, tag: string) {
  const res = await page.context().request.post("/api/users/login", {
    headers: { Origin: appOrigin(test.info().project.use.baseURL) },
    data: { email: `pay-${tag}@example.com`, password: "Fairway-Drive-42" },
  });
  expect(res.status()).toBe(200);
}
