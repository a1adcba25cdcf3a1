import { api, claimedPlayer } from "./api";
import { hydrated, partHydrated } from "./axe";
import { expect, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";

booksSoundAtTheEnd();

// Paying the rest of an entry with PayPal, through the local PayPal stand-in the
// e2e server runs beside the app (no PayPal credentials here): the dialog's approve button
// plays PayPal's window, the server captures and enters the player, the admin sees the payment.

// At 375 px: the sign-up dialog and PayPal's on a phone.
test("a player with little credit pays the rest with PayPal and the admin sees the payment @narrow", async ({
  adminPage: admin,
  browser,
}) => {
  const { roundId, roundName, playerName, context, page } = await claimedPlayer(admin, browser, { creditDollars: 2 });
  await page.goto(`/rounds/${roundId}`);
  await hydrated(page);
  await partHydrated(page.getByRole("button", { name: "Sign up", exact: true }));
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Sign up: ${roundName}` });
  await expect(dialog.getByLabel("Credit to use")).toHaveValue("2.00");
  await expect(
    dialog.getByText("Your credit does not cover the whole entry. Pay the rest with PayPal (with its convenience fee)."),
  ).toBeVisible();
  // $6 − $2 credit = $4; + $0.09 + 2% of $4 = $4.17.
  await dialog.getByRole("button", { name: "Pay $4.17 with PayPal" }).click();
  await expect(dialog.getByText("Local PayPal stand-in")).toBeVisible();
  await dialog.getByRole("button", { name: "Approve payment" }).click();
  await expect(dialog.getByText("You are signed up for this round.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("table", { name: "Registered players" }).getByRole("link", { name: playerName })).toBeVisible();

  await admin.goto(`/admin/payments?round=${roundId}`);
  const row = admin.getByRole("row").filter({ hasText: playerName.split(" ")[1] ?? playerName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$4.17");
  await expect(row).toContainText(/paypal/i);
  await expect(row).toContainText(/completed/i);

  // The report counts the PayPal money in its round, and the books still balance.
  await admin.goto("/admin/reports");
  const table = admin.getByRole("table", { name: "Per round" });
  const headers = await table.locator("thead th").allInnerTexts();
  const cells = await table.locator("tbody tr").filter({ hasText: roundName }).locator("th, td").allInnerTexts();
  const cell = (label: string) => cells[headers.findIndex((h) => h.trim().toLowerCase() === label.toLowerCase())]?.trim();
  expect(cell("Entries")).toBe("1");
  expect(cell("Credit used")).toBe("$2.00");
  expect(cell("PayPal collected")).toBe("$4.17");
  expect(cell("Convenience fees")).toBe("$0.17");
  expect(Number(cell("PayPal fees")?.replace("$", ""))).toBeGreaterThan(0);
  await expect(admin.getByText("Balanced").first()).toBeVisible();
  await context.close();
});

test("cancelling PayPal says so, charges nothing and leaves the player out", async ({ adminPage: admin, browser }) => {
  const { roundId, roundName, playerName, context, page } = await claimedPlayer(admin, browser, { creditDollars: 0 });
  await page.goto(`/rounds/${roundId}`);
  await hydrated(page);
  await partHydrated(page.getByRole("button", { name: "Sign up", exact: true }));
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Sign up: ${roundName}` });
  await dialog.getByRole("button", { name: "Pay $6.21 with PayPal" }).click();
  await dialog.getByRole("button", { name: "Cancel payment" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("PayPal payment cancelled");
  // The form is back, to try again or close.
  await expect(dialog.getByRole("button", { name: "Pay $6.21 with PayPal" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign up", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: playerName })).toHaveCount(0);
  await context.close();
});

test("a closed round shows the closed message instead of the sign-up", async ({ adminPage: admin, browser }) => {
  const { roundId, context, page } = await claimedPlayer(admin, browser, { creditDollars: 10 });
  await api(admin, "POST", "/api/admin/round/openForRegistration", { id: roundId, openForRegistration: false });
  await page.goto(`/rounds/${roundId}`);
  await expect(page.getByText("Registration is closed for this round.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign up", exact: true })).toHaveCount(0);
  await context.close();
});
