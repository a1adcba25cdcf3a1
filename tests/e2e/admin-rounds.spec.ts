import type { APIRequestContext, Page } from "@playwright/test";
import { playedRound as ownPlayedRound } from "./api";
import { hydrated } from "./axe";
import { expect, test } from "./fixtures";
import type { RoundJson } from "../../workers/api/serializers/rounds";

// The admin's rounds in Chromium: the multi-editor creates
// rounds a week apart, the list opens registration, the round form creates, edits and
// deletes, refusals keep the admin's edits, and unsaved edits are not lost silently.
// Every test makes rounds with its own names, checked against what the /api reads from D1.

const ZONE = "America/Chicago";
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

const iso = (day: Date) => day.toISOString().slice(0, 10);
const plusDays = (date: string, days: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));
/** The next Thursday after today in the league's zone: the editor's first new row. */
function nextThursday(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  return plusDays(today, (4 - weekday + 7) % 7 || 7);
}
/** How the list shows a round at 18:00 on `date`: "Thu, 11/26/26, 6:00 PM". */
const shown = (date: string, time = "6:00 PM") => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { weekday: "short", timeZone: "UTC" });
  return `${weekday}, ${m}/${d}/${String(y % 100).padStart(2, "0")}, ${time}`;
};

/** Opens a page and waits for React to take it over (the editor's rows and the dialogs need it). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** Nothing scrolls the page sideways: wide tables scroll inside themselves. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const allRounds = async (request: APIRequestContext): Promise<RoundJson[]> => (await request.get("/api/rounds/all")).json();

/** A played round of the test's own (two scored entries, two days ago), as the /api reads it. */
async function playedRound(page: Page, request: APIRequestContext): Promise<RoundJson> {
  const { roundId } = await ownPlayedRound(page, [
    { fn: "Ann", division: "MA3", score: 50 },
    { fn: "Bob", division: "MA3", score: 52 },
  ]);
  return (await allRounds(request)).find((r) => r.id === roundId)!;
}

/** Creates `names.length` rounds in an empty multi-editor and answers their ids (from the reloaded editor's URL). */
async function createInEditor(page: Page, names: string[]): Promise<number[]> {
  await open(page, "/admin/rounds/multi-edit?ids=");
  for (const [i, name] of names.entries()) {
    await page.getByRole("button", { name: "Add round" }).click();
    await page.getByLabel(`Name, row ${i + 1}`).fill(name);
    await page.getByLabel(`Location, row ${i + 1}`).fill("E2E Park");
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(`Saved ${names.length} changes.`)).toBeVisible();
  return new URL(page.url()).searchParams.get("ids")!.split(",").map(Number);
}

