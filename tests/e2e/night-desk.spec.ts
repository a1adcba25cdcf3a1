import type { Locator, Page } from "@playwright/test";
import { api, letters, makePlayer, makeRound } from "./api";
import { checkA11y, hydrated } from "./axe";
import { booksSoundAtTheEnd } from "./books";
import { expect, shot, test } from "./fixtures";
import type { PlayerDetailJson } from "../../workers/api/serializers/players";

booksSoundAtTheEnd();

// The night screen that scales (ADR 38), on a phone at the course: check-in through one search
// box, counted in taps; walk-ups paid from credit, or half credit half cash; and the night's
// cash summary, equal to the reports and printed on one page.

test.describe.configure({ timeout: 150_000 });

/** Taps as the organiser's thumb makes them: a click, a checkbox or a select change. Typing into a focused field is not one. */
function tapCounter() {
  const counter = {
    taps: 0,
    tap: async (target: Locator) => {
      counter.taps += 1;
      await target.click();
    },
    choose: async (target: Locator, value: string) => {
      counter.taps += 1;
      await target.selectOption(value);
    },
  };
  return counter;
}

type Person = { id: number; name: string };

/** `n` players of the league, in MA3, named "<First> <Last><tag>": their ids and names. */
async function people(admin: Page, firsts: string[], last: string): Promise<Person[]> {
  const out: Person[] = [];
  for (const fn of firsts)
    out.push({ id: await makePlayer(admin, fn, `${last}${fn.toLowerCase()}`, "MA3"), name: `${fn} ${last}${fn.toLowerCase()}` });
  return out;
}

const giveCredit = (admin: Page, playerId: number, dollars: number) =>
  api(admin, "POST", "/api/transfers/add", {
    values: { d: Math.floor(Date.now() / 1000), fromPlayer: null, toPlayer: playerId, amt: dollars, description: "e2e credit" },
  });

async function nightScreen(page: Page, roundId: number) {
  await page.goto(`/admin/round/night/${roundId}`);
  await hydrated(page);
  const desk = page.getByRole("region", { name: "Check in", exact: true });
  return { desk, search: desk.getByLabel("Find a player"), done: desk.getByRole("status", { name: "Done just now" }) };
}

test("a night's check-in of 10 through the search box counted in taps (≤ 15) @narrow", async ({ adminPage: page }) => {
  const tag = letters();
  const roundId = await makeRound(page, `Desk ${tag}`, 3);
  // Three signed up online (paid from their credit); six regulars who walk up; one new player.
  const online = await people(page, ["Ann", "Bo", "Cy"], `On${tag}`);
  for (const p of online) {
    await giveCredit(page, p.id, 6);
    await api(page, "POST", "/api/admin/entry/add", { values: { round_id: roundId, player: p.id, division: "MA3", credit_used: 6 } });
  }
  const regulars = await people(page, ["Di", "Ed", "Flo", "Gus", "Hal", "Ivy"], `Wk${tag}`);
  await giveCredit(page, regulars[0]!.id, 60);
  const fresh = `Nora New${tag}`;

  const { desk, search, done } = await nightScreen(page, roundId);
  const t = tapCounter();
  await expect(search).toBeInViewport();
  await t.tap(search);
  for (const p of online) {
    await expect(search).toBeFocused();
    await search.fill(p.name);
    await t.tap(desk.getByRole("button", { name: `Check in ${p.name}` }));
    await expect(done.getByRole("listitem").first()).toHaveText(`Checked in ${p.name}.`);
    await expect(search).toHaveValue("");
  }
  for (const [i, p] of regulars.entries()) {
    await expect(search).toBeFocused();
    await search.fill(p.name);
    // The first regular pays from the $60 of credit they hold; the others in cash.
    const pay = i === 0 ? "$6.00 from credit" : "$6.00 in cash";
    const walkUp = desk.getByRole("button", { name: `Walk-up ${p.name}: ${pay}` });
    await expect(walkUp).toBeInViewport();
    if (i === 0) await shot(page, "night-desk-walk-up");
    await t.tap(walkUp);
    await expect(done.getByRole("listitem").first()).toHaveText(`${p.name} is entered, paid ${pay} and is checked in.`);
    await expect(search).toHaveValue("");
  }
  await expect(search).toBeFocused();
  await search.fill(fresh);
  const add = desk.getByRole("button", { name: `Add player: ${fresh}` });
  await expect(add).toBeInViewport();
  await t.tap(add);
  const form = page.getByRole("region", { name: "Add a walk-up" });
  await t.choose(form.getByLabel("Division"), "MA3");
  await t.tap(form.getByRole("button", { name: "Add walk-up" }));
  await expect(done.getByRole("listitem").first()).toHaveText(`${fresh} is entered, paid $6.00 in cash and is checked in.`);

  expect(t.taps, "taps to check in 3 online players, 6 known walk-ups and 1 new player").toBeLessThanOrEqual(15);
  // The earlier walk-ups are still listed as done, and the stored night agrees: ten in, all paid.
  await expect(done.getByRole("listitem")).toHaveCount(5);
  const stats = page.locator("dl").first();
  await expect(stats).toContainText(/Checked in\s*10/);
  await expect(stats).toContainText(/Owed\s*\$0\.00/);
  await desk.getByLabel(/^Only those not checked in/).check();
  await expect(desk.getByText("No player of this round matches")).toBeVisible();
});

