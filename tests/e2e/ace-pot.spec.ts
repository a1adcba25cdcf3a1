import { api, letters, makePlayer } from "./api";
import { partHydrated } from "./axe";
import { expect, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { AceJson, AcePotJson } from "../../workers/api/serializers/aces";
import type { RoundJson } from "../../workers/api/serializers/rounds";
import type { PlayerStatsJson } from "../../workers/api/serializers/players";

booksSoundAtTheEnd();

// One ace pot (ADR 21) in Chromium: /aces shows the pot as of now and says when prepaid
// fees join it; the round under way shows the same pot at stake, the next round that pot
// plus its own prepaid fees; an ace larger than the pot is refused with the pot's words.

const money = (n: number) => `$${n.toFixed(2)}`;
const cents = (dollars: number) => Math.round(dollars * 100);

// The pot is the league's one number: each test holds `acePot`, so no other test adds an
// ace meanwhile (and the started rounds other tests make carry no ace fee, tests/e2e/api.ts).
test("/aces shows the pot now and its rule; the round under way shows the same pot, the next one adds its prepaid fees", async ({
  page,
  request,
  acePot: _,
}) => {
  // A sign-up for the next round (another test's) between reading the /api and the page
  // changes its pot: read both again until they agree.
  await expect(async () => {
    const now = Date.now() / 1000;
    const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
    const started = rounds.filter((r) => r.d <= now).sort((a, b) => b.d - a.d)[0]!;
    const next = rounds.filter((r) => r.d > now).sort((a, b) => a.d - b.d)[0]!;
    const aces: AceJson[] = await (await request.get("/api/ace/list")).json();
    expect(
      aces.filter((a) => a.d >= started.d && a.d <= now),
      "no ace paid since the last round started",
    ).toEqual([]);
    const { pot } = await (await request.get("/api/ace")).json();
    const { pot: nextPot } = await (await request.get(`/api/ace?roundId=${next.id}`)).json();
    expect(cents(nextPot)).toBeGreaterThanOrEqual(cents(pot));

    await page.goto("/aces");
    await expect(page.getByText(`Current Ace Pot: ${money(pot)}`)).toBeVisible({ timeout: 1_000 });
    await expect(page.getByText("Fees prepaid for a future round join the ace pot when that round starts.")).toBeVisible({
      timeout: 1_000,
    });

    const atStake = (roundId: number) =>
      page.goto(`/rounds/${roundId}`).then(() => page.locator("dt", { hasText: "Ace pot at stake" }).locator(".."));
    await expect(await atStake(started.id)).toContainText(money(pot), { timeout: 1_000 });
    await expect(await atStake(next.id)).toContainText(money(nextPot), { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

test("an ace larger than the pot is refused in the form with what the pot holds, and nothing is paid", async ({
  adminPage: page,
  request,
  acePot: _,
}) => {
  const { pot } = await (await request.get("/api/ace")).json();
  // The form dates an ace today: after tonight's round has started that ties it to the
  // round and dates it at its start (ADR 21), where the pot at stake adds the round's
  // prepaid fees. Larger than both pots, the ace is refused at whatever time the test runs.
  const now = Date.now() / 1000;
  const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
  const next = rounds.filter((r) => r.d > now).sort((a, b) => a.d - b.d)[0]!;
  const { pot: nextPot } = await (await request.get(`/api/ace?roundId=${next.id}`)).json();
  const over = Math.max(pot, nextPot) + 1;
  const before: AceJson[] = await (await request.get("/api/ace/list")).json();
  const players: PlayerStatsJson[] = await (await request.get("/api/players")).json();
  const hitter = players.find((p) => !p.inactive)!;
  const amount = money(over);

  await page.goto("/aces");
  await partHydrated(page.getByRole("button", { name: "Add Ace" }));
  await page.getByRole("button", { name: "Add Ace" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Ace" });
  await dialog.getByLabel("Player").selectOption(String(hitter.id));
  await dialog.getByLabel("Amount").fill(over.toFixed(2));
  await dialog.getByRole("button", { name: "Save" }).click();
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText(/On \d\d\/\d\d\/\d\d the ace pot holds \$[\d,]+\.\d\d; an ace of /);
  await expect(alert).toContainText(`an ace of ${amount} would take it below zero.`);
  await expect(dialog).toBeVisible();
  // Readable where it shows: no sideways scroll at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  expect((await (await request.get("/api/ace")).json()).pot).toBe(pot);
  expect(await (await request.get("/api/ace/list")).json()).toEqual(before);
});

// The Add Ace dialog at 375 px, where it opens on a phone. The ace is dated yesterday, always
// in the pot now (one dated today may belong to tonight's round once it has started, and be
// dated at its start: ADR 21).
test("Add Ace is static (Escape and the backdrop leave it open); an ace lowers the pot and its delete restores it @narrow", async ({
  adminPage: page,
  acePot: _,
}) => {
  const hitter = { fn: "Hal", ln: `Hitter${letters()}`, id: 0 };
  hitter.id = await makePlayer(page, hitter.fn, hitter.ln);
  // The admin's own read: never a cached copy from before a round started.
  const { pot } = await api<AcePotJson>(page, "GET", "/api/ace");
  await page.goto("/aces");
  await partHydrated(page.getByRole("button", { name: "Add Ace" }));
  await page.getByRole("button", { name: "Add Ace" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Ace" });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5); // the backdrop, outside the dialog
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Player is required")).toBeVisible();
  await dialog.getByLabel("Player").selectOption(String(hitter.id));
  const today = await dialog.getByLabel("Date").inputValue();
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel("Date").fill(yesterday);
  await dialog.getByLabel("Amount").fill("2.00");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Ace of $2.00 added.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator("p", { hasText: "Current Ace Pot:" })).toContainText(money(pot - 2));

  await page
    .getByRole("button", { name: `Delete ${hitter.fn} ${hitter.ln}'s ace` })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toContainText(`Are you sure you want to delete ${hitter.fn} ${hitter.ln}'s ace?`);
  await page.getByRole("dialog").getByRole("button", { name: "Delete ace" }).click();
  await expect(page.getByText("Ace deleted.")).toBeVisible();
  await expect(page.locator("p", { hasText: "Current Ace Pot:" })).toContainText(money(pot));
});
