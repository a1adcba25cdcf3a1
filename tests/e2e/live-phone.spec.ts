import type { Page } from "@playwright/test";
import { api, claimedPlayer, letters, makePlayer, moveAway } from "./api";
import { hydrated, partHydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import { PHONE, hole, liveRound, logInAs, phone, waitingLine } from "./live";
import type { LiveLogJson, LiveStateJson } from "../../workers/api/serializers/live";

// This spec is about the service worker: its pages run it (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

// Live scoring on the players' phones (ADR 26, "The phone"), at 375 px: a phone that two
// players share in turn, a wrong PIN answered where the scorer looks, and the night screen
// following the round without a reload.

test.describe.configure({ timeout: 240_000 });

/** The round's change log, as the admin reads it. */
const logOf = (admin: Page, roundId: number) => api<LiveLogJson>(admin, "GET", `/api/admin/live/${roundId}/log`);

/** Opens the navbar's menu (a phone's) and taps Log out. */
async function tapLogOut(page: Page) {
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
}

test("a phone shared in turn: what waits stays its scorer's, and the next login gets none of it @narrow", async ({
  adminPage: admin,
  browser,
}) => {
  const a = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const b = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const roundId = await liveRound(admin, `Shared ${a.tag}`, [a.playerId, b.playerId]);
  const page = await phone(browser, a.page);
  const context = page.context();
  try {
    // A scores hole 1 with no way to the server: the score waits on the phone.
    let cutOff = true;
    await context.routeWebSocket(/\/api\/live\//, (ws) => (cutOff ? ws.close() : ws.connectToServer()));
    await context.route(/\/api\/live\/\d+\/changes/, (route) => (cutOff ? route.abort("internetdisconnected") : route.continue()));
    await page.goto(`/rounds/${roundId}/score?beat=1000`);
    await expect(hole(page)).toHaveText(/Hole 1/);
    // A tap before the scorer hydrates reaches only the server's HTML (a slow machine's case).
    const more = page.getByRole("button", { name: `One stroke more for ${a.playerName}` });
    await partHydrated(more);
    await more.click();
    await expect(waitingLine(page)).toHaveText("1 score saved on this phone, not yet sent");

    // Log out offers to send it first; it cannot go, so A keeps it on the phone, filed as A's.
    await tapLogOut(page);
    const ask = page.getByRole("dialog", { name: "Scores not sent yet" });
    await expect(ask).toContainText("1 score saved on this phone, not yet sent");
    await ask.getByRole("button", { name: "Send them now" }).click();
    await expect(ask.getByRole("alert")).toContainText("Not sent");
    await ask.getByRole("button", { name: "Log out, keep them for me" }).click();
    await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

    // Offline, the scoring page is no longer kept: nothing of A's shows.
    await context.setOffline(true);
    await page.goto(`/rounds/${roundId}/score`).catch(() => null);
    await expect(page.getByText(a.playerName)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Card 1" })).toHaveCount(0);
    await context.setOffline(false);

    // B signs in on the same phone with the server reachable: nothing of A's is sent as B's.
    cutOff = false;
    await logInAs(page, b.tag);
    await page.goto(`/rounds/${roundId}/score?beat=1000`);
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    await expect(waitingLine(page)).toHaveText("Every score is sent");
    await page.waitForTimeout(1500);
    expect((await logOf(admin, roundId)).changes).toEqual([]);
    await tapLogOut(page);
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

    // A signs in again: their score goes, as theirs.
    await logInAs(page, a.tag);
    await page.goto(`/rounds/${roundId}/score?beat=1000`);
    await expect(waitingLine(page)).toHaveText("Every score is sent", { timeout: 15_000 });
    await expect
      .poll(async () => (await logOf(admin, roundId)).changes.map((c) => [c.hole, c.value, c.scorer.name]))
      .toEqual([[1, 4, `Pat ${a.tag}`]]);
  } finally {
    await moveAway(admin, roundId);
    await context.close();
    await a.context.close();
    await b.context.close();
  }
});

/** Every hole of every player of the round at par 3, sent by `scorer` through the /api as a phone would. */
async function scoreEveryHole(scorer: Page, roundId: number) {
  const { state } = await api<LiveStateJson>(scorer, "GET", `/api/live/${roundId}`);
  const at = Math.floor(Date.now() / 1000);
  const changes = state.players.flatMap((p) =>
    Array.from({ length: 18 }, (_, i) => ({
      id: `e2e-${letters()}-${p.entryId}-${i}`,
      at,
      kind: "strokes",
      entryId: p.entryId,
      hole: i + 1,
      strokes: 3,
    })),
  );
  await api(scorer, "POST", `/api/live/${roundId}/changes`, { changes });
}

test("a wrong PIN is answered beside its Sign button, in view; a cardmate with no PIN is the organiser's to confirm @narrow", async ({
  adminPage: admin,
  browser,
}) => {
  const a = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const b = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const tag = letters();
  const loneId = await makePlayer(admin, "Lone", `Nopin${tag}`, "MA2");
  const roundId = await liveRound(admin, `Pins ${a.tag}`, [a.playerId, b.playerId, loneId]);
  // Setting a PIN takes the account's password (ADR 35): claimedPlayer's.
  await api(b.page, "PUT", "/api/users/me/scoring-pin", { pin: "2468", currentPassword: "Fairway-Drive-42" });
  await scoreEveryHole(a.page, roundId);
  const page = await phone(browser, a.page);
  try {
    await page.goto(`/rounds/${roundId}/score`);
    const sign = page.getByRole("region", { name: "Sign the card" });
    // The player with no login (so no PIN): no field, the organiser confirms.
    await expect(sign.locator("li", { hasText: `Lone Nopin${tag}` })).toContainText("no scoring PIN: the organiser confirms this total");
    await expect(sign.getByLabel(new RegExp(`Lone Nopin${tag}'s scoring PIN`))).toHaveCount(0);

    // A wrong PIN for B: the error shows beside the field and its button, on screen.
    await sign.getByLabel(new RegExp(`${b.playerName}'s scoring PIN`)).fill("1357");
    const button = sign.getByRole("button", { name: `Confirm for ${b.playerName}` });
    await button.click();
    const error = sign.getByRole("alert").filter({ hasText: `Wrong PIN for ${b.playerName}` });
    await expect(error).toBeVisible();
    const viewport = page.viewportSize() ?? { width: 375, height: 740 };
    const [errorBox, buttonBox] = [await error.boundingBox(), await button.boundingBox()];
    if (!errorBox || !buttonBox) throw new Error("the error or the button is not laid out");
    expect(errorBox.y).toBeGreaterThanOrEqual(0);
    expect(errorBox.y + errorBox.height).toBeLessThanOrEqual(viewport.height);
    expect(errorBox.x + errorBox.width).toBeLessThanOrEqual(viewport.width);
    // Beside the control: within a thumb's reach of the button, not a page away.
    expect(Math.abs(errorBox.y - (buttonBox.y + buttonBox.height))).toBeLessThan(120);
    await expect(page.getByRole("alert").filter({ hasText: "The server refused" })).toHaveCount(0);
  } finally {
    await moveAway(admin, roundId);
    await page.context().close();
    await a.context.close();
    await b.context.close();
  }
});

test("the night screen's Live scoring follows the round without a reload when phones flag a hole @narrow", async ({
  adminPage: admin,
  browser,
}) => {
  const a = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const b = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const roundId = await liveRound(admin, `Night ${a.tag}`, [a.playerId, b.playerId]);
  try {
    await admin.goto(`/admin/round/night/${roundId}`);
    const watch = admin.getByRole("region", { name: "Live scoring" });
    /** What the watch list says under `label`. */
    const row = (label: string) => watch.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
    await expect(row("Holes in question")).toHaveText("none");
    await expect(row("Not started")).toHaveText("Card 1");

    // A's phone says B took 3 on hole 1, B's phone says 4: the hole is in question.
    const { state } = await api<LiveStateJson>(a.page, "GET", `/api/live/${roundId}`);
    const entryB = state.players.find((p) => p.playerId === b.playerId)?.entryId ?? 0;
    const at = Math.floor(Date.now() / 1000);
    const stroke = (strokes: number) => ({ id: `e2e-${letters()}-${strokes}`, at, kind: "strokes", entryId: entryB, hole: 1, strokes });
    await api(a.page, "POST", `/api/live/${roundId}/changes`, { changes: [stroke(3)] });
    await api(b.page, "POST", `/api/live/${roundId}/changes`, { changes: [stroke(4)] });

    // The organiser's screen shows it, unreloaded, and the card is no longer "not started".
    await expect(row("Holes in question")).toHaveText(`Card 1: ${b.playerName}, hole 1`);
    await expect(row("Not started")).toHaveText("none");
  } finally {
    await moveAway(admin, roundId);
    await a.context.close();
    await b.context.close();
  }
});

test("the round page's side pots follow a CTP marked on a phone, without a reload @narrow", async ({ adminPage: admin, browser }) => {
  const a = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const b = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const roundId = await liveRound(admin, `Pots ${a.tag}`, [a.playerId, b.playerId]);
  const pot = `CTP ${a.tag}`;
  const phoneA = await phone(browser, a.page);
  const watcher = await (await newContext(browser, PHONE)).newPage();
  try {
    // The admin adds a CTP pot on hole 3 and puts both players in it (they pay at the course).
    await admin.goto(`/admin/round/night/${roundId}`);
    await hydrated(admin);
    const pots = admin.getByRole("region", { name: "Side pots" });
    const add = pots.getByRole("form", { name: "Add a side pot" });
    await add.getByLabel("Name").fill(pot);
    await add.getByLabel("Buy-in").fill("2");
    await add.getByLabel("CTP holes").fill("3");
    await add.getByRole("button", { name: "Add side pot" }).click();
    await expect(add.getByRole("status")).toContainText(`Added ${pot}`);
    const { state } = await api<LiveStateJson>(admin, "GET", `/api/live/${roundId}`);
    for (const p of state.players) {
      const join = pots.getByRole("form", { name: `Add a player to ${pot}` });
      await join.getByLabel(`Add to ${pot}`).selectOption(String(p.entryId));
      await join.getByRole("button", { name: "Add to side pot" }).click();
      await expect(pots.getByRole("status").filter({ hasText: `${p.name} is in ${pot}` })).toBeVisible();
    }

    // A visitor watches the round page.
    await watcher.goto(`/rounds/${roundId}`);
    const shown = watcher.getByRole("region", { name: "Side pots" });
    await expect(shown).toContainText("Hole 3: nobody yet");
    await expect(watcher.getByRole("region", { name: "Live scores" }).locator("[data-live=live]")).toBeVisible();

    // The card plays hole 3 (a mark waits for the card's score there, ADR 30); A marks B closest on it.
    const at = Math.floor(Date.now() / 1000);
    const hole3 = state.players.map((p) => ({
      id: `pots-${a.tag}-${p.entryId}`,
      at,
      kind: "strokes",
      entryId: p.entryId,
      hole: 3,
      strokes: 3,
    }));
    await api(admin, "POST", `/api/live/${roundId}/changes`, { changes: hole3 });
    await phoneA.goto(`/rounds/${roundId}/score`);
    await hydrated(phoneA);
    const form = phoneA.getByRole("form", { name: `Record a CTP in ${pot}` });
    await form.getByLabel("Closest").selectOption({ label: b.playerName });
    await form.getByRole("button", { name: "Record CTP" }).click();
    await expect(form.getByText(`CTP on hole 3: ${b.playerName}.`)).toBeVisible();

    // The visitor's page shows it, unreloaded.
    await expect(shown).toContainText(`Hole 3: ${b.playerName}`);
  } finally {
    await moveAway(admin, roundId);
    await watcher.context().close();
    await phoneA.context().close();
    await a.context.close();
    await b.context.close();
  }
});
