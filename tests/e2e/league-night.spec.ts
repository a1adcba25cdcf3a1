import type { Browser, Page } from "@playwright/test";
import { api, claimedPlayer, expectBooksBalance, letters, makePlayer, makeRound, moveAway, send } from "./api";
import { checkA11y, hydrated, partHydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { NewEntryJson } from "../../workers/api/serializers/entries";
import type { CardBoardJson } from "../../workers/api/serializers/night";

booksSoundAtTheEnd();

// League night (ADR 25) in the browser: an admin runs a night on a phone — check-ins (one
// by the player on the round page, paying from credit), cash, a walk-up, cards in each mode,
// a move by the menu, publishing and the printed cards — and the players see their cards;
// and after publishing, a withdrawal with a reason, then a DNF once the card has a score (ADR 34).

test.describe.configure({ timeout: 150_000 });

/** Enters the admin's new player in the round: their entry id. */
async function entered(admin: Page, roundId: number, fn: string, ln: string, division: string): Promise<number> {
  const player = await makePlayer(admin, fn, ln, division);
  const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
    values: { round_id: roundId, player, division },
  });
  return newEntry.id;
}

const cardsRegion = (page: Page) => page.getByRole("region", { name: /^Cards \((draft|published)\)$/ });

// A round of today ties the aces other tests add today to it (services/money/ledger.ts
// addAce): the night's round takes no ace fee, the test holds the ace pot's lock, and the
// round moves weeks ahead when the test is done (moveAway).

test("an admin runs a whole night on the phone, and the players see their cards @narrow", async ({
  adminPage: admin,
  browser,
  acePot: _,
}) => {
  // A player with $20 of credit, claimed and logged in; a $5 round starting in an hour.
  const night = await claimedPlayer(admin, browser, { creditDollars: 20 });
  const { tag, page: player } = night;
  const roundName = `Night ${tag}`;
  const roundId = await makeRound(admin, roundName, 1 / 24, { aceDollars: 0 });
  try {
    await runNight(admin, player, browser, { ...night, roundId, roundName });
  } finally {
    await moveAway(admin, roundId);
    await night.context.close();
  }
});

type Night = Awaited<ReturnType<typeof claimedPlayer>>;

