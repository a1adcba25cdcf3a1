import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { api, claimedPlayer } from "./api";
import { checkA11y, hydrated } from "./axe";
import { expect, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";

booksSoundAtTheEnd();

// The admin's money report on the demo league: the reconciliation says
// Balanced, a credit sign-up's money shows in its round's row and in the totals, each
// table's CSV holds the table's rows, axe finds nothing serious, and a phone's page does
// not scroll sideways. The test's rows are its own (a new round, player and user); other
// tests add theirs meanwhile, so totals are checked against the rows of the same page.

/** RFC 4180 rows: a quoted field may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    i += 1;
    if (quoted && c === '"' && next === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      row.push(field);
      field = "";
    } else if (!quoted && c === "\r" && next === "\n") {
      rows.push([...row, field]);
      row = [];
      field = "";
      i += 1;
    } else {
      field += c;
    }
  }
  return rows;
}

/** A table's body and foot rows as the cells' texts. */
const tableRows = (table: Locator) =>
  table
    .locator("tbody tr, tfoot tr")
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (td) => (td as HTMLElement).innerText.trim())));

/** "$1,281.00" → "1281.00", "-$5.00" → "-5.00": what the CSV says for a shown amount. */
const plain = (shown: string) => shown.replace(/[$,]/g, "");

/** "12/24/26" → "2026-12-24". */
const isoOf = (mdy: string) => {
  const [m, d, y] = mdy.split("/");
  return `20${y}-${m}-${d}`;
};

async function downloadCsv(page: Page, title: string): Promise<{ name: string; rows: string[][] }> {
  const link = page.getByRole("link", { name: `Download CSV (${title.toLowerCase()})` });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const text = (await readFile(await download.path())).toString("utf8").replace(/^\uFEFF/, "");
  return { name: download.suggestedFilename(), rows: parseCsv(text) };
}

/** The Total row's amount in a column of the per-season table, in cents. */
async function totalCents(page: Page, column: string): Promise<number> {
  const table = page.getByRole("table", { name: "Per season" });
  const headers = await table.locator("thead th").allInnerTexts();
  const index = headers.findIndex((h) => h.toLowerCase() === column.toLowerCase());
  const text = await table
    .locator("tfoot tr td")
    .nth(index - 1)
    .innerText();
  return Math.round(Number(plain(text)) * 100);
}

// A sign-up, two CSV files checked against their tables and axe: more than a minute when
// the machine is busy.
test.describe.configure({ timeout: 120_000 });

/** The sum of a column of the per-round table's rows, in cents. */
async function roundsColumnCents(page: Page, column: string): Promise<number> {
  const table = page.getByRole("table", { name: "Per round" });
  const headers = await table.locator("thead th").allInnerTexts();
  const index = headers.findIndex((h) => h.toLowerCase() === column.toLowerCase());
  const texts = await table.locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts();
  return texts.reduce((sum, text) => sum + Math.round(Number(plain(text)) * 100), 0);
}

