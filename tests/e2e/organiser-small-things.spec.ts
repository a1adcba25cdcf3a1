import type { Page } from "@playwright/test";
import { api, claimedPlayer, letters, makePlayer, makeRound, playedRound, send } from "./api";
import { hydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { NewEntryJson } from "../../workers/api/serializers/entries";
import type { RoundJson } from "../../workers/api/serializers/rounds";

booksSoundAtTheEnd();

// Small things organisers hit (ADR 39), as a person sees them: registration closed at the
// round's start and Closed once the round is final; a finished round's rows without
// Withdraw; a user whose claim waits is told so, not asked to claim. Every row is the
// test's own. Rounds that end up started take no ace fee (the pot is the league's).

/** Moves the test's round to `secondsFromNow`, keeping the rest of it (its registration flag too). */
async function moveTo(admin: Page, roundId: number, secondsFromNow: number) {
  const round = await api<RoundJson>(admin, "GET", `/api/rounds/round/${roundId}`);
  const { entry_count: _, openForRegistration: __, ...values } = round;
  await api(admin, "POST", "/api/admin/round/", { ...values, d: Math.floor(Date.now() / 1000) + secondsFromNow });
}

test("a round that has started takes no sign-up, though its flag still says open", async ({ adminPage: admin, browser }) => {
  const p = await claimedPlayer(admin, browser, { creditDollars: 20 });
  try {
    await moveTo(admin, p.roundId, -60);
    await p.page.goto(`/rounds/${p.roundId}`);
    await expect(p.page.getByText("Registration is closed for this round.")).toBeVisible();
    await expect(p.page.getByRole("button", { name: "Sign up", exact: true })).toHaveCount(0);
    const refused = await send(
      p.page,
      "POST",
      "/api/entries",
      JSON.stringify({
        ace: false,
        amount: 0,
        credit_used: 5,
        division: "MA2",
        method: "credit",
        player_id: p.playerId,
        round_id: p.roundId,
      }),
    );
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toBe("Registration is closed for this round.");
  } finally {
    await p.context.close();
  }
});

test("a final round says Closed on its page and in the admin's rounds, and has no registration toggle", async ({ adminPage: admin }) => {
  const tag = letters();
  const name = `Final ${tag}`;
  const roundId = await makeRound(admin, name, 1, { aceDollars: 0 });
  await api(admin, "POST", "/api/admin/round/openForRegistration", { id: roundId, openForRegistration: true });
  const entries: { id: number; version: number }[] = [];
  for (const [i, fn] of ["Ada", "Ben"].entries()) {
    const player = await makePlayer(admin, fn, `Fi${String.fromCharCode(97 + i)}${tag}`, "MA1");
    const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
      values: { round_id: roundId, player, division: "MA1", ace: false },
    });
    entries.push(newEntry);
  }
  await api(admin, "POST", "/api/admin/entry/bulk", {
    data: entries.map((e, i) => ({ id: e.id, version: e.version, value: { score: 50 + i } })),
  });
  await moveTo(admin, roundId, -2 * 3600);

  await admin.goto(`/rounds/${roundId}`);
  await expect(admin.getByRole("heading", { level: 1 })).toContainText("Final results");
  await expect(admin.getByText("Registration", { exact: true }).locator("xpath=following-sibling::dd")).toHaveText("Closed");

  await admin.goto("/admin/rounds");
  const row = admin
    .getByRole("region", { name: /^Past rounds/ })
    .getByRole("row")
    .filter({ hasText: name });
  await expect(row).toContainText("Closed");
  await expect(row.getByRole("button", { name: `Open registration for ${name}` })).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Close registration for ${name}` })).toHaveCount(0);
});

test("a finished round's scored rows have no Withdraw; a row still without a score keeps it", async ({ adminPage: admin }) => {
  const played = await playedRound(admin, [
    { fn: "Cal", division: "MA1", score: 51 },
    { fn: "Dee", division: "MA1", score: 53 },
  ]);
  const noShow = await makePlayer(admin, "Eve", `Ns${played.tag}`, "MA2");
  await api(admin, "POST", "/api/admin/entry/add", { values: { round_id: played.roundId, player: noShow, division: "MA2" } });
  const scored = played.players.map((p) => `${p.fn} ${p.ln}`);

  for (const path of [`/admin/round/play/${played.roundId}`, `/admin/round/night/${played.roundId}`]) {
    await admin.goto(path);
    await hydrated(admin);
    await expect(admin.getByRole("button", { name: `Withdraw Eve Ns${played.tag}` }), path).toBeVisible();
    for (const name of scored) await expect(admin.getByRole("button", { name: `Withdraw ${name}` }), `${path}: ${name}`).toHaveCount(0);
  }
});

test("a user whose claim waits for an admin is told so on the round page, not asked to claim", async ({ adminPage: admin, browser }) => {
  const tag = letters();
  const roundId = await makeRound(admin, `Waits ${tag}`, 5);
  await api(admin, "POST", "/api/admin/round/openForRegistration", { id: roundId, openForRegistration: true });
  const playerId = await makePlayer(admin, "Wes", `Wait${tag}`, "MA2");
  const context = await newContext(browser);
  try {
    const user = await context.newPage();
    await api(user, "POST", "/api/users/register", { email: `waits-${tag}@example.com`, name: `Wes ${tag}`, password: "Fairway-Drive-42" });
    await user.goto(`/rounds/${roundId}`);
    await expect(user.getByRole("link", { name: "claim your player record" })).toBeVisible();

    await api(user, "POST", "/api/claims", { player_id: playerId, note: "" });
    await user.reload();
    await expect(user.getByText("Your claim is waiting for an admin's approval. Once it is approved, you can sign up here.")).toBeVisible();
    await expect(user.getByText("To sign up, claim your player record")).toHaveCount(0);
    await expect(user.getByRole("link", { name: "claim your player record" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
