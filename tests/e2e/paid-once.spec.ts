import type { Page } from "@playwright/test";
import { api, creditPayoutsInPage, letters, makePlayer, makeRound, moveAway } from "./api";
import { checkA11y, hydrated } from "./axe";
import { booksSoundAtTheEnd } from "./books";
import { expect, shot, test } from "./fixtures";
import { liveRound, phone as phoneOf } from "./live";
import type { EntryJson } from "../../workers/api/serializers/entries";
import type { LiveStateJson } from "../../workers/api/serializers/live";

// An entry is paid once (ADR 37), on the organiser's phone: cash entered twice is refused,
// recorded anyway only when marked "more than owed", then listed to sort out and voided
// with a reason; and a correction of a signed card after Credit payouts says the credit is
// stale on the entries and night screens until it is credited again.

test.describe.configure({ timeout: 120_000 });
booksSoundAtTheEnd();

/** The entry's row on the entries screen, by the player's name. */
const rowOf = (page: Page, name: string) => page.getByRole("row", { name: new RegExp(name) });

async function recordCash(page: Page, name: string, dollars: string, moreThanOwed = false) {
  await rowOf(page, name)
    .getByRole("button", { name: `Record cash for ${name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Cash from ${name}` });
  await dialog.getByLabel("Amount").fill(dollars);
  if (moreThanOwed) await dialog.getByLabel("More than owed").check();
  await dialog.getByRole("button", { name: "Record cash" }).click();
  return dialog;
}