test("the money report balances, shows a credit sign-up's money, and downloads tables as CSV", async ({
  adminPage: admin,
  browser,
  playerPage,
}) => {
  // A player with $10 bought in signs up with $5 of credit, out of the ace fund.
  const {
    roundId,
    roundName: name,
    playerId,
    context,
    page: user,
  } = await claimedPlayer(admin, browser, { creditDollars: 10, daysFromNow: 5 });
  await user.goto(`/rounds/${roundId}`);
  await api(user, "POST", "/api/entries", {
    round_id: roundId,
    player_id: playerId,
    division: "MA2",
    ace: false,
    credit_used: 5,
    method: "credit",
  });
  await context.close();

  await admin.goto("/admin/reports");
  await hydrated(admin);
  await expect(admin.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const menuLinks = await admin.locator("#admin-menu a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(menuLinks.indexOf("/admin/reports")).toBe(menuLinks.indexOf("/admin/payments") + 1);

  // The books balance, all three of them (the fourth status says what money is left to sort out, ADR 22).
  const reconciliation = admin.getByRole("region", { name: "Reconciliation" });
  await expect(reconciliation.getByRole("status")).toHaveCount(4);
  await expect(reconciliation.getByRole("status").filter({ hasText: "Balanced" })).toHaveCount(3);
  await expect(reconciliation.getByRole("status").filter({ hasText: "to sort out" })).toHaveCount(1);
  await expect(reconciliation.getByRole("alert")).toHaveCount(0);

  // The sign-up's money: its round's row, and the total of credit used.
  const perRound = admin.getByRole("table", { name: "Per round" });
  const row = perRound.getByRole("row").filter({ has: admin.getByRole("link", { name, exact: true }) });
  const cells = (await row.getByRole("cell").allInnerTexts()).map((c) => c.trim());
  // Entries, PDGA, course, other, payout pool, ace in, aces paid, credit used, credit added, PayPal ×3, PayPal refunds, cash, side pots ×2.
  expect(cells).toEqual([
    "1",
    "$0.50",
    "$0.00",
    "$0.00",
    "$4.50",
    "$0.00",
    "$0.00",
    "$5.00",
    "$0.00",
    "$0.00",
    "$0.00",
    "$0.00",
    "$0.00",
    "$0.00",
    "$0.00",
    "$0.00",
  ]);
  // The totals count it: the seasons' total is every round's, this one's $5.00 with them
  // (other tests' sign-ups change both meanwhile, never one without the other).
  expect(await totalCents(admin, "Credit used")).toBe(await roundsColumnCents(admin, "Credit used"));
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", `/admin/round/play/${roundId}`);

  // Each CSV holds its table's rows: the same names, dates and amounts, and the totals. A
  // round another test adds between the page and the file is read again (toPass).
  for (const [title, first] of [
    ["Per round", ["Date", "Round"]],
    ["Per season", ["Season"]],
  ] as const) {
    await expect(async () => {
      await admin.goto("/admin/reports");
      const table = admin.getByRole("table", { name: title });
      const { name: file, rows } = await downloadCsv(admin, title);
      expect(file).toMatch(new RegExp(`^league-report-${title === "Per round" ? "rounds" : "seasons"}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const headers = (await table.locator("thead th").allInnerTexts()).slice(1);
      expect(rows[0]).toEqual([...first, ...headers.map((h) => expect.stringMatching(new RegExp(`^${h}$`, "i")))]);
      const shown = await tableRows(table);
      expect(rows.length - 1).toBe(shown.length);
      shown.forEach((cellsShown, i) => {
        const [label, ...amounts] = cellsShown;
        const expected =
          title === "Per round" && label !== "Total"
            ? [isoOf(label.split("\n")[0]), label.split("\n").slice(1).join(" ")]
            : title === "Per round"
              ? ["Total", ""]
              : [label];
        expect(rows[i + 1], `row ${i + 1} of ${title}`).toEqual([...expected, ...amounts.map(plain)]);
      });
    }).toPass({ timeout: 30_000 });
  }
  expect((await tableRows(perRound)).some((r) => r[0].endsWith(name))).toBe(true);

  await checkA11y(admin, "admin /admin/reports", test.info());
  expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // Not for players: the page and the files send them home.
  await playerPage.goto("/admin/reports");
  await expect(playerPage).toHaveURL(/\/$/);
  const file = await playerPage.request.get("/admin/reports.csv?table=rounds", { maxRedirects: 0 });
  expect(file.status()).toBe(302);
  expect(file.headers().location).toBe("/");
});

test("the report at 375 px: axe finds nothing serious and the page does not scroll sideways @narrow", async ({ adminPage: admin }) => {
  await admin.goto("/admin/reports");
  await hydrated(admin);
  await expect(admin.getByRole("table", { name: "Per round" })).toBeVisible();
  await checkA11y(admin, "admin /admin/reports", test.info());
  expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
