import type { Page } from "@playwright/test";
import { api, claimedPlayer, creditPayoutsInPage, expectBooksBalance, moveAway, publishCards } from "./api";
import { checkA11y, hydrated, partHydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { EntryJson, NewEntryJson } from "../../workers/api/serializers/entries";

booksSoundAtTheEnd();

// A CTP night on the demo league (ADR 30): the admin adds a $2 pot on holes 3 and 7; one
// player buys in with their sign-up (credit), another is put in at check-in and pays cash;
// on the card's phone a CTP on hole 3 is marked, then beaten; Credit payouts pays hole 3's
// half into the winner's credit and rolls hole 7's over; the round page, the winner's page
// and the report show it, and the books balance. A CTP is marked once the card has played the hole.

test.describe.configure({ timeout: 180_000 });

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

async function entryOf(admin: Page, roundId: number, playerId: number) {
  const list = await api<EntryJson[]>(admin, "GET", `/api/entries/${roundId}`);
  const entry = list.find((e) => e.player_id === playerId);
  if (!entry) throw new Error(`no entry of player ${playerId}`);
  return entry;
}

test("a CTP night: buy-ins by sign-up and at check-in, a mark beaten on the card, paid with the payouts", async ({
  adminPage: admin,
  browser,
}) => {
  const a = await claimedPlayer(admin, browser, { creditDollars: 20, daysFromNow: 1 / 24 });
  const b = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const roundId = a.roundId;
  const pot = `CTP ${a.tag}`;
  try {
    // The admin adds the pot on the night screen.
    await admin.goto(`/admin/round/night/${roundId}`);
    await hydrated(admin);
    const pots = admin.getByRole("region", { name: "Side pots" });
    const add = pots.getByRole("form", { name: "Add a side pot" });
    await add.getByLabel("Name").fill(pot);
    await add.getByLabel("Buy-in").fill("2");
    await add.getByLabel("CTP holes").fill("3, 7");
    await add.getByRole("button", { name: "Add side pot" }).click();
    await expect(add.getByRole("status")).toContainText(`Added ${pot} ($2.00 to buy in).`);

    // A signs up with the pot: $5 + $1 ace + $2, all from credit.
    await a.page.goto(`/rounds/${roundId}`);
    await hydrated(a.page);
    await partHydrated(a.page.getByRole("button", { name: "Sign up", exact: true }));
    await a.page.getByRole("button", { name: "Sign up", exact: true }).click();
    const dialog = a.page.getByRole("dialog", { name: `Sign up: ${a.roundName}` });
    await dialog.getByLabel(`${pot} ($2.00)`).check();
    await expect(dialog.getByLabel("Credit to use")).toHaveValue("8.00");
    await dialog.getByRole("button", { name: "Sign up with credit" }).click();
    await expect(dialog.getByText("You are signed up for this round.")).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();

    // B walks in: entered and put in the pot at check-in, owing it, and pays $8 cash.
    const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
      values: { round_id: roundId, player: b.playerId, division: "MA2" },
    });
    await admin.reload();
    await hydrated(admin);
    const potCard = pots.getByRole("form", { name: `Add a player to ${pot}` });
    await potCard.getByLabel(`Add to ${pot}`).selectOption(String(newEntry.id));
    await potCard.getByRole("button", { name: "Add to side pot" }).click();
    await expect(pots.getByRole("status")).toContainText(`${b.playerName} is in ${pot}: $2.00 more to pay.`);
    await expect(admin.getByText("Owed")).toBeVisible();
    await api(admin, "POST", "/api/admin/entry/cash", { id: newEntry.id, amount: 8, note: "at the course" });
    const entryA = await entryOf(admin, roundId, a.playerId);
    for (const id of [entryA.id, newEntry.id]) await api(admin, "POST", `/api/admin/rounds/${roundId}/check-in`, { entry_id: id });
    await publishCards(admin, roundId);
    await admin.reload();
    await expect(pots).toContainText("Prize so far: $4.00");
    await checkA11y(admin, "the night screen with a side pot", test.info());

    // Their card plays hole 3 (a CTP is marked once the card has a score there, ADR 30).
    const at = Math.floor(Date.now() / 1000);
    await api(admin, "POST", `/api/live/${roundId}/changes`, {
      changes: [entryA.id, newEntry.id].map((entryId) => ({
        id: `ctp-${a.tag}-${entryId}`,
        at,
        kind: "strokes",
        entryId,
        hole: 3,
        strokes: 3,
      })),
    });

    // On A's phone: B's CTP on hole 3 at 7 ft, then A's at 2.5 ft beats it (feet: the league's default unit, ADR 39).
    const phoneContext = await newContext(browser, { ...PHONE, storageState: await a.page.context().storageState() });
    const phone = await phoneContext.newPage();
    await phone.goto(`/rounds/${roundId}/score`);
    await hydrated(phone);
    const ctp = phone.getByRole("region", { name: "Closest to the pin" });
    const form = ctp.getByRole("form", { name: `Record a CTP in ${pot}` });
    await form.getByLabel("Hole").selectOption("3");
    await form.getByLabel("Closest").selectOption({ label: b.playerName });
    await form.getByLabel("Distance in feet (optional)").fill("7");
    await form.getByRole("button", { name: "Record CTP" }).click();
    await expect(form.getByText(`CTP on hole 3: ${b.playerName} at 7.0 ft.`)).toBeVisible();
    await expect(ctp).toContainText(`Hole 3: ${b.playerName} 7.0 ft`);
    await form.getByLabel("Closest").selectOption({ label: a.playerName });
    await form.getByLabel("Distance in feet (optional)").fill("2.5");
    await form.getByRole("button", { name: "Record CTP" }).click();
    await expect(ctp).toContainText(`Hole 3: ${a.playerName} 2.5 ft`);
    await expect(ctp).toContainText("Hole 7: nobody yet");
    await checkA11y(phone, "the scoring page's closest to the pin", test.info());
    await phoneContext.close();

    // Scores in, then Credit payouts pays the pot with the payouts.
    const entryB = await entryOf(admin, roundId, b.playerId);
    const fresh = await entryOf(admin, roundId, a.playerId);
    await api(admin, "POST", "/api/admin/entry/bulk", {
      data: [
        { id: fresh.id, version: fresh.version, value: { score: 52 } },
        { id: entryB.id, version: entryB.version, value: { score: 50 } },
      ],
    });
    await creditPayoutsInPage(admin, roundId);

    // A visitor sees hole 3 paid to A ($4 over two holes: $2) and hole 7's $2 rolling over.
    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/rounds/${roundId}`);
    const shown = visitor.getByRole("region", { name: "Side pots" });
    await expect(shown).toContainText(`Hole 3: ${a.playerName} won $2.00`);
    await expect(shown).toContainText("Hole 7: nobody: rolls over");
    await expect(shown).toContainText("$2.00 rolls over");
    await visitor.goto(`/players/${a.playerId}`);
    await expect(visitor.getByRole("region", { name: "Side pots won" })).toContainText(`${pot}, hole 3: $2.00`);
    await visitorContext.close();

    // The report: $4 in, $2 paid; the books balance, the side pots' line too.
    await admin.goto("/admin/reports");
    const table = admin.getByRole("table", { name: "Per round" });
    const headers = await table.locator("thead th").allInnerTexts();
    const cells = await table.locator("tbody tr").filter({ hasText: a.roundName }).locator("th, td").allInnerTexts();
    const cell = (label: string) => cells[headers.findIndex((h) => h.trim().toLowerCase() === label.toLowerCase())]?.trim();
    expect(cell("Side pots in")).toBe("$4.00");
    expect(cell("Side pots paid")).toBe("$2.00");
    await expectBooksBalance(admin);
  } finally {
    await moveAway(admin, roundId);
    await a.context.close();
    await b.context.close();
  }
});