async function runNight(admin: Page, player: Page, browser: Browser, night: Night) {
  const { roundId, tag } = night;
  await api(admin, "POST", "/api/admin/entry/add", { values: { round_id: roundId, player: night.playerId, division: "MA2" } });
  const names = ["Ann", "Bo", "Cy", "Di"].map((fn, i) => ({ fn, ln: `Ni${String.fromCharCode(97 + i)}${tag}` }));
  for (const [i, n] of names.entries()) await entered(admin, roundId, n.fn, n.ln, i < 3 ? "MA1" : "MA2");

  // The player checks in on the round page, paying what they owe from their credit.
  await player.goto(`/rounds/${roundId}`);
  const part = player.getByRole("region", { name: "League night" });
  await expect(part).toContainText("Check-in is open until the start.");
  await partHydrated(part.getByRole("button", { name: "Check in" }));
  await part.getByLabel("Pay the $5.00 I owe from my credit ($20.00)").check();
  await part.getByRole("button", { name: "Check in" }).click();
  await expect(part.getByRole("status")).toContainText(`You are checked in for ${night.roundName}. $5.00 of your credit paid`);

  // The admin's night screen: the player's check-in is there.
  await admin.goto(`/admin/round/night/${roundId}`);
  await hydrated(admin);
  const row = (name: string) => admin.locator("li[data-entry]").filter({ hasText: name });
  await expect(row(night.playerName)).toContainText("Checked in");
  await expect(row(night.playerName)).toContainText("Paid: credit $5.00");

  // Cash from Ann, then the four checked in.
  const ann = `Ann ${names[0]!.ln}`;
  await row(ann)
    .getByRole("button", { name: `Take cash from ${ann}` })
    .click();
  const cash = admin.getByRole("form", { name: `Cash from ${ann}` });
  await expect(cash.getByLabel("Amount")).toHaveValue("5.00");
  await cash.getByRole("button", { name: "Record cash" }).click();
  await expect(row(ann).getByRole("status")).toHaveText(`Recorded $5.00 in cash from ${ann}.`);
  await expect(row(ann)).toContainText("Paid: cash $5.00");
  // Each check-in is listed on the desk above the players (ADR 38).
  const desk = admin.getByRole("region", { name: "Check in", exact: true });
  const done = desk.getByRole("status", { name: "Done just now" }).getByRole("listitem").first();
  for (const n of names) {
    const name = `${n.fn} ${n.ln}`;
    await row(name)
      .getByRole("button", { name: `Check in ${name}` })
      .click();
    await expect(done).toHaveText(`Checked in ${name}.`);
  }
  const checkedIn = admin.locator("dt", { hasText: /^Checked in$/ }).locator("..");
  await expect(checkedIn).toContainText("5");

  // A walk-up who has no record, found from the desk's search: entered, paid in cash and checked in at once.
  const walker = `Wes Walk${tag}`;
  await desk.getByLabel("Find a player").fill(walker);
  await desk.getByRole("button", { name: `Add player: ${walker}` }).click();
  const walkUp = admin.getByRole("region", { name: "Add a walk-up" });
  await walkUp.getByLabel("Division").selectOption("MA2");
  await expect(walkUp.getByLabel("Cash taken")).toHaveValue("5.00");
  await walkUp.getByRole("button", { name: "Add walk-up" }).click();
  await expect(done).toHaveText(`${walker} is entered, paid $5.00 in cash and is checked in.`);
  await expect(row(walker)).toContainText("Checked in");
  await expect(checkedIn).toContainText("6");

  // Cards in each mode, the last by division: the MA1 and the MA2 players on cards of their own.
  const make = admin.getByRole("region", { name: "Make cards" });
  await make.getByRole("button", { name: "Make cards" }).click();
  await expect(make.getByRole("status")).toHaveText("Made 2 scorecards for 6 players. Check them, then publish.");
  for (const mode of ["By rating spread", "By division"]) {
    await make.getByLabel("Mode").selectOption({ label: mode });
    await make.getByRole("button", { name: "Make cards again" }).click();
    await make.getByRole("button", { name: "Replace the cards" }).click();
    await expect(make.getByRole("status")).toHaveText("Made 2 scorecards for 6 players. Check them, then publish.");
  }
  const cards = cardsRegion(admin);
  const card = (n: number) => cards.locator(`section[data-card="${n}"]`);
  await expect(card(1)).toContainText("Card 1 · hole 1");
  await expect(card(2)).toContainText("Card 2 · hole 10");
  const divisionsOf = async (n: number) => new Set((await card(n).locator("li").allInnerTexts()).map((t) => /MA\d/.exec(t)?.[0]));
  // Each make answers with the same words, so the status alone does not say the division
  // cards are on screen yet: wait until the cards show them.
  await expect.poll(async () => [(await divisionsOf(1)).size, (await divisionsOf(2)).size]).toEqual([1, 1]);
  await checkA11y(admin, "night screen with draft cards", test.info());

  // A move by the menu: card 1's first player to card 2.
  const moving = card(1).locator("li").first();
  const movedName = (await moving.locator("p").first().innerText()).replace(/\s+MA\d.*$/, "");
  await moving.getByLabel(/^Move .* to$/).selectOption("2");
  await moving.getByRole("button", { name: "Move" }).click();
  await expect(cards.getByRole("status")).toHaveText(`Moved ${movedName} to card 2.`);
  await expect(card(2)).toContainText(movedName);
  await expect(card(1).locator("li")).toHaveCount(2);

  await cards.getByRole("button", { name: "Publish the 2 cards" }).click();
  await expect(cards.getByRole("status").filter({ hasText: "Published 2 scorecards" })).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Cards (published)" })).toBeVisible();

  // The paper backup: one block per card with an empty grid of 18 holes; no screen controls.
  await admin.emulateMedia({ media: "print" });
  const printed = admin.locator("[data-print-cards] section");
  await expect(printed).toHaveCount(2);
  await expect(printed.first().locator("thead th")).toHaveCount(20);
  await expect(printed.first().getByRole("rowheader", { name: "Par" })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Print cards" })).toBeHidden();
  await expect(cards).toBeHidden();
  await admin.emulateMedia({ media: "screen" });

  // The player's card on the round page, and everyone's for a visitor.
  await player.goto(`/rounds/${roundId}`);
  await expect(player.getByRole("region", { name: "League night" })).toContainText(/Card [12] · hole (1|10) · with /);
  const visitor = await (await newContext(browser)).newPage();
  await visitor.goto(`/rounds/${roundId}`);
  const published = visitor.getByRole("region", { name: "Cards" });
  await expect(published.getByRole("listitem")).toHaveCount(2);
  await expect(published).toContainText(walker);
  await expect(published).toContainText(night.playerName);

  // The round's money: the books still balance.
  await expectBooksBalance(admin);
}

test("a player dragged onto another card moves there", async ({ adminPage: admin }) => {
  const tag = letters();
  const roundId = await makeRound(admin, `Drag ${tag}`, 2);
  for (const fn of ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]) {
    const id = await entered(admin, roundId, fn, `Dr${tag}`, "MA1");
    await api(admin, "POST", `/api/admin/rounds/${roundId}/check-in`, { entry_id: id });
  }
  await api(admin, "POST", `/api/admin/rounds/${roundId}/cards`, { version: 0, mode: "random", start: "tee_times" });
  await admin.goto(`/admin/round/night/${roundId}`);
  await hydrated(admin);
  const cards = cardsRegion(admin);
  const from = cards.locator('section[data-card="1"] li').first();
  const name = (await from.locator("p").first().innerText()).replace(/\s+MA1.*$/, "");
  await from.dragTo(cards.locator('section[data-card="2"]'));
  await expect(cards.getByRole("status")).toHaveText(`Moved ${name} to card 2.`);
  await expect(cards.locator('section[data-card="2"]')).toContainText(name);
  await expect(cards.locator('section[data-card="1"] li')).toHaveCount(2);
});

