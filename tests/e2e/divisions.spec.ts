import type { Locator, Page } from "@playwright/test";
import { api, playedRound } from "./api";
import { hydrated, partHydrated } from "./axe";
import { expect, test } from "./fixtures";
import type { SettingsJson } from "../../workers/api/serializers/standings";

// The league's divisions (its settings) come first in every division select, the rest of
// the PDGA list under "Other division"; any PDGA division is still accepted.

async function groups(select: Locator) {
  const of = (label: string) => select.locator(`optgroup[label="${label}"] > option`).allTextContents();
  return { league: await of("League divisions"), other: await of("Other division") };
}

async function setDivisions(admin: Page, divisions: string[]) {
  const current = await api<SettingsJson>(admin, "GET", "/api/admin/settings");
  await api(admin, "PUT", "/api/admin/settings", { ...current, divisions });
}

const DEFAULT = ["MPO", "MP40", "FPO", "MA1", "MA2", "MA3", "MA40", "FA1", "MJ18"];

// The league's settings are one for the whole league: held with `leagueSettings`.
test("the league's divisions come first and follow the setting; another PDGA division still saves", async ({
  adminPage: page,
  leagueSettings: _,
}) => {
  const { roundId, players } = await playedRound(page, [{ fn: "Ann", division: "MA3", score: 50 }]);
  const ann = `${players[0].fn} ${players[0].ln}`;
  const rowSelect = () => page.getByLabel(`Division for ${ann}`);
  try {
    // The default: the nine the demo league plays, then the other fourteen.
    await page.goto(`/admin/round/play/${roundId}`);
    await expect(rowSelect()).toBeVisible();
    const defaults = await groups(rowSelect());
    expect(defaults.league).toEqual(DEFAULT);
    expect(defaults.other).toHaveLength(23 - DEFAULT.length);
    expect(defaults.other).not.toContain("MPO");

    await setDivisions(page, ["FA1", "MA3", "MP50"]);
    await page.goto(`/admin/round/play/${roundId}`);
    await hydrated(page);
    const changed = await groups(rowSelect());
    expect(changed.league).toEqual(["FA1", "MA3", "MP50"]);
    expect(changed.other.slice(0, 3)).toEqual(["MPO", "MP40", "MPM"]);
    // A division from the other group saves: validation takes any PDGA division.
    await rowSelect().selectOption("MJ12");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("No unsaved changes")).toBeVisible();
    await expect(rowSelect()).toHaveValue("MJ12");

    // The admin's player dialog offers the same order.
    await page.goto("/admin/player");
    const add = page.getByRole("button", { name: "Add player" });
    await partHydrated(add);
    await add.click();
    const dialog = page.getByRole("dialog", { name: "Add Player" });
    await expect(dialog.getByLabel("Division")).toBeVisible();
    expect((await groups(dialog.getByLabel("Division"))).league).toEqual(["FA1", "MA3", "MP50"]);
    // By keyboard, the arrows run from the league's group on into the other one.
    const select = dialog.getByLabel("Division");
    await select.focus();
    for (const value of ["FA1", "MA3", "MP50", "MPO"]) {
      await page.keyboard.press("ArrowDown");
      await expect(select).toHaveValue(value);
    }
  } finally {
    await setDivisions(page, DEFAULT);
  }
});
