import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { api, claimedPlayer, letters } from "./api";
import { hydrated, partHydrated } from "./axe";
import { expect, loggedInContext, newContext, shot, test } from "./fixtures";
import { waitForMail } from "./mail";
import type { AdminClaimsJson } from "../../workers/api/serializers/claims";

// An organiser starts a league on a phone, alone: sets it up, connects its own PayPal (the
// stand-in's merchant B), opens the first round, invites a director and a player. The player
// joins from the invitation, claims a record and signs up paying with credit and PayPal into
// merchant B; the director runs the night. Meanwhile the default league's PayPal money goes
// to merchant A only. Every tap is counted: the organiser's from /leagues/new to a round open
// for registration (≤ 25) and the player's from the link to signed up (≤ 12); typing is not.

const PASSWORD = "Fairway-Drive-42";

/** Taps as a person makes them: a click is one, a select (open, then choose) two. */
class Taps {
  count = 0;
  async tap(target: Locator) {
    this.count++;
    await target.click();
  }
  async choose(target: Locator, value: string | { label: string } | { index: number }) {
    this.count += 2;
    await target.selectOption(value);
  }
}

/** Back to the league's admin home as a person on a phone gets there: the menu, then its first admin link. */
async function adminHome(page: Page, taps: Taps) {
  await hydrated(page);
  await taps.tap(page.getByRole("button", { name: "Menu" }));
  await taps.tap(page.getByRole("link", { name: "Admin home" }));
  await expect(page).toHaveURL(/\/admin$/);
}

