import { claimedPlayer, moveAway } from "./api";
import { checkA11y, hydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import { PHONE, hole, liveRound, parHoles, phone, waitingLine } from "./live";
import { booksSoundAtTheEnd } from "./books";

// This spec is about the service worker: its pages run it (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: "allow" });

booksSoundAtTheEnd();

// Live scoring (ADR 26) on two phones: one card of two players, each with a login, one
// phone offline for six holes (its scores wait on the phone, a reload offline still shows
// the card), a hole the phones disagree on flagged and settled, both players signing (one
// with their scoring PIN, set on /profile), a spectator's leaderboard following without a
// reload, and the admin finalising: the round's results then show the signed totals.

test.describe.configure({ timeout: 240_000 });

const PIN = "2468";

test("two phones score a card, one offline for six holes; signed, watched live and finalised @narrow", async ({
  adminPage: admin,
  browser,
}) => {
  const a = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const b = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const roundId = await liveRound(admin, `Live ${a.tag}`, [a.playerId, b.playerId]);
  const [nameA, nameB] = [a.playerName, b.playerName];
  try {
    // B sets a scoring PIN on /profile, with their password.
    await b.page.goto("/profile");
    await hydrated(b.page);
    const pinCard = b.page.getByRole("form", { name: "Scoring PIN" });
    await pinCard.getByLabel("4-digit PIN").fill(PIN);
    await pinCard.getByLabel("Current password").fill("Fairway-Drive-42");
    await pinCard.getByRole("button", { name: "Save PIN" }).click();
    await expect(pinCard.getByRole("status")).toContainText("Your scoring PIN is set");

    // A spectator, logged out, watches the round page.
    const spectatorContext = await newContext(browser, PHONE);
    const spectator = await spectatorContext.newPage();
    await spectator.goto(`/rounds/${roundId}`);
    const board = spectator.getByRole("region", { name: "Live scores" });
    await expect(board.locator("tr", { hasText: nameA })).toContainText("–");
    await expect(board.locator("[data-live=live]")).toBeVisible();

    // A opens the card from the round page; B goes straight to it, checking its socket every second.
    const phoneA = await phone(browser, a.page);
    await phoneA.goto(`/rounds/${roundId}`);
    await phoneA.getByRole("link", { name: "Score card 1" }).click();
    await expect(phoneA.getByText("Live", { exact: true })).toBeVisible();
    const phoneB = await phone(browser, b.page);
    await phoneB.goto(`/rounds/${roundId}/score?beat=1000`);
    await expect(phoneB.getByText("Live", { exact: true })).toBeVisible();
    await checkA11y(phoneA, "the scoring page", test.info());

    // Hole 1: A takes a 4, B a par; both phones and the spectator see it.
    await expect(hole(phoneA)).toHaveText(/Hole 1/);
    await phoneA.getByRole("button", { name: `One stroke more for ${nameA}` }).click();
    await parHoles(phoneA, 1);
    await expect(phoneB.getByRole("region", { name: "Totals" }).locator("li", { hasText: nameA })).toContainText("4 (+1)");
    await expect(board.locator("tr", { hasText: nameA })).toContainText("+1");
    await checkA11y(spectator, "a round scored live, logged out", test.info());
    // Without JavaScript the page still shows the board as it stands.
    const noScript = await newContext(browser, { ...PHONE, javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`/rounds/${roundId}`);
    await expect(plain.getByRole("region", { name: "Live scores" }).locator("tr", { hasText: nameA })).toContainText("+1");
    await noScript.close();

    // B loses the signal and scores holes 2 to 7 on the phone alone; on hole 4 B has A at 4.
    await phoneB.context().setOffline(true);
    await expect(phoneB.getByText("Offline: scores are saved on this phone")).toBeVisible({ timeout: 15_000 });
    await phoneB.getByRole("button", { name: "Hole 2", exact: true }).click();
    await parHoles(phoneB, 2);
    await expect(hole(phoneB)).toHaveText(/Hole 4/);
    await phoneB.getByRole("button", { name: `One stroke more for ${nameA}` }).click();
    await parHoles(phoneB, 4);
    await expect(waitingLine(phoneB)).toHaveText("12 scores saved on this phone, not yet sent");
    // A reload without a signal: the service worker's copy, and the scores still waiting.
    await phoneB.reload();
    await expect(waitingLine(phoneB)).toHaveText("12 scores saved on this phone, not yet sent");
    await expect(phoneB.getByRole("heading", { name: "Card 1" })).toBeVisible();
    await expect(phoneB.getByRole("region", { name: "Totals" }).locator("li", { hasText: nameB })).toBeVisible();

    // Meanwhile A scores holes 2 to 7 at par.
    await parHoles(phoneA, 6);

    // B is back: everything is sent once, and hole 4 is in question on both phones.
    await phoneB.context().setOffline(false);
    await expect(waitingLine(phoneB)).toHaveText("Every score is sent", { timeout: 20_000 });
    const flags = phoneA.getByRole("region", { name: /The scorecard disagrees/ });
    await expect(flags).toContainText(`Hole 4, ${nameA}`);
    await expect(flags).toContainText(`says 3`);
    await expect(flags).toContainText(`says 4`);
    await flags.getByRole("button", { name: "Settle at 3" }).click();
    await expect(flags).toBeHidden();
    await expect(phoneB.getByRole("region", { name: /The scorecard disagrees/ })).toBeHidden();

    // A finishes the round (holes 8 to 18), then both sign: A as themself, B with B's PIN.
    await phoneA.getByRole("button", { name: "Hole 8", exact: true }).click();
    await parHoles(phoneA, 10);
    await phoneA.getByRole("button", { name: "Par for the rest, next hole" }).click();
    const signA = phoneA.getByRole("region", { name: "Sign the card" });
    await signA.getByRole("button", { name: "Confirm my total: 55 (+1)" }).click();
    await signA.getByLabel(`${nameB}'s scoring PIN (54 (E))`).fill(PIN);
    await signA.getByRole("button", { name: `Confirm for ${nameB}` }).click();
    await expect(signA).toContainText(`${nameB}: signed 54 (E) with the player's PIN ✓`);
    await expect(phoneB.getByText("Every player signed: the scorecard is locked.")).toBeVisible();
    await expect(board.locator("tr", { hasText: nameA })).toContainText("F");

    // The admin finalises from the night screen; the round's results are the signed totals.
    await admin.goto(`/admin/round/night/${roundId}`);
    const watch = admin.getByRole("region", { name: "Live scoring" });
    await expect(watch).toContainText("Not signed");
    await checkA11y(admin, "the night screen watching live scoring", test.info());
    await watch.getByRole("button", { name: "Finalise the round" }).click();
    await expect(watch.getByRole("status")).toContainText("Finalised: 2 players' totals are the round's results.");
    await spectator.goto(`/rounds/${roundId}`);
    const results = spectator.getByRole("region", { name: "Results" }).first();
    // B won the division: 54, and the pool of both entries ($4.50 each to the payouts).
    await expect(results.getByRole("row", { name: new RegExp(`${nameB} 54 .*\\$9\\.00`) })).toBeVisible();
    await expect(results.getByRole("row", { name: new RegExp(`${nameA} 55 `) })).toBeVisible();
    await expect(results).toContainText(`Winner: ${nameB} (54)`);
    await expect(spectator.getByRole("region", { name: "Live scores" })).toBeHidden();
    // The standings count the round: both players are in them.
    await spectator.goto("/standings?division=MA2");
    await expect(spectator.getByRole("row", { name: new RegExp(nameB) })).toBeVisible();
    await spectatorContext.close();
  } finally {
    await moveAway(admin, roundId);
    await a.context.close();
    await b.context.close();
  }
});
