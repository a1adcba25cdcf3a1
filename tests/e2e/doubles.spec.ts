import type { Page } from "@playwright/test";
import { api, creditPayoutsInPage, expectBooksBalance, letters, makePlayer, makeRound, moveAway, publishCards } from "./api";
import { checkA11y, hydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { EntryJson, NewEntryJson } from "../../workers/api/serializers/entries";

booksSoundAtTheEnd();

// A doubles night on the demo league (ADR 31): a doubles round of five checked-in players,
// the admin draws balanced teams on the night screen (two pairs and a cali), the cards keep
// partners together, each card is scored on the phone one team row at a time, the round is
// finalised and paid; the round page shows the teams' places and a partner's page the team
// place; the books balance. At 1280 px: the phone's part runs in its own 375 px context.

test.describe.configure({ timeout: 240_000 });

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };
const hole = (page: Page) => page.getByRole("heading", { level: 2, name: /^Hole \d+/ });

/** Par for every team on the shown hole, and on: `times` holes (one stroke more for the first row first, when asked). */
async function parHoles(page: Page, times: number) {
  for (let i = 0; i < times; i++) {
    const before = await hole(page).innerText();
    await page.getByRole("button", { name: "Par for the rest, next hole" }).click();
    if (i < times - 1) await expect(hole(page)).not.toHaveText(before);
  }
  // The last hole has no next: its rows are scored, so the button is gone.
  await expect(page.getByRole("button", { name: "Par for the rest, next hole" })).toBeHidden();
}

