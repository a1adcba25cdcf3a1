import type { Page, TestInfo } from "@playwright/test";
import { api, claimedPlayer, letters, makeRound } from "./api";
import { hydrated, partHydrated } from "./axe";
import { expect, shot, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { PayPalOrderJson } from "../../workers/api/serializers/entries";
import type { PaymentJson } from "../../workers/api/serializers/payments";
import type { PlayerDetailJson } from "../../workers/api/serializers/players";

booksSoundAtTheEnd();

// The money of ADR 22 in the browser: cash for a walk-up, a player's
// withdrawal giving back what they paid, and a PayPal refund played through the local
// stand-in that the books flag until the admin keeps the entry.

// Each test walks several pages (and the refund waits for PayPal's webhook through the queue).
test.describe.configure({ timeout: 90_000 });

/** The local PayPal stand-in beside the e2e server (its port + 1000). */
const standIn = (info: TestInfo) => {
  const base = new URL(info.project.use.baseURL ?? "http://localhost:8788");
  return `http://127.0.0.1:${Number(base.port) + 1000}`;
};

/** A cell of a report table's row, by its column's label. */
async function reportCell(page: Page, table: string, rowText: string, label: string): Promise<string | undefined> {
  const t = page.getByRole("table", { name: table });
  const headers = await t.locator("thead th").allInnerTexts();
  const cells = await t.locator("tbody tr").filter({ hasText: rowText }).locator("th, td").allInnerTexts();
  // innerText is as rendered: the headers are upper-cased by CSS.
  return cells[headers.findIndex((h) => h.trim().toLowerCase() === label.toLowerCase())]?.trim();
}

// The first two at 375 px, where an organiser takes cash at the course and a player
// withdraws: dialogs and the entries table on a phone.
test("an admin records cash for a walk-up: owed goes to 0, the payments list and the report count it, the books balance @narrow", async ({
  adminPage: page,
}) => {
  const tag = letters();
  const round = `Cash ${tag}`;
  const roundId = await makeRound(page, round, 5);
  await page.goto(`/admin/round/play/${roundId}`);
  await hydrated(page);
  // The walk-up is new to the league: 'Add player: …' makes the record with the entry.
  await page.getByLabel("Find a player").fill(`Walker Up${tag}`);
  await page.getByRole("button", { name: `Add player: Walker Up${tag}` }).click();
  await page.getByLabel("Division", { exact: true }).selectOption("MA3");
  await page.getByRole("button", { name: "Add to round" }).click();
  const row = page.getByRole("row", { name: new RegExp(`Walker Up${tag}`) });
  await expect(row).toContainText("Paid: nothing yet");
  await expect(row).toContainText("Owes $6.00");
  await expect(page.getByText("Owed", { exact: true }).locator("..")).toContainText("$6.00");

  await row.getByRole("button", { name: `Record cash for Walker Up${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: `Cash from Walker Up${tag}` });
  await expect(dialog.getByLabel("Amount")).toHaveValue("6.00");
  await dialog.getByLabel("Amount").fill("600");
  await dialog.getByLabel("Note (optional)").fill("paid at hole 1");
  await dialog.getByRole("button", { name: "Record cash" }).click();
  await expect(dialog.getByText("Amount must be at most $500.00: record larger sums as a transfer")).toBeVisible();
  await dialog.getByLabel("Amount").fill("6.00");
  await shot(page, "money-cash-dialog");
  await dialog.getByRole("button", { name: "Record cash" }).click();
  await expect(dialog.getByText(`Recorded $6.00 in cash from Walker Up${tag}.`)).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(row).toContainText("Paid: cash $6.00");
  await expect(row).toContainText("Paid in full");
  await expect(page.getByText("Owed", { exact: true }).locator("..")).toContainText("$0.00");
  await shot(page, "money-entries-after-cash");

  await page.goto(`/admin/payments?round=${roundId}`);
  const payment = page.getByRole("row").filter({ hasText: `Up${tag}` });
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText("Cash");
  await expect(payment).toContainText("$6.00");
  await expect(payment).toContainText("completed");
  await expect(payment).toContainText("paid at hole 1");
  await shot(page, "money-payments-cash");

  await page.goto("/admin/reports");
  expect(await reportCell(page, "Per round", round, "Cash collected")).toBe("$6.00");
  expect(await reportCell(page, "Per round", round, "Entries")).toBe("1");
  await expect(page.getByText("Balanced").first()).toBeVisible();
  await expect(page.getByText(/Out by/)).toHaveCount(0);
  await shot(page, "money-report-cash");

  // The walk-up cannot stay after all: the admin withdraws the entry, and the cash comes back as credit.
  await page.goto(`/admin/round/play/${roundId}`);
  await hydrated(page);
  await row.getByRole("button", { name: `Withdraw Walker Up${tag}` }).click();
  const confirm = page.getByRole("dialog", { name: `Withdraw Walker Up${tag}?` });
  await expect(confirm).toContainText(`The entry goes, and $6.00 comes back to Walker Up${tag} as league credit (cash $6.00).`);
  await confirm.getByRole("button", { name: "Withdraw entry" }).click();
  await expect(page.getByText(`Withdrew Walker Up${tag} from ${round}: $6.00 back as league credit (cash $6.00).`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.goto(`/admin/payments?round=${roundId}`);
  await expect(page.getByRole("row").filter({ hasText: `Up${tag}` })).toContainText("$6.00 back as credit");
  await page.goto("/admin/reports");
  expect(await reportCell(page, "Per round", round, "Cash collected")).toBe("$6.00");
  expect(await reportCell(page, "Per round", round, "Entries")).toBe("0");
  await expect(page.getByText("Balanced").first()).toBeVisible();
  await expect(page.getByText(/Out by/)).toHaveCount(0);
});

test("a player who paid with credit and PayPal withdraws: the page says what came back, the entry is gone, the balance rose by it @narrow", async ({
  adminPage: admin,
  browser,
}, info) => {
  const { roundId, roundName, playerId, playerName, context, page } = await claimedPlayer(admin, browser, { creditDollars: 2 });
  await page.goto(`/rounds/${roundId}`);
  await hydrated(page);
  await partHydrated(page.getByRole("button", { name: "Sign up", exact: true }));
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  const signUp = page.getByRole("dialog", { name: `Sign up: ${roundName}` });
  await signUp.getByRole("button", { name: "Pay $4.17 with PayPal" }).click();
  await signUp.getByRole("button", { name: "Approve payment" }).click();
  await expect(signUp.getByText("You are signed up for this round.")).toBeVisible();
  await signUp.getByRole("button", { name: "Close" }).click();
  const registered = page.getByRole("table", { name: "Registered players" });
  await expect(registered.getByRole("link", { name: playerName })).toBeVisible();
  const before = await api<PlayerDetailJson>(page, "GET", `/api/players/player/${playerId}`);
  expect(before.balance).toBe(0);

  const withdraw = page.getByRole("button", { name: "Withdraw", exact: true });
  await partHydrated(withdraw);
  await shot(page, "money-round-signed-up");
  await withdraw.click();
  const confirm = page.getByRole("dialog", { name: `Withdraw from ${roundName}?` });
  await expect(confirm).toContainText("Your entry goes, and $6.17 comes back as your league credit (credit $2.00 · PayPal $4.17).");
  await shot(page, "money-round-withdraw-confirm");
  await confirm.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.getByText(`You withdrew from ${roundName}. $6.17 is back as your league credit.`)).toBeVisible();
  // The page as the server now holds it: no entry, the sign-up offered again.
  await expect(page.getByText("No one has signed up for this round yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign up", exact: true })).toBeVisible();
  await shot(page, "money-round-withdrawn");
  const after = await api<PlayerDetailJson>(page, "GET", `/api/players/player/${playerId}`);
  expect(after.balance).toBe(6.17);

  // PayPal refunds $1.00 of it after all: the player got that twice; the admin takes the credit back.
  const paid = await api<PaymentJson[]>(admin, "GET", "/api/admin/payments/all");
  const orderID = paid.find((p) => p.round_id === roundId && p.method === "paypal")?.transaction_id;
  expect((await admin.request.post(`${standIn(info)}/standin/refund/${orderID}`, { data: { amount: 1 } })).status()).toBe(201);
  const sortOut = admin.getByRole("region", { name: "Money to sort out" });
  await expect(async () => {
    await admin.goto(`/admin/round/play/${roundId}`);
    await expect(sortOut).toContainText(`PayPal refunded ${playerName} $1.00 after it had been given back as league credit`, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await hydrated(admin);
  await shot(admin, "money-entries-sort-out");
  await sortOut.getByRole("button", { name: "Take back $1.00" }).click();
  await admin
    .getByRole("dialog", { name: `Take $1.00 of credit back from ${playerName}?` })
    .getByRole("button", { name: "Take back credit" })
    .click();
  await expect(admin.getByText(`Took $1.00 of credit back from ${playerName}: PayPal had refunded it too.`)).toBeVisible();
  await expect(sortOut).toHaveCount(0);
  expect((await api<PlayerDetailJson>(page, "GET", `/api/players/player/${playerId}`)).balance).toBe(5.17);
  await context.close();
});

test("a refund played through the stand-in: the entries screen shows it, the books flag it, the admin keeps the entry", async ({
  adminPage: admin,
  browser,
}, info) => {
  const { roundId, roundName, playerId, playerName, context, page } = await claimedPlayer(admin, browser, { creditDollars: 2 });
  // Sign up through PayPal as the dialog does: the order, the payer's approval, the capture.
  const choice = { round_id: roundId, player_id: playerId, division: "MA2", ace: true, credit_used: 2 };
  const { orderID } = await api<PayPalOrderJson>(page, "POST", "/api/entries/paypal-order", choice);
  expect((await page.request.post(`${standIn(info)}/standin/approve/${orderID}`)).status()).toBe(200);
  await api(page, "POST", "/api/entries", { ...choice, method: "paypal", payment_data: { orderID }, amount: 0, score: 0 });
  await context.close();

  // The merchant refunds the whole charge in PayPal: its webhook reaches the app, through the queue.
  const refund = await admin.request.post(`${standIn(info)}/standin/refund/${orderID}`, { data: { amount: 4.17 } });
  expect(refund.status()).toBe(201);
  const row = admin.getByRole("row", { name: new RegExp(playerName) });
  await expect(async () => {
    await admin.goto(`/admin/round/play/${roundId}`);
    await expect(row).toContainText("Refunded $4.17", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await hydrated(admin);
  await expect(row).toContainText("Owes $4.00");
  await expect(row).toContainText("PayPal refunded $4.17 of this entry's payment.");
  await shot(admin, "money-entries-refunded");

  await admin.goto(`/admin/payments?round=${roundId}`);
  await expect(admin.getByRole("row").filter({ hasText: playerName.split(" ")[1]! })).toContainText("Refunded $4.17 by PayPal");

  await admin.goto("/admin/reports");
  const flag = admin.getByRole("listitem").filter({ hasText: `${playerName}'s payment for ${roundName}` });
  await expect(flag).toContainText("PayPal refunded $4.17");
  await expect(flag).toContainText("and the entry still stands");
  expect(await reportCell(admin, "Per round", roundName, "PayPal refunds")).toBe("$4.17");
  expect(await reportCell(admin, "Per round", roundName, "PayPal collected")).toBe("$0.00");
  await expect(admin.getByText("Balanced").first()).toBeVisible();
  await shot(admin, "money-report-flag");
  await flag.getByRole("link", { name: /Decide/ }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/round/play/${roundId}#entry-\\d+$`));
  await hydrated(admin);

  await row.getByRole("button", { name: `Keep ${playerName}'s entry` }).click();
  const keep = admin.getByRole("dialog", { name: `Keep ${playerName}'s entry?` });
  await expect(keep).toContainText("owing $4.00");
  await keep.getByRole("button", { name: "Keep entry" }).click();
  await expect(admin.getByText(`Kept ${playerName}'s entry: PayPal's refund stands, and the entry shows what it owes.`)).toBeVisible();
  await expect(row).toContainText("Owes $4.00");
  await expect(row.getByRole("button", { name: `Keep ${playerName}'s entry` })).toHaveCount(0);
  await shot(admin, "money-entries-kept");

  await admin.goto("/admin/reports");
  await expect(admin.getByRole("listitem").filter({ hasText: `${playerName}'s payment for ${roundName}` })).toHaveCount(0);
  await expect(admin.getByText("Balanced").first()).toBeVisible();
});