/** Every hole of the card for these entries (a 3 each) as the admin's phone sends it: the card's scores. */
const wholeCard = (entryIds: number[], holes = 18) =>
  entryIds.flatMap((entryId) =>
    Array.from({ length: holes }, (_, h) => ({
      id: `e2e-${letters()}-${entryId}-${h + 1}`,
      at: Math.floor(Date.now() / 1000),
      kind: "strokes",
      entryId,
      hole: h + 1,
      strokes: 3,
    })),
  );

test("a withdrawal after publish: the admin withdraws with a reason, then marks DNF once the card has a score @narrow", async ({
  adminPage: admin,
  browser,
  acePot: _,
}) => {
  const tag = letters();
  const roundId = await makeRound(admin, `Withdraw ${tag}`, 1 / 24, { aceDollars: 0 });
  try {
    for (const fn of ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]) {
      const id = await entered(admin, roundId, fn, `Wd${tag}`, "MA1");
      await api(admin, "POST", `/api/admin/rounds/${roundId}/check-in`, { entry_id: id });
    }
    const made = await api<CardBoardJson>(admin, "POST", `/api/admin/rounds/${roundId}/cards`, {
      version: 0,
      mode: "random",
      start: "tee_times",
    });
    await api(admin, "POST", `/api/admin/rounds/${roundId}/cards/publish`, { version: made.version });
    const [one, two] = made.cards;
    if (!one || !two) throw new Error("two cards were not made");
    const gone = two.players[2]!;
    const quitter = one.players[0]!;

    // A visitor's round page is live before anything happens: it lists every player.
    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/rounds/${roundId}`);
    const board = visitor.getByRole("region", { name: "Live scores" });
    await expect(board).toContainText(gone.name);

    // Card 2 has not started: the admin withdraws a checked-in player, which needs a reason.
    await admin.goto(`/admin/round/night/${roundId}`);
    await hydrated(admin);
    const row = (name: string) => admin.locator("li[data-entry]").filter({ hasText: name });
    await row(gone.name)
      .getByRole("button", { name: `Withdraw ${gone.name}` })
      .click();
    const dialog = admin.getByRole("dialog", { name: `Withdraw ${gone.name}?` });
    await dialog.getByRole("button", { name: "Withdraw entry" }).click();
    await expect(dialog.getByLabel("Reason")).toBeFocused();
    await dialog.getByLabel("Reason").fill("Went home sick");
    await dialog.getByRole("button", { name: "Withdraw entry" }).click();
    const done = admin.getByRole("region", { name: "Check in", exact: true }).getByRole("status", { name: "Done just now" });
    await expect(done.getByRole("listitem").first()).toHaveText(
      `Withdrew ${gone.name} from Withdraw ${tag}. Nothing had been paid, so no credit came back.`,
    );
    await expect(row(gone.name)).toHaveCount(0);
    await checkA11y(admin, "the night screen after a withdrawal", test.info());

    // Every view drops them: the published cards, the leaderboard, card 2's scoring page.
    await visitor.reload();
    await expect(visitor.getByRole("region", { name: "Cards" })).not.toContainText(gone.name);
    await expect(board).toContainText(two.players[0]!.name);
    await expect(board).not.toContainText(gone.name);
    await admin.getByRole("region", { name: "Live scoring" }).getByRole("link", { name: "Card 2" }).click();
    await expect(admin.getByRole("heading", { name: "Card 2" })).toBeVisible();
    await expect(admin.getByText(two.players[0]!.name).first()).toBeVisible();
    await expect(admin.getByText(gone.name)).toHaveCount(0);

    // Card 1 starts: nobody withdraws its players any more; the night screen offers DNF.
    await api(admin, "POST", `/api/live/${roundId}/changes`, { changes: wholeCard([quitter.entry_id], 2) });
    const refused = await send(admin, "DELETE", `/api/entries/${quitter.entry_id}`, JSON.stringify({ reason: "Left after two holes" }));
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toContain("Mark them DNF instead");
    await admin.goto(`/admin/round/night/${roundId}`);
    await hydrated(admin);
    await expect(row(quitter.name).getByRole("button", { name: `Withdraw ${quitter.name}` })).toHaveCount(0);
    await row(quitter.name)
      .getByRole("button", { name: `Mark DNF for ${quitter.name}` })
      .click();
    await admin
      .getByRole("dialog", { name: `Mark ${quitter.name} DNF?` })
      .getByRole("button", { name: "Mark DNF" })
      .click();
    // What a row's action did is listed on the desk (ADR 38).
    await expect(done.getByRole("listitem").first()).toHaveText(
      `${quitter.name} is marked DNF: they stay on card 1 and in the results, and win nothing.`,
    );
    await visitor.reload();
    await expect(board.getByRole("row").filter({ hasText: quitter.name })).toContainText("DNF");

    // The rest play every hole; Finalise counts the five players the results then show.
    const playing = [...one.players.slice(1), ...two.players.slice(0, 2)].map((p) => p.entry_id);
    await api(admin, "POST", `/api/live/${roundId}/changes`, { changes: wholeCard(playing) });
    const watch = admin.getByRole("region", { name: "Live scoring" });
    await admin.reload();
    await hydrated(admin);
    await watch.getByLabel("Finalise scorecards that are not signed (or not started) as they stand").check();
    await watch.getByRole("button", { name: "Finalise the round" }).click();
    await expect(watch.getByRole("status")).toContainText("Finalised: 5 players' totals are the round's results.");
    await visitor.reload();
    // The players' rows (the division's row above them names its winner too).
    const results = visitor.getByRole("table").filter({ hasText: quitter.name }).locator("tr:has(td)");
    await expect(results.filter({ hasText: `Wd${tag}` })).toHaveCount(5);
    await expect(results.filter({ hasText: quitter.name })).toContainText("DNF");
    await expect(visitor.getByText(gone.name)).toHaveCount(0);
    await visitorContext.close();
  } finally {
    await moveAway(admin, roundId);
  }
});