test("a walk-up paid from credit and one paid half credit half cash @narrow", async ({ adminPage: page }) => {
  const tag = letters();
  const roundId = await makeRound(page, `Credit ${tag}`, 3);
  const [rich, half] = await people(page, ["Rae", "Hank"], `Cr${tag}`);
  await giveCredit(page, rich!.id, 60);
  await giveCredit(page, half!.id, 3);
  const { desk, search, done } = await nightScreen(page, roundId);
  const row = (name: string) => desk.locator("li[data-entry]").filter({ hasText: name });

  // $60 of credit covers the entry: one tap.
  await search.fill(rich!.name);
  await desk.getByRole("button", { name: `Walk-up ${rich!.name}: $6.00 from credit` }).click();
  await expect(done.getByRole("listitem").first()).toHaveText(`${rich!.name} is entered, paid $6.00 from credit and is checked in.`);
  await expect(row(rich!.name)).toContainText("Paid: credit $6.00");

  // $3 of credit does not: the form takes $3 from credit and $3 in cash.
  await search.fill(half!.name);
  await expect(desk.getByRole("button", { name: `Walk-up ${half!.name}: $6.00 from credit` })).toHaveCount(0);
  await desk.getByRole("button", { name: `Walk-up ${half!.name}: another way to pay` }).click();
  const form = page.getByRole("region", { name: "Add a walk-up" });
  await expect(form).toContainText(`${half!.name} has $3.00 of credit`);
  await form.getByLabel("From credit").fill("3.00");
  await form.getByLabel("Cash taken").fill("3.00");
  await checkA11y(page, "the night screen's walk-up form", test.info());
  await shot(page, "night-desk-walk-up-form");
  await form.getByRole("button", { name: "Add walk-up" }).click();
  await expect(done.getByRole("listitem").first()).toHaveText(
    `${half!.name} is entered, paid $3.00 from credit and $3.00 in cash and is checked in.`,
  );
  await expect(row(half!.name)).toContainText("Paid: credit $3.00 · cash $3.00");

  const balance = async (id: number) => (await api<PlayerDetailJson>(page, "GET", `/api/players/player/${id}`)).balance;
  expect([await balance(rich!.id), await balance(half!.id)]).toEqual([54, 0]);
});

test("the cash summary equal to the reports @narrow", async ({ adminPage: page }) => {
  const tag = letters();
  const roundName = `Cash ${tag}`;
  const roundId = await makeRound(page, roundName, 3);
  const [ann, bo, cy] = await people(page, ["Ann", "Bo", "Cy"], `Ca${tag}`);
  await giveCredit(page, cy!.id, 2);
  const key = () => `e2e-${letters()}${letters()}`;
  const walkUp = (p: Person, money: Record<string, unknown>) =>
    api(page, "POST", `/api/admin/rounds/${roundId}/walk-up`, { player_id: p.id, division: "MA3", request_key: key(), ...money });
  await walkUp(ann!, { amount: 6, note: "exact change" });
  await walkUp(bo!, { amount: 4 });
  await walkUp(cy!, { credit: 2, amount: 4 });
  // A full night: 37 more walk-ups in cash, 40 records in all, to print on one page.
  for (let i = 0; i < 37; i++) {
    await api(page, "POST", `/api/admin/rounds/${roundId}/walk-up`, {
      new_player: { fn: "Extra", ln: `Ca${tag}${String(i).padStart(2, "0")}` },
      division: "MA3",
      amount: 6,
      request_key: key(),
    });
  }

  const { desk } = await nightScreen(page, roundId);
  // Bo still owes $2: taken at the row, then the summary follows.
  await desk.getByLabel("Find a player").fill(bo!.name);
  await desk.getByRole("button", { name: `Take cash from ${bo!.name}` }).click();
  await page
    .getByRole("form", { name: `Cash from ${bo!.name}` })
    .getByRole("button", { name: "Record cash" })
    .click();
  await expect(desk.locator("li[data-entry]").filter({ hasText: bo!.name })).toContainText("Paid: cash $6.00");

  await page.getByRole("navigation", { name: "On this screen" }).getByRole("link", { name: "Cash" }).click();
  const summary = page.getByRole("region", { name: "Cash tonight" });
  await expect(summary).toBeInViewport();
  const stat = (label: string) => summary.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");
  await expect(stat("Cash taken")).toHaveText("$238.00");
  await expect(stat("Credit used")).toHaveText("$2.00");
  await expect(summary.getByRole("region", { name: "Still owes" })).toContainText("Nobody: every entry is paid.");
  await expect(summary.getByRole("table", { name: "Cash records" }).getByRole("row")).toHaveCount(1 + 41);
  await expect(summary).toContainText("exact change");
  await expect(summary.getByRole("region", { name: "Recorded by" })).toContainText("League Admin (41 records)$238.00");
  await checkA11y(page, "the night's cash summary", test.info());
  await shot(page, "night-cash");

  // The reports' row of the round, as its CSV downloads: the same cash and credit, to the cent.
  const csv = await (await page.request.get("/admin/reports.csv?table=rounds")).text();
  const lines = csv
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(","));
  const header = lines[0]!;
  const mine = lines.find((l) => l[1] === roundName)!;
  expect(mine[header.indexOf("Cash collected")]).toBe("238.00");
  expect(mine[header.indexOf("Credit used")]).toBe("2.00");

  // Printed from its button, the summary alone, on one page.
  await page.evaluate(() => {
    document.documentElement.dataset.print = "cash";
  });
  await page.emulateMedia({ media: "print" });
  await expect(summary).toBeVisible();
  await expect(desk).toBeHidden();
  // A browser's print keeps margins of its own: half an inch, as Chrome's default about does.
  const margin = { top: "0.5in", bottom: "0.5in", left: "0.5in", right: "0.5in" };
  const pdf = (await page.pdf({ format: "Letter", margin })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page[^s]/g), "pages printed").toHaveLength(1);
  // For a person to look at (SHOTS_DIR): the printed page, at a Letter page's width.
  await page.setViewportSize({ width: 816, height: 1056 });
  await shot(page, "night-cash-print");
});