/** A new account, logged in on a context of its own. */
async function account(browser: Browser, who: string) {
  const tag = letters();
  const email = `${who}-${tag}@e2e.test`;
  const setup = await newContext(browser);
  const res = await setup.request.post("/api/users/register", { data: { name: `${who} ${tag}`, email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  await setup.close();
  return { email, name: `${who} ${tag}`, context: await loggedInContext(browser, email, PASSWORD) };
}

/** The stand-in's word on which merchant holds a PayPal order. */
async function merchantOf(page: Page, orderId: string): Promise<string> {
  const port = Number(new URL(test.info().project.use.baseURL ?? "http://localhost:8788").port) + 1000;
  const res = await page.context().request.get(`http://127.0.0.1:${port}/standin/orders/${encodeURIComponent(orderId)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { merchant: string }).merchant;
}

/** The PayPal order ids of a league's payments, as its admin's /api lists them. */
async function payPalOrders(page: Page, base: string): Promise<string[]> {
  const json = await api<{ method: string; transaction_id: string | null }[]>(page, "GET", `${base}/api/admin/payments/all`);
  return json.filter((p) => p.method === "paypal" && p.transaction_id).map((p) => p.transaction_id as string);
}

test("an organiser starts a league on a phone, takes PayPal into its own account, and a director runs its night @narrow", async ({
  browser,
  adminPage: defaultAdmin,
}) => {
  test.setTimeout(150_000);
  const tag = letters();
  const organiser = await account(browser, "Org");
  const org = await organiser.context.newPage();
  const taps = new Taps();

  // 1. Start the league: its name and town typed, its address and zone as suggested.
  await org.goto("/leagues/new");
  await hydrated(org);
  await org.getByLabel("League name").fill(`Tuesday Chains ${tag}`);
  await org.getByLabel("Town (optional)").fill("Riverside");
  await shot(org, "league-start-new");
  await taps.tap(org.getByRole("button", { name: "Start the league" }));
  await expect(org).toHaveURL(/\/l\/[a-z0-9-]+\/admin$/);
  const base = new URL(org.url()).pathname.replace(/\/admin$/, "");
  await expect(org.getByRole("heading", { name: /Set up/i })).toBeVisible();
  await shot(org, "league-start-checklist");

  // 2. A course: 18 holes of par 3 unless changed.
  await taps.tap(org.getByRole("link", { name: "Add a course" }));
  await org.getByLabel("Course name").fill(`Riverside ${tag}`);
  await taps.tap(org.getByRole("button", { name: "Add course" }));
  await expect(org.getByText(`Riverside ${tag}`).first()).toBeVisible();

  // 3. Its own PayPal: the stand-in's merchant B, saved and tested.
  await adminHome(org, taps);
  await taps.tap(org.getByRole("link", { name: "Connect PayPal" }));
  await expect(org).toHaveURL(new RegExp(`${base}/admin/paypal$`));
  await hydrated(org);
  await org.getByLabel("Client id").fill("local-standin-client-b");
  await org.getByLabel("Secret").fill("local-standin-secret-b");
  await taps.choose(org.getByLabel("Environment"), { label: "Local stand-in" });
  await taps.tap(org.getByRole("button", { name: "Save" }));
  // Saved: the form is empty again, the secret nowhere on the page.
  await expect(org.getByLabel("Client id")).toHaveValue("");
  await expect(org.getByLabel("Secret")).toHaveValue("");
  await taps.tap(org.getByRole("button", { name: "Test connection" }));
  await expect(org.getByText(/connected/i).first()).toBeVisible();
  const page = await org.content();
  expect(page).not.toContain("local-standin-secret-b");
  await shot(org, "league-start-paypal");

  // 4. The first round, on the new course, then opened for registration.
  await adminHome(org, taps);
  await taps.tap(org.getByRole("link", { name: "Make the first round" }));
  await hydrated(org);
  const roundName = `Week 1 ${tag}`;
  await org.getByLabel("Name").fill(roundName);
  await taps.tap(org.getByRole("button", { name: "Save" }));
  await expect(org).toHaveURL(new RegExp(`${base}/admin/rounds`));
  await hydrated(org);
  const roundRow = org.getByRole("row").filter({ hasText: roundName });
  await taps.tap(roundRow.getByRole("button", { name: `Open registration for ${roundName}` }));
  await expect(roundRow.getByRole("button", { name: `Close registration for ${roundName}` })).toBeVisible();
  const organiserTaps = taps.count;
  expect(organiserTaps, "the organiser's taps from /leagues/new to a round open for registration").toBeLessThanOrEqual(25);
  const rounds = await api<{ id: number; n: string }[]>(org, "GET", `${base}/api/rounds/all`);
  const roundId = rounds.find((r) => r.n === roundName)?.id;
  expect(roundId).toBeTruthy();

  // 5. Invitations: a director and a player, by mail.
  const director = await account(browser, "Dir");
  const playerEmail = `play-${tag}@e2e.test`;
  const since = Date.now();
  await org.goto(`${base}/admin/members`);
  await hydrated(org);
  const invite = org.getByRole("region", { name: "Invite by email" });
  await invite.getByLabel("Email").fill(director.email);
  await invite.getByLabel("As").selectOption("director");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(org.getByText(director.email).first()).toBeVisible();
  await invite.getByLabel("Email").fill(playerEmail);
  await invite.getByLabel("As").selectOption("player");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(org.getByText(playerEmail).first()).toBeVisible();
  await shot(org, "league-start-members");
  const linkIn = (mail: string) => /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(mail.replace(/=\r?\n/g, ""))?.[0] ?? "";
  const directorLink = linkIn(await waitForMail(director.email, since));
  const playerLink = linkIn(await waitForMail(playerEmail, since));
  expect(directorLink).not.toBe("");
  expect(playerLink).not.toBe("");

  // 6. The director accepts.
  const dir = await director.context.newPage();
  await dir.goto(new URL(directorLink).pathname);
  await hydrated(dir);
  await dir.getByRole("button", { name: /Accept/ }).click();
  await expect(dir).toHaveURL(new RegExp(base));

  // 7. The player, from the invitation's link: registers, accepts, claims a new record.
  const player = new Taps();
  const pctx = await newContext(browser);
  const pp = await pctx.newPage();
  await pp.goto(new URL(playerLink).pathname);
  await hydrated(pp);
  await player.tap(pp.getByRole("link", { name: "Register" }));
  await hydrated(pp);
  await pp.getByLabel("Name").fill(`Pia ${tag}`);
  await pp.getByLabel("Email").fill(playerEmail);
  await pp.getByLabel("Password", { exact: true }).fill(PASSWORD);
  const confirm = pp.getByLabel(/Confirm password/i);
  if (await confirm.count()) await confirm.fill(PASSWORD);
  await player.tap(pp.getByRole("button", { name: /Register|Create account/ }));
  await expect(pp).toHaveURL(/\/invite\//);
  await hydrated(pp);
  await player.tap(pp.getByRole("button", { name: /Accept/ }));
  await expect(pp).toHaveURL(new RegExp(base));
  await shot(pp, "league-start-player-home");
  // The home asks a player with no record to claim one: a new record of their own.
  await player.tap(pp.getByRole("link", { name: "Find your player record" }));
  await hydrated(pp);
  const add = pp.getByRole("region", { name: "New to the league?" });
  await add.getByLabel("First").fill("Pia");
  await add.getByLabel("Last").fill(`Play${tag}`);
  await player.choose(add.getByLabel("Division"), { index: 1 });
  await player.tap(add.getByRole("button", { name: "Add and claim my record" }));
  await expect(pp.getByText(/pending/i).first()).toBeVisible();

  // The organiser approves the claim and gives the player $2 of credit.
  const { claims } = await api<AdminClaimsJson>(org, "GET", `${base}/api/claims`);
  const claim = claims.find((c) => c.status === "pending");
  expect(claim).toBeTruthy();
  await api(org, "PUT", `${base}/api/claims/${claim!.id}/approve`, {});
  await api(org, "POST", `${base}/api/transfers/add`, {
    values: { d: Math.floor(Date.now() / 1000), fromPlayer: null, toPlayer: claim!.player_id, amt: 2, description: "Welcome credit" },
  });

  // 8. The player signs up: $2 of credit, the rest by PayPal, into merchant B.
  await pp.goto(base || "/");
  await player.tap(pp.getByRole("link", { name: roundName }).first());
  await hydrated(pp);
  await partHydrated(pp.getByRole("button", { name: "Sign up", exact: true }));
  await player.tap(pp.getByRole("button", { name: "Sign up", exact: true }));
  const dialog = pp.getByRole("dialog", { name: `Sign up: ${roundName}` });
  await expect(dialog.getByLabel("Credit to use")).toHaveValue("2.00");
  await player.tap(dialog.getByRole("button", { name: /with PayPal/ }));
  await player.tap(dialog.getByRole("button", { name: "Approve payment" }));
  await expect(dialog.getByText("You are signed up for this round.")).toBeVisible();
  expect(player.count, "the player's taps from the invitation to signed up").toBeLessThanOrEqual(12);
  const leagueOrders = await payPalOrders(org, base);
  expect(leagueOrders.length).toBe(1);
  expect(await merchantOf(org, leagueOrders[0]!)).toBe("B");

  // Meanwhile the default league's PayPal money goes to merchant A.
  const other = await claimedPlayer(defaultAdmin, browser, { creditDollars: 0 });
  const { orderID: orderA } = await api<{ orderID: string }>(other.page, "POST", "/api/entries/paypal-order", {
    round_id: other.roundId,
    division: "MA2",
  });
  const defaultOrders = await payPalOrders(defaultAdmin, "");
  expect(await merchantOf(defaultAdmin, orderA!)).toBe("A");
  for (const id of leagueOrders) expect(defaultOrders).not.toContain(id);
  await other.context.close();

  // 9. The director runs the night: checks the player in, makes and publishes the cards.
  await dir.goto(`${base}/admin/round/night/${roundId}`);
  await hydrated(dir);
  const row = dir.locator("li[data-entry]").filter({ hasText: `Play${tag}` });
  await row.getByRole("button", { name: /^Check in / }).click();
  await expect(row).toContainText("Checked in");
  const make = dir.getByRole("region", { name: "Make cards" });
  await make.getByRole("button", { name: "Make cards" }).click();
  await expect(make.getByRole("status")).toContainText("Made 1 scorecard");
  await dir.getByRole("button", { name: "Publish the card" }).click();
  await expect(dir.getByRole("heading", { name: "Cards (published)" })).toBeVisible();
  await shot(dir, "league-start-director-night");

  // The player's round page shows their card.
  await pp.goto(`${base}/rounds/${roundId}`);
  await expect(pp.getByRole("region", { name: "League night" })).toContainText(/Card 1/);

  // The director types the score and pays the payouts into credit.
  await dir.goto(`${base}/admin/round/scores/${roundId}`);
  await hydrated(dir);
  await dir.getByLabel(`Pia Play${tag}`).fill("54");
  await dir.getByRole("button", { name: "Save scores" }).click();
  await expect(dir.getByText("No unsaved changes")).toBeVisible();
  await dir.goto(`${base}/admin/round/play/${roundId}`);
  await hydrated(dir);
  await dir.getByRole("button", { name: "Credit payouts" }).click();
  await dir.getByRole("dialog").getByRole("button", { name: "Credit payouts" }).click();
  await expect(dir.getByText(/Credited payouts to 1 player\./)).toBeVisible();

  // The league's books balance.
  await org.goto(`${base}/admin/reports`);
  const reconciliation = org.getByRole("region", { name: "Reconciliation" });
  await expect(reconciliation.getByRole("status").filter({ hasText: "Balanced" })).toHaveCount(3);
  console.log(`taps: organiser ${organiserTaps} (≤ 25), player ${player.count} (≤ 12)`);

  for (const c of [organiser.context, director.context, pctx] as BrowserContext[]) await c.close();
});