// The round form and the list on a phone: the @narrow tests of this file and organiser-phone.spec.ts.
test("the multi-editor creates three rounds a week apart; the list shows them and opens registration on one", async ({
  adminPage: page,
  request,
}) => {
  const t = tag();
  const names = [`Multi ${t} A`, `Multi ${t} B`, `Multi ${t} C`];
  await open(page, "/admin/rounds/multi-edit?ids=");
  await expect(page).toHaveTitle(/^Multi-Round Editor · /);
  await expect(page.getByText("No rounds found from your selection...")).toBeVisible();
  const first = nextThursday();
  const dates = [first, plusDays(first, 7), plusDays(first, 14)];
  for (const [i, name] of names.entries()) {
    await page.getByRole("button", { name: "Add round" }).click();
    const row = i + 1;
    await expect(page.getByLabel(`Date, row ${row}`)).toHaveValue(dates[i]!);
    await expect(page.getByLabel(`Time, row ${row}`)).toHaveValue("18:00");
    // From the second row on, the place comes from the row before.
    if (i > 0) await expect(page.getByLabel(`Location, row ${row}`)).toHaveValue("E2E Park");
    await page.getByLabel(`Name, row ${row}`).fill(name);
    await page.getByLabel(`Location, row ${row}`).fill("E2E Park");
  }
  // Each new row took the row before's amounts: the first row's are the round form's.
  for (const [label, value] of [
    ["PDGA fee", "0.50"],
    ["Course fund", "1.00"],
    ["Other fee", "0.00"],
    ["Ace fee", "1.00"],
    ["Payout", "4.50"],
  ]) {
    await expect(page.getByLabel(`${label}, row 3`)).toHaveValue(value!);
  }
  await expect(page.getByText("3 unsaved changes.")).toBeVisible();
  await expect(page.getByText("New", { exact: true })).toHaveCount(3);
  await expectNoSidewaysScroll(page);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved 3 changes.")).toBeVisible();
  await expect(page).toHaveURL(/ids=\d+,\d+,\d+/);
  await expect(page.getByText("No unsaved changes.")).toBeVisible();
  for (const [i, name] of names.entries()) await expect(page.getByLabel(`Name, row ${i + 1}`)).toHaveValue(name);
  // The rows now carry their real ids: a second Save creates nothing.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("No changes to save.")).toBeVisible();
  const mine = (await allRounds(request)).filter((r) => r.n.startsWith(`Multi ${t}`));
  expect(mine.map((r) => r.n).sort()).toEqual(names);

  await open(page, "/admin/rounds");
  await expectNoSidewaysScroll(page);
  const future = page.getByRole("region", { name: "Future rounds" });
  for (const [i, name] of names.entries()) {
    await expect(future.getByRole("row").filter({ hasText: name })).toContainText(shown(dates[i]!));
  }
  await page.getByRole("button", { name: `Open registration for ${names[1]}` }).click();
  // Opening writes the round and queues its mails: seconds when the machine is busy.
  await expect(page.getByText(`Registration opened for ${names[1]}.`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: `Close registration for ${names[1]}` })).toBeVisible();
  await expect(future.getByRole("row").filter({ hasText: names[1]! })).toContainText("Open");
  const opened = mine.find((r) => r.n === names[1])!;
  expect((await allRounds(request)).find((r) => r.id === opened.id)?.openForRegistration).toBe(true);

  // The public round page shows it open.
  await open(page, `/rounds/${opened.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Open");
  await expect(page.getByText("Registration", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText("Open");
});

test("the round form creates, edits and deletes a round; deleting a round with entries answers why not", async ({
  adminPage: page,
  request,
}) => {
  const name = `Form ${tag()}`;
  const date = plusDays(nextThursday(), 21);
  await open(page, "/admin/rounds");
  await page.getByRole("link", { name: "New round" }).first().click();
  await expect(page).toHaveURL(/\/admin\/rounds\/new$/);
  await expect(page).toHaveTitle(/^New round · /);
  await expectNoSidewaysScroll(page);
  for (const [label, value] of [
    ["PDGA fee", "0.50"],
    ["Course fund", "1.00"],
    ["Other fee", "0.00"],
    ["Ace fee", "1.00"],
    ["Payout", "4.50"],
  ]) {
    await expect(page.getByLabel(label!, { exact: true })).toHaveValue(value!);
  }
  await page.getByLabel("Name", { exact: true }).fill("");
  await page.getByLabel("Payout", { exact: true }).fill("4.555");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Payout can have at most 2 decimals")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();

  await page.getByLabel("Name", { exact: true }).fill(name);
  // The form offers the latest round's layout; this round has none, only a place typed.
  await page.getByLabel("Course and layout").selectOption("");
  await page.getByLabel("Location", { exact: true }).fill("Form Park");
  await page.getByLabel("Payout", { exact: true }).fill("5");
  await page.getByLabel("Date", { exact: true }).fill(date);
  await page.getByLabel("Time", { exact: true }).fill("19:15");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Round saved: ${name}, ${shown(date, "7:15 PM")}.`)).toBeVisible();

  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByLabel("Payout", { exact: true })).toHaveValue("5.00");
  await page.getByLabel("Name", { exact: true }).fill(`${name} renamed`);
  await page.getByLabel("Time", { exact: true }).fill("18:45");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Round saved: ${name} renamed, ${shown(date, "6:45 PM")}.`)).toBeVisible();

  await page.getByRole("link", { name: `${name} renamed`, exact: true }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete round" }).click();
  await expect(page.getByText("Round deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name: `${name} renamed`, exact: true })).toHaveCount(0);
  expect((await allRounds(request)).some((r) => r.n.startsWith(name))).toBe(false);

  const played = await playedRound(page, request);
  await open(page, `/admin/rounds/${played.id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete round" }).click();
  await expect(page.getByRole("alert")).toContainText(`This round has ${played.entry_count} entries`);
  await expect(page.getByRole("alert")).toContainText("so it cannot be deleted");
  expect((await allRounds(request)).some((r) => r.id === played.id)).toBe(true);
});

