import { api, claimedPlayer } from "./api";
import { expect, shot, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { PayPalOrderJson } from "../../workers/api/serializers/entries";

booksSoundAtTheEnd();

// What a hostile review found, as a person meets it: a search too long for the database
// is a message, not an error page; an admin removes the player records a user added and
// left unapproved (ADR 23); abandoned PayPal orders show as expired, never charged.

test("a 49-character or 25 % player search says the limit instead of failing", async ({ page, adminPage }) => {
  await page.goto(`/players?q=${"x".repeat(49)}`);
  await expect(page.getByRole("alert").filter({ hasText: "Search for at most 40 characters" })).toBeVisible();
  await expect(page.getByLabel("Search players")).toHaveAttribute("maxlength", "40");
  await shot(page, "players-too-long");
  const pct = await page.goto(`/players?q=${"%25".repeat(25)}`);
  expect(pct?.status()).toBe(200);
  await expect(page.getByText("No players found.")).toBeVisible();
  await adminPage.goto(`/admin/player?q=${"y".repeat(49)}`);
  await expect(adminPage.getByText("Search for at most 40 characters")).toBeVisible();
  await shot(adminPage, "admin-player-too-long");
});

test("an admin removes a player record a user added and withdrew", async ({ adminPage: page, request }) => {
  const t = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const reg = await request.post("/api/users/register", {
    data: { name: `Adder ${t}`, email: `adder-${t}@e2e.test`, password: "Chains4Days!" },
  });
  expect(reg.status()).toBe(201);
  const { token, user } = await reg.json();
  const headers = { Authorization: `Bearer ${token}` };
  const names: string[] = [];
  for (const ln of ["Typo", "Again"]) {
    const added = await request.post("/api/players/addNew", {
      headers,
      data: { values: { fn: "Robin", ln: `${ln}${t.replace(/\d/g, "")}`, division: "MA3" } },
    });
    expect(added.status(), await added.text()).toBe(201);
    names.push(`Robin ${ln}${t.replace(/\d/g, "")}`);
    const { claim } = await added.json();
    if (ln === "Typo") expect((await request.put(`/api/claims/${claim.id}/unclaim`, { headers })).status()).toBe(200);
  }
  await page.goto(`/admin/user/${user.id}`);
  const table = page.getByRole("table", { name: "Player records this user added that no approved claim holds" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await shot(page, "admin-user-records");
  await table.getByRole("button", { name: `Remove ${names[0]}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove ${names[0]}?` });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(`Removed the player record ${names[0]}.`)).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(names[1]!);
  await expect(table).toContainText("pending");
});

test("abandoned PayPal orders are listed as expired, never charged", async ({ adminPage: admin, browser }) => {
  const payer = await claimedPlayer(admin, browser, { creditDollars: 0 });
  const order = (division: string) =>
    api<PayPalOrderJson>(payer.page, "POST", "/api/entries/paypal-order", {
      round_id: payer.roundId,
      division,
      ace: true,
      credit_used: 0,
    });
  await order("MA2");
  await order("MA1");
  await payer.context.close();
  await admin.goto(`/admin/payments?round=${payer.roundId}`);
  const rows = admin.getByRole("row").filter({ hasText: payer.roundName });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "abandoned, never charged" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "waiting for PayPal" })).toHaveCount(1);
  await shot(admin, "admin-payments-expired");
});
