import type { APIRequestContext } from "@playwright/test";
import { partHydrated } from "./axe";
import { expect, test } from "./fixtures";
import type { SearchResultJson } from "../../workers/api/serializers/players";

// The admin's side of claims and players in Chromium: a claim filed through the
// API by a fresh user is decided on /admin/claims, and the user's own view of it changes.

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const letters = (s: string) => s.replace(/[^a-z]/gi, "").slice(0, 12) || "x";

/** A new user who adds their own player record (and so claims it) through the API. */
async function userWithClaim(request: APIRequestContext) {
  const t = tag();
  const name = `Claimer ${letters(t)}`;
  const reg = await request.post("/api/users/register", {
    data: { name, email: `claim-${t}@e2e.test`, password: "Chains4Days!" },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const { token } = await reg.json();
  const headers = { Authorization: `Bearer ${token}` };
  const player = { fn: "Casey", ln: `Putt${letters(t)}`, division: "MA3" };
  const added = await request.post("/api/players/addNew", { headers, data: { values: player } });
  expect(added.status(), await added.text()).toBe(201);
  const mine = async () => (await (await request.get("/api/claims/mine", { headers })).json()).claim;
  return { name, headers, player, playerId: (await added.json()).newId as number, mine };
}

test("the admin approves a pending claim and the user's claim reads approved", async ({ adminPage: page, request }) => {
  const user = await userWithClaim(request);
  await page.goto("/admin/claims");
  await expect(page.getByRole("heading", { level: 1, name: "Player Record Claims" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(user.name) });
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: `Approve ${user.player.fn} ${user.player.ln}` }).click();
  await expect(page.getByText("Claim updated: approved.")).toBeVisible();
  await expect(row).toContainText("Approved");
  expect((await user.mine()).status).toBe("approved");
});

// The claims table on a phone, and a claim approved there: organiser-phone.spec.ts.
test("a conflict needs a note, which the user then reads; the user withdraws and claims again", async ({ adminPage: page, request }) => {
  const user = await userWithClaim(request);
  await page.goto("/admin/claims");
  const row = page.getByRole("row", { name: new RegExp(user.name) });
  await row.getByRole("button", { name: "Conflict" }).click();
  const dialog = page.getByRole("dialog", { name: "Mark as conflict" });
  const submit = dialog.getByRole("button", { name: "Mark conflict" });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Note").fill("   ");
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Note").fill("Two Caseys in MA3: which one are you?");
  await submit.click();
  await expect(page.getByText("Claim updated: marked in conflict.")).toBeVisible();
  await expect(row).toContainText("Two Caseys in MA3: which one are you?");
  const claim = await user.mine();
  expect(claim).toMatchObject({ status: "conflict", note: "Two Caseys in MA3: which one are you?" });

  const withdrawn = await request.put(`/api/claims/${claim.id}/unclaim`, { headers: user.headers });
  expect(withdrawn.status()).toBe(200);
  const again = await request.post("/api/claims", {
    headers: user.headers,
    data: { player_id: user.playerId, note: "It is me, the one from Thursday." },
  });
  expect(again.status(), await again.text()).toBe(201);
  expect((await user.mine()).status).toBe("pending");
});

test("un-linking an approved claim asks first, then rejects it", async ({ adminPage: page, request }) => {
  const user = await userWithClaim(request);
  await page.goto("/admin/claims");
  const row = page.getByRole("row", { name: new RegExp(user.name) });
  await row.getByRole("button", { name: /^Approve / }).click();
  await expect(page.getByText("Claim updated: approved.")).toBeVisible();
  await row.getByRole("button", { name: "Un-link" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to un-link this player?");
  await dialog.getByRole("button", { name: "Un-link" }).click();
  await expect(page.getByText("Claim updated: un-linked.")).toBeVisible();
  expect((await user.mine()).status).toBe("rejected");
});

test("a user who is not an admin reads 'Admin access required.'", async ({ playerPage: page }) => {
  const response = await page.goto("/admin/claims");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("Admin access required.")).toBeVisible();
});

test("the admin edits a player through the dialog, and deletes one with no history", async ({ adminPage: page, request }) => {
  const ln = `Edit${letters(tag())}`;
  await page.goto(`/admin/player`);
  await page.getByRole("button", { name: "Add player" }).click();
  let dialog = page.getByRole("dialog", { name: "Add Player" });
  await dialog.getByLabel("First").fill("Robin");
  await dialog.getByLabel("Last").fill(ln);
  await dialog.getByRole("button", { name: "Save" }).click();
  // Division is required: the dialog stays open and says so.
  await expect(dialog.getByText("Division is required")).toBeVisible();
  await dialog.getByLabel("Division").selectOption("MA4");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Added Robin ${ln}.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Search players" }).fill(ln);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: `Edit Robin ${ln}` }).click();
  dialog = page.getByRole("dialog", { name: "Edit Player" });
  await expect(dialog.getByRole("link", { name: "Go to Profile" })).toHaveAttribute("href", /\/players\/\d+$/);
  await dialog.getByLabel("Division").selectOption("FA2");
  await dialog.getByLabel("PDGA").fill("123456");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Saved Robin ${ln}.`)).toBeVisible();
  const found: SearchResultJson[] = await (await request.get(`/api/players/search/${ln}`)).json();
  const detail = await (await request.get(`/api/players/player/${found[0]!.id}`)).json();
  expect(detail).toMatchObject({ division: "FA2", pdga: "123456" });

  await page
    .getByRole("row", { name: new RegExp(ln) })
    .getByRole("button", { name: "Delete" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete player" }).click();
  await expect(page.getByText("Player deleted.")).toBeVisible();
  expect((await request.get(`/api/players/player/${found[0]!.id}`)).status()).toBe(404);
});

test("a new user claims their record on /players, the admin approves it, and the profile says approved", async ({
  browser,
  adminPage,
  request,
}) => {
  // The record to claim, added by the admin through the API.
  const login = await request.post("/api/admin/login", { data: { username: "admin@league.test", password: "LeagueAdmin2026" } });
  const { token } = await login.json();
  const ln = `Claim${letters(tag())}`;
  const added = await request.post("/api/players/addNew", {
    headers: { Authorization: `Bearer ${token}` },
    data: { values: { fn: "Jamie", ln, division: "MA2" } },
  });
  expect(added.status(), await added.text()).toBe(201);

  const context = await browser.newContext({
    extraHTTPHeaders: { "CF-Connecting-IP": `2001:db8:c1a1:${Math.floor(Math.random() * 0xffff).toString(16)}::1` },
  });
  const page = await context.newPage();
  await page.goto("/register");
  await page.getByLabel("Name").fill(`Jamie ${ln}`);
  await page.getByLabel("Email").fill(`${ln.toLowerCase()}@e2e.test`);
  await page.getByLabel("Password", { exact: true }).fill("Chains4Days!");
  await page.getByLabel("Confirm password").fill("Chains4Days!");
  await page.getByRole("button", { name: "Register" }).click();
  await page.getByRole("link", { name: "Find your player record" }).first().click();
  await expect(page).toHaveURL(/\/players/);
  await page.getByRole("searchbox", { name: "Search players" }).fill(ln);
  await page.getByRole("button", { name: "Search" }).click();
  await partHydrated(page.getByRole("button", { name: `Claim Jamie ${ln}` }));
  await page.getByRole("button", { name: `Claim Jamie ${ln}` }).click();
  await expect(page.getByText(`You claimed Jamie ${ln}. An admin will review your claim.`)).toBeVisible();
  // One open claim: no Claim buttons now, an Unclaim on the claimed row.
  await expect(page.getByRole("button", { name: /^Claim / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Unclaim Jamie ${ln}` })).toBeVisible();

  await adminPage.goto("/admin/claims");
  await adminPage.getByRole("button", { name: `Approve Jamie ${ln}` }).click();
  await expect(adminPage.getByText("Claim updated: approved.")).toBeVisible();

  await page.goto("/profile");
  const card = page.getByRole("region", { name: "Your player record" });
  await expect(card).toContainText(`Jamie ${ln}`);
  await expect(card).toContainText("Approved");
  await context.close();
});