test("Edit Selected opens the ticked rounds; a refused delete keeps every edit; deleting them all goes back to the list", async ({
  adminPage: page,
  request,
}) => {
  const t = tag();
  const ids = await createInEditor(page, [`Sel ${t} A`, `Sel ${t} B`]);
  const played = await playedRound(page, request);
  // The list shows this season's past rounds; two days ago may be last season (early January).
  const year = (d: number) => new Intl.DateTimeFormat("en-US", { timeZone: ZONE, year: "numeric" }).format(d * 1000);
  await open(page, year(played.d) === year(Date.now() / 1000) ? "/admin/rounds" : "/admin/rounds?season=all");
  for (const id of [...ids, played.id]) await page.locator(`input[name="ids"][value="${id}"]`).check();
  await page.getByRole("button", { name: "Edit Selected" }).click();
  await expect(page).toHaveURL(/multi-edit\?ids=&ids=\d+&ids=\d+&ids=\d+/);
  // The played round is the oldest: row 1.
  await expect(page.getByLabel("Name, row 1")).toHaveValue(played.n);
  await expect(page.getByLabel("Name, row 2")).toHaveValue(`Sel ${t} A`);
  await page.getByLabel("Name, row 2").fill(`Sel ${t} A edited`);
  await page.getByLabel("Delete row 1").check();
  await expect(page.getByText("2 unsaved changes.")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const error = page.getByRole("alert").filter({ hasText: "Error saving rounds" });
  await expect(error).toContainText("Error saving rounds: Row 1 (");
  await expect(error).toContainText(`This round has ${played.entry_count} entries`);
  // Nothing was written and nothing typed was lost.
  await expect(page.getByLabel("Name, row 2")).toHaveValue(`Sel ${t} A edited`);
  await expect(page.getByLabel("Delete row 1")).toBeChecked();
  const after = await allRounds(request);
  expect(after.some((r) => r.id === played.id)).toBe(true);
  expect(after.find((r) => r.id === ids[0])?.n).toBe(`Sel ${t} A`);
  // Undoing the edits by hand leaves nothing to save.
  await page.getByLabel("Delete row 1").uncheck();
  await page.getByLabel("Name, row 2").fill(`Sel ${t} A`);
  await expect(page.getByText("No unsaved changes.")).toBeVisible();

  await open(page, `/admin/rounds/multi-edit?ids=${ids.join(",")}`);
  await page.getByLabel("Delete row 1").check();
  await page.getByLabel("Delete row 2").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Deleted 2 rounds.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/rounds$/, { timeout: 5000 });
  expect((await allRounds(request)).some((r) => ids.includes(r.id))).toBe(false);
});

test("leaving the multi-editor with unsaved changes asks first: Stay keeps them, Leave drops them, closing the tab asks too", async ({
  adminPage: page,
  request,
}) => {
  const unsaved = `Unsaved ${tag()}`;
  await open(page, "/admin/rounds/multi-edit?ids=");
  await page.getByRole("button", { name: "Add round" }).click();
  await page.getByLabel("Name, row 1").fill(unsaved);
  await page.getByRole("link", { name: "Cancel" }).click();
  const prompt = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(prompt).toContainText("You have 1 unsaved change.");
  await prompt.getByRole("button", { name: "Stay on this page" }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(/multi-edit/);
  await expect(page.getByLabel("Name, row 1")).toHaveValue(/^Unsaved /);

  await page.getByRole("link", { name: "Cancel" }).click();
  await prompt.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/rounds$/);
  expect((await allRounds(request)).filter((r) => r.n === unsaved)).toEqual([]);

  await open(page, "/admin/rounds/multi-edit?ids=");
  await page.getByRole("button", { name: "Add round" }).click();
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.accept();
});

test("the admin round pages are for admins only", async ({ playerPage, page }) => {
  for (const path of ["/admin/rounds", "/admin/rounds/new", "/admin/rounds/multi-edit"]) {
    await playerPage.goto(path);
    await expect(playerPage).toHaveURL(/\/$/);
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test("the round form fits a phone: no sideways scroll at 375 px @narrow", async ({ adminPage: page }) => {
  await open(page, "/admin/rounds");
  await page.getByRole("link", { name: "New round" }).first().click();
  await expect(page).toHaveURL(/\/admin\/rounds\/new$/);
  await expect(page.getByLabel("Payout", { exact: true })).toHaveValue("4.50");
  await expectNoSidewaysScroll(page);
});
