import { api, letters, makeRound } from "./api";
import { hydrated, partHydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { ClaimAnswerJson } from "../../workers/api/serializers/claims";
import type { SavedJson } from "../../workers/api/serializers/saved";
import type { PlayerStatsJson } from "../../workers/api/serializers/players";

booksSoundAtTheEnd();

// Signing up with league credit from the round page: who sees what, the
// dialog's amounts, and the entry and balance the server writes. Every row is the test's
// own (a new user, player, round), so it runs beside any other spec.

// At 375 px: the sign-up dialog on a phone.
test("a player with an approved claim signs up with credit; visitors and unclaimed users are told what to do @narrow", async ({
  adminPage: admin,
  browser,
  page: visitor,
}) => {
  const tag = letters();
  const roundId = await makeRound(admin, `Signup ${tag}`, 5);
  await api(admin, "POST", "/api/admin/round/openForRegistration", { id: roundId, openForRegistration: true });
  const { id: playerId } = await api<SavedJson>(admin, "POST", "/api/admin/player/", {
    values: { fn: "Sam", ln: `Signup${tag}`, division: "MA2" },
  });
  await api(admin, "POST", "/api/transfers/add", {
    values: { d: Math.floor(Date.now() / 1000), fromPlayer: null, toPlayer: playerId, amt: 10, description: "e2e credit" },
  });

  await visitor.goto(`/rounds/${roundId}`);
  await expect(visitor.getByRole("link", { name: "Log in to sign up" })).toBeVisible();

  const context = await newContext(browser);
  const user = await context.newPage();
  await api(user, "POST", "/api/users/register", {
    email: `signup-${tag}@example.com`,
    name: `Sam ${tag}`,
    password: "Fairway-Drive-42",
  });
  await user.goto(`/rounds/${roundId}`);
  await expect(user.getByRole("link", { name: "claim your player record" })).toBeVisible();
  const { claim } = await api<ClaimAnswerJson>(user, "POST", "/api/claims", { player_id: playerId, note: "" });
  await api(admin, "PUT", `/api/claims/${claim.id}/approve`, {});

  await user.reload();
  await hydrated(user);
  await partHydrated(user.getByRole("button", { name: "Sign up", exact: true }));
  await user.getByRole("button", { name: "Sign up", exact: true }).click();
  const dialog = user.getByRole("dialog", { name: `Sign up: Signup ${tag}` });
  await expect(dialog.getByLabel("Division")).toHaveValue("MA2");
  await expect(dialog.getByLabel("Credit to use")).toHaveValue("6.00");
  await dialog.getByLabel(/Ace fund/).uncheck();
  await expect(dialog.getByText("Total")).toBeVisible();
  await expect(dialog.locator("dd").nth(1)).toHaveText("$5.00");
  await dialog.getByLabel("Credit to use").fill("2");
  await expect(dialog.getByText("Pay the rest with PayPal (with its convenience fee), or use more of your credit.")).toBeVisible();
  await expect(dialog.locator("dd").nth(3)).toHaveText("$0.15"); // $0.09 + 2% of $3.00
  await dialog.getByLabel("Credit to use").fill("50");
  await dialog.getByLabel("Credit to use").blur();
  await expect(dialog.getByLabel("Credit to use")).toHaveValue("5.00");
  await dialog.getByRole("button", { name: "Sign up with credit" }).click();
  await expect(dialog.getByText("You are signed up for this round.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(user.getByText("You are signed up for this round.")).toBeVisible();
  await expect(user.getByRole("table", { name: "Registered players" }).getByRole("link", { name: `Sam Signup${tag}` })).toBeVisible();

  const players: PlayerStatsJson[] = await (await user.request.get("/api/players")).json();
  expect(players.find((p) => p.id === playerId)?.balance).toBe(5);
  await context.close();
});