test("cash recorded twice: refused, then marked more than owed, listed to sort out and voided with a reason @narrow", async ({
  adminPage: page,
}) => {
  const tag = letters();
  const name = `Dee Dup${tag}`;
  const roundId = await makeRound(page, `Twice ${tag}`, 5);
  const player = await makePlayer(page, "Dee", `Dup${tag}`, "MA3");
  await api(page, "POST", "/api/admin/entry/add", { values: { round_id: roundId, player, division: "MA3" } });
  await page.goto(`/admin/round/play/${roundId}`);
  await hydrated(page);
  await expect(rowOf(page, name)).toContainText("Owes $6.00");

  let dialog = await recordCash(page, name, "6.00");
  await expect(dialog.getByText(`Recorded $6.00 in cash from ${name}.`)).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(rowOf(page, name)).toContainText("Paid in full");

  // The volunteer's screen still said "owes $6.00": the second record is refused, saying why.
  dialog = await recordCash(page, name, "6.00");
  await expect(
    dialog.getByText(`${name}'s entry is paid: it owes nothing. To record $6.00 anyway, mark it as more than owed.`),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(rowOf(page, name)).toContainText("Paid: cash $6.00");

  // Marked "more than owed", it is recorded, and the entry is listed to sort out.
  dialog = await recordCash(page, name, "6.00", true);
  await expect(dialog.getByText(`Recorded $6.00 in cash from ${name}.`)).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(rowOf(page, name)).toContainText("Paid $6.00 too much");
  const sortOut = page.getByRole("region", { name: "Money to sort out" });
  await expect(sortOut).toContainText(`${name}'s entry is paid $6.00 more than its price.`);
  // Not withdrawn until it is sorted out.
  const refused = await page.context().request.fetch(`/api/entries/${await entryId(page, roundId, name)}`, {
    method: "DELETE",
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(409);
  await shot(page, "paid-once-sort-out");
  await checkA11y(page, "an entry paid twice, to sort out", test.info());

  // The duplicate is voided with a reason: the entry is paid once, and nothing is left to sort out.
  const [first] = await sortOut.getByRole("button", { name: /^Void .* cash record/ }).all();
  await first!.click();
  const voiding = page.getByRole("dialog", { name: `Void $6.00 of cash from ${name}?` });
  await voiding.getByRole("button", { name: "Void cash record" }).click();
  await expect(voiding.getByText("Say why the cash record is voided")).toBeVisible();
  await voiding.getByLabel("Why is it void?").fill("Entered twice at the course");
  await voiding.getByRole("button", { name: "Void cash record" }).click();
  // The record and its dialog go with it; the page says what was done.
  await expect(page.getByRole("status").filter({ hasText: /^Voided \$6\.00 of cash from .*: Entered twice at the course$/ })).toBeVisible();
  await expect(voiding).toHaveCount(0);
  await expect(rowOf(page, name)).toContainText("Paid in full");
  await expect(rowOf(page, name)).toContainText("Paid: cash $6.00");
  await expect(page.getByRole("region", { name: "Money to sort out" })).toHaveCount(0);

  // The audit log names who voided it, and the books check lists nothing of it.
  await page.goto(`/admin/audit?round=${roundId}`);
  await expect(page.getByRole("main")).toContainText("Entered twice at the course");
  await page.goto("/admin/reports");
  await expect(page.getByRole("main")).not.toContainText(name);
});

async function entryId(page: Page, roundId: number, name: string): Promise<number> {
  const list = await api<EntryJson[]>(page, "GET", `/api/entries/${roundId}`);
  const found = list.find((e) => `${e.fn} ${e.ln}` === name);
  if (!found) throw new Error(`${name} is not entered in round ${roundId}`);
  return found.id;
}

test("a signed card corrected after Credit payouts: the entries and night screens say the credit is stale @narrow", async ({
  adminPage: admin,
  browser,
  acePot: _,
}) => {
  const tag = letters();
  const names = [`Ann Stale${tag}`, `Bo Stale${tag}`];
  const players = [await makePlayer(admin, "Ann", `Stale${tag}`, "MA2"), await makePlayer(admin, "Bo", `Stale${tag}`, "MA2")];
  const roundId = await liveRound(admin, `Stale ${tag}`, players);
  try {
    const { state } = await api<LiveStateJson>(admin, "GET", `/api/live/${roundId}`);
    const card = state.cards[0]!;
    const entryOf = (playerId: number) => state.players.find((p) => p.playerId === playerId)?.entryId ?? 0;
    const [ann, bo] = [entryOf(players[0]!), entryOf(players[1]!)];
    const at = Math.floor(Date.now() / 1000);
    // Ann pars every hole; Bo takes a 4 on hole 1: Ann wins the division's one paid place.
    const changes = [ann, bo].flatMap((entryId) =>
      state.holes.map((h, i) => ({
        id: `stale-${tag}-${entryId}-${i + 1}`,
        at,
        kind: "strokes",
        entryId,
        hole: i + 1,
        strokes: entryId === bo && i === 0 ? h.par + 1 : h.par,
      })),
    );
    await api(admin, "POST", `/api/live/${roundId}/changes`, { changes });
    const sign = [ann, bo].map((entryId) => ({ id: `stale-${tag}-sign-${entryId}`, at, kind: "signoff", entryId }));
    await api(admin, "POST", `/api/live/${roundId}/changes`, { changes: sign });
    await api(admin, "POST", `/api/admin/live/${roundId}/finalize`, {});
    await creditPayoutsInPage(admin, roundId);
    await expect(admin.getByText("Credit is stale")).toHaveCount(0);

    // The card photo shows Bo's hole 1 was a 2: the admin corrects the signed card on a phone.
    const phone = await phoneOf(browser, admin);
    await phone.goto(`/rounds/${roundId}/score?card=${card.id}`);
    await hydrated(phone);
    await expect(phone.getByRole("heading", { level: 2, name: /^Hole 1/ })).toBeVisible();
    await phone.getByLabel("Reason for changing a locked scorecard (goes in the audit log)").fill("Card photo shows a 2");
    await phone.getByLabel(`${names[1]}, hole 1: strokes`).fill("2");
    await phone.getByRole("button", { name: "Save changes" }).click();
    const signoff = phone.getByRole("region", { name: "Sign the card" });
    await expect(signoff).toContainText(`${names[1]}: signed 55 (+1) by an admin, changed since: now 53 (\u22121)`);
    await checkA11y(phone, "a locked card corrected", test.info());
    await shot(phone, "paid-once-locked-card");
    await phone.context().close();

    // Places changed, the credit did not: both screens say so until Credit payouts runs again.
    const stale = "2 entries' credit differs from their payout: credit payouts again.";
    await expect
      .poll(async () => {
        await admin.goto(`/admin/round/night/${roundId}`);
        return admin.getByRole("main").innerText();
      })
      .toContain(stale);
    await shot(admin, "paid-once-night-stale");
    await admin.goto(`/admin/round/play/${roundId}`);
    await hydrated(admin);
    await expect(admin.getByRole("status").filter({ hasText: stale })).toBeVisible();
    await creditPayoutsInPage(admin, roundId);
    await expect(admin.getByText("Credit is stale")).toHaveCount(0);
  } finally {
    await moveAway(admin, roundId);
  }
});
