import { api, claimedPlayer, expectBooksBalance, makePlayer } from "./api";
import { checkA11y, hydrated, partHydrated } from "./axe";
import { expect, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { NewEntryJson } from "../../workers/api/serializers/entries";
import type { PlayerDetailJson } from "../../workers/api/serializers/players";
import type { RoundJson } from "../../workers/api/serializers/rounds";

booksSoundAtTheEnd();

// A capped round fills, a player joins its waitlist, another player is withdrawn, the first
// is offered the place and confirms it by credit (ADR 28): the round page and the home page
// say so at each step, and the books still balance.

test("a full round's waitlist offers a withdrawn place, and the player confirms it by credit @narrow", async ({
  adminPage: admin,
  browser,
}, info) => {
  const waiter = await claimedPlayer(admin, browser, { creditDollars: 10 });
  const { roundId, page } = waiter;
  const rivalId = await makePlayer(admin, "Riv", `Al${waiter.tag}`, "MA2");
  const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
    values: { round_id: roundId, player: rivalId, division: "MA2" },
  });
  const rounds = await api<RoundJson[]>(admin, "GET", "/api/rounds/all");
  const version = rounds.find((r) => r.id === roundId)?.version;
  await api(admin, "PUT", `/api/admin/rounds/${roundId}/caps`, { version, field_cap: 1 });

  // Full: the page counts the field and offers the waitlist instead of the sign-up.
  // Checked once the sign-up part has hydrated. Around that moment React may still hold
  // the server's copy of the part, hidden, beside its own (a CI run caught both in the
  // DOM after the button had hydrated): the text is asked for where a visitor sees it.
  await page.goto(`/rounds/${roundId}`);
  await hydrated(page);
  await partHydrated(page.getByRole("button", { name: "Join the waitlist" }));
  await expect(page.getByText("1 of 1 place", { exact: true })).toBeVisible();
  await expect(page.getByText("The round is full. Join the waitlist").filter({ visible: true })).toBeVisible();
  await checkA11y(page, "round page: join the waitlist", info);
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(page.getByText("You are on the waitlist: your place is 1.")).toBeVisible();
  await expect(page.getByText("Your place on the waitlist: 1")).toBeVisible();

  // The admin sees the list in order; then the rival is withdrawn and the place is offered.
  await admin.goto(`/admin/rounds/${roundId}`);
  await expect(admin.getByRole("table", { name: "Waitlist, in order" })).toContainText(waiter.playerName);
  await checkA11y(admin, "admin round page: caps and waitlist", info);
  await api(admin, "DELETE", `/api/entries/${newEntry.id}`);

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Waitlists" })).toContainText("a place is yours until");
  await page.goto(`/rounds/${roundId}`);
  const offer = page.getByRole("region", { name: "A place is yours" });
  await expect(offer).toContainText("It is held for you until");
  await checkA11y(page, "round page: an offer", info);
  await offer.getByRole("button", { name: "Confirm and pay $6.00 from credit" }).click();
  await expect(page.getByText("You are signed up: $6.00 paid from your league credit.")).toBeVisible();
  await expect(page.getByText("You are signed up for this round.")).toBeVisible();
  await expect(page.getByText("1 of 1 place", { exact: true })).toBeVisible();
  expect((await api<PlayerDetailJson>(page, "GET", `/api/players/player/${waiter.playerId}`)).balance).toBe(4);

  await page.goto("/");
  await expect(page.getByRole("region", { name: "Waitlists" })).toContainText("you confirmed your place from the waitlist");

  await expectBooksBalance(admin);
  await waiter.context.close();
});