test("a user new to the league adds their own record on /players and it is claimed in the same step", async ({ browser }) => {
  const t = letters(tag());
  const context = await browser.newContext({
    extraHTTPHeaders: { "CF-Connecting-IP": `2001:db8:c1a2:${Math.floor(Math.random() * 0xffff).toString(16)}::1` },
  });
  const page = await context.newPage();
  const reg = await page.request.post("/api/users/register", {
    data: { name: `New ${t}`, email: `new-${t}@e2e.test`, password: "Chains4Days!" },
  });
  expect(reg.status()).toBe(201);
  await page.goto("/players");
  const card = page.getByRole("region", { name: "New to the league?" });
  await partHydrated(card.getByRole("button", { name: "Add and claim my record" }));
  await card.getByLabel("First").fill("Avery");
  await card.getByLabel("Last").fill(`New${t}`);
  await card.getByRole("button", { name: "Add and claim my record" }).click();
  await expect(card.getByText("Division is required")).toBeVisible();
  await card.getByLabel("Division").selectOption("FA1");
  await card.getByRole("button", { name: "Add and claim my record" }).click();
  await expect(page.getByText(`You added and claimed Avery New${t}. An admin will review your claim.`)).toBeVisible();
  await expect(page.getByText("Your claim:")).toContainText("Pending");
  await context.close();
});

test("the admin adds a user with the rules shown live, and the user can log in", async ({ adminPage: page, request }) => {
  const t = letters(tag());
  const email = `added-${t}@e2e.test`;
  await page.goto("/admin/users");
  const form = page.getByRole("region", { name: "Add user" });
  await form.getByLabel("Name").fill(`Added ${t}`);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill("short");
  await expect(form.getByText(/at least 10 characters/i)).toBeVisible();
  await form.getByLabel("Password", { exact: true }).fill("Chains4Days!");
  await form.getByLabel("Confirm password").fill("Chains4Days?");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByText("Passwords do not match")).toBeVisible();
  await form.getByLabel("Confirm password").fill("Chains4Days!");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByText(`Added Added ${t} (${email}).`)).toBeVisible();
  const login = await request.post("/api/users/login", { data: { email, password: "Chains4Days!" } });
  expect(login.status()).toBe(200);
});
