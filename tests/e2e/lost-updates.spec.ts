import type { Page } from "@playwright/test";
import { api, letters, makeRound } from "./api";
import { hydrated } from "./axe";
import { expect, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { EntryJson } from "../../workers/api/serializers/entries";
import type { RoundJson } from "../../workers/api/serializers/rounds";
import type { SavedJson } from "../../workers/api/serializers/saved";
import type { SettingsJson } from "../../workers/api/serializers/standings";

booksSoundAtTheEnd();

// No lost update of money (ADR 20), in Chromium: after "Credit payouts"
// the entries form shows the credited amounts and Save writes nothing back; two tabs of
// one round, or of the multi-round editor, never overwrite each other silently: the
// second Save is refused with the message and the first tab's values stand.

const STALE_ENTRY = "This entry changed since you opened it. Reload to see the new values.";
const STALE_ROUND = "This round changed since you opened it. Reload to see the new values.";
const entriesOf = (page: Page, roundId: number) => api<EntryJson[]>(page, "GET", `/api/entries/${roundId}`);
const dollars = (n: number) => n.toFixed(2);

/** A round played two days ago with four MA3 players scored 49, 50, 52 and 55 (two paid), nothing credited. */
async function scoredRound(page: Page) {
  const tag = letters();
  const roundId = await makeRound(page, `Money ${tag}`, -2);
  const names = ["Ann", "Bob", "Cy", "Dee"].map((fn) => ({ fn, ln: `Lost${tag}${fn.toLowerCase()}` }));
  for (const n of names) {
    const { id } = await api<SavedJson>(page, "POST", "/api/admin/player/", { values: { ...n, division: "MA3" } });
    await api(page, "POST", "/api/admin/entry/add", { values: { round_id: roundId, player: id, division: "MA3" } });
  }
  const scores = [52, 49, 55, 50];
  const read = await entriesOf(page, roundId);
  const data = names.map((n, i) => {
    const e = read.find((r) => r.ln === n.ln) as EntryJson;
    return { id: e.id, version: e.version, value: { score: scores[i] } };
  });
  await api(page, "POST", "/api/admin/entry/bulk", { data });
  return { roundId, names: names.map((n) => `${n.fn} ${n.ln}`) };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

test("after Credit payouts the inputs show the credited amounts, nothing is marked changed, and Save writes nothing", async ({
  adminPage: page,
}) => {
  const { roundId, names } = await scoredRound(page);
  await open(page, `/admin/round/play/${roundId}`);
  await page.getByRole("button", { name: "Credit payouts" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Credit payouts" }).click();
  await expect(page.getByText("Credited payouts to 2 players.")).toBeVisible();

  const credited = await entriesOf(page, roundId);
  expect(credited.filter((e) => e.credit_added > 0)).toHaveLength(2);
  for (const name of names) {
    const entry = credited.find((e) => `${e.fn} ${e.ln}` === name) as EntryJson;
    await expect(page.getByLabel(`Credit added for ${name}`)).toHaveValue(dollars(entry.credit_added));
  }
  const form = page.getByRole("form", { name: "Entries" });
  await expect(form.getByText("(changed)")).toHaveCount(0);
  await expect(form.getByText("No unsaved changes")).toBeVisible();

  const posted = page.waitForResponse((res) => res.request().method() === "POST");
  await form.getByRole("button", { name: "Save changes" }).click();
  await posted;
  // The round's ratings are worked out after the scores' request, whenever it lands (ADR 17):
  // they are not the Save's to keep, so they are left out of the comparison.
  const unrated = (list: EntryJson[]) => list.map(({ rating: _, ...e }) => e);
  expect(unrated(await entriesOf(page, roundId))).toEqual(unrated(credited));
});

test("an unsaved edit survives an action that leaves its row alone; one the action replaced is named", async ({ adminPage: page }) => {
  const { roundId, names } = await scoredRound(page);
  const [, bob, cy] = names as [string, string, string, string];
  await open(page, `/admin/round/play/${roundId}`);
  // Cy is not paid: crediting payouts leaves Cy's row as it is. Bob wins: it credits him.
  await page.getByLabel(`Payout adjust for ${cy}`).fill("0.50");
  await page.getByLabel(`Credit added for ${bob}`).fill("1.00");
  await expect(page.getByText("2 entries changed")).toBeVisible();
  await page.getByRole("button", { name: "Credit payouts" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Credit payouts" }).click();
  await expect(page.getByText("Credited payouts to 2 players.")).toBeVisible();

  const bobNow = (await entriesOf(page, roundId)).find((e) => `${e.fn} ${e.ln}` === bob) as EntryJson;
  await expect(page.getByLabel(`Credit added for ${bob}`)).toHaveValue(dollars(bobNow.credit_added));
  await expect(page.getByText(`${bob}: changed on the server before you saved`)).toBeVisible();
  await expect(page.getByLabel(`Payout adjust for ${cy}`)).toHaveValue("0.50");
  await expect(page.getByRole("row", { name: new RegExp(cy) })).toContainText("(changed)");
  await expect(page.getByText("1 entry changed")).toBeVisible();

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved 1 entry.")).toBeVisible();
  await expect(page.getByText("No unsaved changes")).toBeVisible();
  const after = await entriesOf(page, roundId);
  expect(after.find((e) => `${e.fn} ${e.ln}` === cy)?.payoutAdjust).toBe(0.5);
  expect(after.find((e) => `${e.fn} ${e.ln}` === bob)?.credit_added).toBe(bobNow.credit_added);
});

test("two tabs on one round's entries: the second Save shows the message and the first tab's values stand", async ({
  adminPage: first,
}) => {
  const { roundId, names } = await scoredRound(first);
  const ann = names[0] as string;
  const second = await first.context().newPage();
  await open(first, `/admin/round/play/${roundId}`);
  await open(second, `/admin/round/play/${roundId}`);

  await first.getByLabel(`Credit added for ${ann}`).fill("3.00");
  await first.getByRole("button", { name: "Save changes" }).click();
  await expect(first.getByText("Saved 1 entry.")).toBeVisible();
  await expect(first.getByLabel(`Credit added for ${ann}`)).toHaveValue("3.00");

  await second.getByLabel(`Credit added for ${ann}`).fill("7.00");
  await second.getByRole("button", { name: "Save changes" }).click();
  await expect(second.getByText(`${ann}: ${STALE_ENTRY}`)).toBeVisible();
  // The refused tab keeps what was typed, to copy before reloading.
  await expect(second.getByLabel(`Credit added for ${ann}`)).toHaveValue("7.00");
  expect((await entriesOf(second, roundId)).find((e) => `${e.fn} ${e.ln}` === ann)?.credit_added).toBe(3);

  await second.reload();
  await expect(second.getByLabel(`Credit added for ${ann}`)).toHaveValue("3.00");
  await second.close();
});

test("two tabs of the multi-round editor: the second Save shows the message and the first tab's values stand", async ({
  adminPage: first,
}) => {
  const name = `Multi ${letters()}`;
  const roundId = await makeRound(first, name, 10);
  const second = await first.context().newPage();
  await open(first, `/admin/rounds/multi-edit?ids=${roundId}`);
  await open(second, `/admin/rounds/multi-edit?ids=${roundId}`);

  await first.getByLabel("Name, row 1").fill(`${name} renamed`);
  await first.getByRole("button", { name: "Save", exact: true }).click();
  await expect(first.getByText("Saved 1 change.")).toBeVisible();

  await second.getByLabel("Payout, row 1").fill("9.00");
  await second.getByRole("button", { name: "Save", exact: true }).click();
  await expect(second.getByText(new RegExp(`^Error saving rounds: Row 1 \\(.+\\): ${STALE_ROUND.replace(/\./g, "\\.")}$`))).toBeVisible();
  await expect(second.getByLabel("Payout, row 1")).toHaveValue("9.00");

  const round = await api<RoundJson>(second, "GET", `/api/rounds/round/${roundId}`);
  expect(round).toMatchObject({ n: `${name} renamed`, payout: 4.5 });
  await second.close();
});

// The league's settings are one row for the whole league: held with `leagueSettings`, and put back.
test("two tabs of /admin/settings: each Save keeps what the other saved; one setting changed in both is refused", async ({
  adminPage: first,
  leagueSettings: _,
}) => {
  await first.goto("/admin/settings");
  const before = await api<SettingsJson>(first, "GET", "/api/admin/settings");
  const second = await first.context().newPage();
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
  const saveIn = (page: Page) => page.getByRole("button", { name: "Save settings" }).click();
  /** Both tabs (re)open the form, each showing the settings as the server holds them now. */
  const openBoth = async () => {
    for (const tab of [first, second]) {
      await tab.goto("/admin/settings");
      await hydrated(tab);
    }
  };
  try {
    await openBoth();
    await field(first, "Participation points").fill("7");
    await saveIn(first);
    await expect(first.getByText("Settings saved.")).toBeVisible();
    // The second tab still shows 5 participation points; its Save of another setting keeps the 7.
    await field(second, "Handicap percentage").fill("70");
    await saveIn(second);
    await expect(second.getByText("Settings saved.")).toBeVisible();
    await expect(field(second, "Participation points")).toHaveValue("7");
    // Saving again in that tab compares with what it shows now (7), not with what it first showed.
    await field(second, "Participation points").fill("8");
    await saveIn(second);
    const settings = () => api<SettingsJson>(first, "GET", "/api/admin/settings");
    await expect.poll(async () => (await settings()).pointsParticipation).toBe(8);
    await expect(second.getByText("The settings changed since you opened them")).toHaveCount(0);
    const both = await settings();
    expect(both).toMatchObject({ pointsParticipation: 8, handicapPercent: 70 });

    // Both change the points for 1st from the page they opened: the later Save is refused.
    await openBoth();
    await field(first, "Points for 1st").fill("150");
    await saveIn(first);
    await expect(first.getByText("Settings saved.")).toBeVisible();
    await field(second, "Points for 1st").fill("90");
    await saveIn(second);
    await expect(second.getByText("The settings changed since you opened them. Reload to see the new values.")).toBeVisible();
    await expect(field(second, "Points for 1st")).toHaveValue("90");
    expect(await settings()).toEqual({ ...both, pointsFirst: 150 });
  } finally {
    await api(first, "PUT", "/api/admin/settings", before);
    await second.close();
  }
});