test("a doubles night: teams drawn balanced with a cali, scored one row a team, paid split between partners", async ({
  adminPage: admin,
  browser,
}) => {
  const tag = letters();
  const names = ["Ada", "Ben", "Cat", "Dov", "Eve"].map((fn) => ({ fn, ln: `Dbl${tag}` }));
  const ids = [];
  for (const n of names) ids.push(await makePlayer(admin, n.fn, n.ln, "MA2"));
  const roundId = await makeRound(admin, `Doubles ${tag}`, 1 / 24, { aceDollars: 0, more: { doubles: true } });
  try {
    for (const player of ids) {
      const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
        values: { round_id: roundId, player, division: "MA2" },
      });
      await api(admin, "POST", `/api/admin/rounds/${roundId}/check-in`, { entry_id: newEntry.id });
    }

    // The admin draws balanced teams on the night screen.
    await admin.goto(`/admin/round/night/${roundId}`);
    await hydrated(admin);
    const teams = admin.getByRole("region", { name: "Teams" });
    await teams.getByLabel("How to draw").selectOption("balanced");
    await teams.getByRole("button", { name: "Draw teams from 5 checked in" }).click();
    await expect(teams.getByRole("status")).toContainText("Drew 3 teams, one of them a cali.");
    await expect(teams.getByRole("listitem")).toHaveCount(3);
    await expect(teams.getByRole("listitem").filter({ hasText: "(cali)" })).toHaveCount(1);
    await checkA11y(admin, "the night screen of a doubles round", test.info());

    await publishCards(admin, roundId);
    await admin.reload();
    await expect(teams).toContainText("The scorecards are published or a score is in: the teams are set.");

    // Each card on the admin's phone: one row per team; the first team of card 1 takes a 4 on hole 1.
    const watch = admin.getByRole("region", { name: "Live scoring" });
    const cardLinks = await watch
      .getByRole("link", { name: /^Card \d+$/ })
      .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(cardLinks).toHaveLength(2);
    const phoneContext = await newContext(browser, { ...PHONE, storageState: await admin.context().storageState() });
    const phone = await phoneContext.newPage();
    let bumped = "";
    for (const [i, link] of cardLinks.entries()) {
      await phone.goto(link);
      await expect(phone.getByText("Live", { exact: true })).toBeVisible();
      const rows = phone.getByRole("listitem", { name: /, hole 1$/ });
      // Partners share a row: "Ada Dbl… & Eve Dbl…, hole 1".
      expect(await rows.count()).toBeLessThanOrEqual(2);
      if (i === 0) {
        const first = (await rows.first().getAttribute("aria-label")) ?? "";
        bumped = first.replace(/, hole 1$/, "");
        await phone.getByRole("button", { name: `One stroke more for ${bumped}` }).click();
        await expect(phone.getByRole("button", { name: `${bumped}: 4 strokes` })).toBeVisible();
      }
      await parHoles(phone, 18);
      await expect(phone.locator("[data-waiting]")).toHaveText("Every score is sent", { timeout: 20_000 });
      if (i === 0) await checkA11y(phone, "the scoring page of a doubles card", test.info());
    }
    await phoneContext.close();

    // Finalised as the cards stand (nobody signed), then the payouts are credited.
    await admin.goto(`/admin/round/night/${roundId}`);
    await hydrated(admin);
    await watch.getByLabel("Finalise scorecards that are not signed (or not started) as they stand").check();
    await watch.getByRole("button", { name: "Finalise the round" }).click();
    await expect(watch.getByRole("status")).toContainText("Finalised: 5 players' totals are the round's results.");
    await creditPayoutsInPage(admin, roundId);

    // A visitor: the two teams at par share first place and the $22.50 pool; the bumped team is third.
    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/rounds/${roundId}`);
    const results = visitor.getByRole("region", { name: "Team results" });
    const rows = results.getByRole("row");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(3)).toContainText("3");
    await expect(rows.nth(3)).toContainText("55");
    for (const name of bumped.replace(" (cali)", "").split(" & ")) await expect(rows.nth(3)).toContainText(name);
    await expect(rows.nth(1)).toContainText("$11.25");
    await expect(rows.nth(2)).toContainText("$11.25");
    // A partner of a first-place team: "1 of 3" on their page.
    const winner = (await rows.nth(1).getByRole("link").first().getAttribute("href")) ?? "";
    await visitor.goto(winner);
    await expect(visitor.getByRole("table", { name: "Rounds" }).getByRole("row", { name: new RegExp(`Doubles ${tag}`) })).toContainText(
      "1 of 3",
    );
    await visitorContext.close();

    await expectBooksBalance(admin);
  } finally {
    await moveAway(admin, roundId);
  }
});

test("a doubles entries screen shows the teams' places and each partner's share, what Credit payouts credits @narrow", async ({
  adminPage: admin,
}) => {
  const tag = letters();
  const ids = new Map<string, number>();
  for (const fn of ["Ada", "Ben", "Cat", "Dov", "Eve"])
    ids.set(`${fn} Dbe${tag}`, await makePlayer(admin, fn, `Dbe${tag}`, fn < "C" ? "MA2" : "FA1"));
  const roundId = await makeRound(admin, `Doubles screen ${tag}`, -1, { aceDollars: 0, more: { doubles: true } });
  try {
    for (const player of ids.values()) {
      const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
        values: { round_id: roundId, player, division: "MA2" },
      });
      await api(admin, "POST", `/api/admin/rounds/${roundId}/check-in`, { entry_id: newEntry.id });
    }
    // The night screen draws the teams: two pairs and a cali.
    await admin.goto(`/admin/round/night/${roundId}`);
    await hydrated(admin);
    const teams = admin.getByRole("region", { name: "Teams" });
    await teams.getByRole("button", { name: "Draw teams from 5 checked in" }).click();
    await expect(teams.getByRole("status")).toContainText("Drew 3 teams, one of them a cali.");
    const drawn = (await teams.getByRole("listitem").allInnerTexts()).map((t) =>
      t
        .replace(/^Team \d+:\s*/, "")
        .replace(" (cali)", "")
        .split(" & "),
    );

    // Each team's score on both partners, as a finalise writes it: team 1 best, the cali last.
    const list = await api<EntryJson[]>(admin, "GET", `/api/entries/${roundId}`);
    const scoreOf = new Map(drawn.flatMap((names, i) => names.map((n) => [ids.get(n.trim()), 50 + 2 * i])));
    await api(admin, "POST", "/api/admin/entry/bulk", {
      data: list.map((e) => ({ id: e.id, version: e.version, value: { score: scoreOf.get(e.player_id) ?? 60 } })),
    });

    // The entries screen on the phone: one field of three teams, each partner the team's place.
    await admin.goto(`/admin/round/play/${roundId}`);
    await hydrated(admin);
    await expect(admin.getByText("Doubles: 3 teams · Pool $22.50")).toBeVisible();
    const shown = new Map<number, { place: string; payout: string }>();
    for (const e of list) {
      const row = admin.locator(`#entry-${e.id}`);
      shown.set(e.id, {
        place: (await row.locator('[data-label="Place"]').innerText()).trim(),
        payout: (await row.locator('[data-label="Payout"]').innerText()).trim(),
      });
    }
    expect([...shown.values()].map((s) => s.place).sort()).toEqual(["1 of 3", "1 of 3", "2 of 3", "2 of 3", "3 of 3"]);
    await checkA11y(admin, "the entries screen of a doubles round", test.info());

    // Credit payouts: what each partner is credited is what the screen showed.
    await admin.getByRole("button", { name: "Credit payouts" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Credit payouts" }).click();
    await expect(admin.getByText("Credited payouts to 4 players.")).toBeVisible();
    const credited = await api<EntryJson[]>(admin, "GET", `/api/entries/${roundId}`);
    for (const e of credited) expect(shown.get(e.id)?.payout, `entry ${e.id}`).toBe(`$${e.credit_added.toFixed(2)}`);
    await expectBooksBalance(admin);
  } finally {
    await moveAway(admin, roundId);
  }
});
