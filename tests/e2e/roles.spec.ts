import type { Page } from "@playwright/test";
import { api, letters, makePlayer, makeRound } from "./api";
import { hydrated } from "./axe";
import { booksSoundAtTheEnd } from "./books";
import { expect, newContext, test } from "./fixtures";

booksSoundAtTheEnd();

// Roles per league (ADR 47), on a phone (375 px): the owner grants a new account the
// director role through the Roles panel of /admin/users; the director logs in at
// /admin/login, checks a player in on a round's night screen, and can open neither the
// settings nor the Roles panel.

const PASSWORD = "Director-Night-42";

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("the owner makes a director, who runs the night and nothing else @narrow", async ({ adminPage: owner, browser, baseURL }) => {
  test.setTimeout(120_000);
  const tag = letters();
  const email = `director-${tag}@example.com`;
  const name = `Dee Director ${tag}`;
  await api(owner, "POST", "/api/admin/user/add", { name, email, password: PASSWORD });
  const roundId = await makeRound(owner, `Roles night ${tag}`, 0);
  const playerId = await makePlayer(owner, "Pat", `Walker${tag}`, "MA3");
  await api(owner, "POST", "/api/admin/entry/add", { values: { round_id: roundId, player: playerId, division: "MA3" } });
  try {
    // The owner grants the role through the panel: labelled fields, by keyboard.
    await owner.goto("/admin/users");
    await hydrated(owner);
    const roles = owner.getByRole("region", { name: "Roles" });
    const grant = roles.getByRole("form", { name: "Grant a role" });
    await grant.getByLabel("Email").fill(email);
    await grant.getByLabel("Role").selectOption("director");
    await grant.getByRole("button", { name: "Grant role" }).press("Enter");
    await expect(owner.getByText(`${name} is now a director of the league.`)).toBeVisible();
    await expect(roles.getByRole("row", { name: new RegExp(name) })).toContainText("Director");
    expect(await sideways(owner)).toBe(0);

    // The director logs in at the admin login and runs the round's night screen.
    const context = await newContext(browser, { baseURL, viewport: { width: 375, height: 800 } });
    const director = await context.newPage();
    await director.goto("/admin/login");
    await director.getByLabel("Email").fill(email);
    await director.getByLabel("Password").fill(PASSWORD);
    await director.getByRole("button", { name: "Log in" }).click();
    // It lands on tonight (ADR 39): this round's night screen, or the Today list when others are today too.
    await expect(director).toHaveURL(/\/admin\/(rounds|round\/night\/)/);
    await director.goto(`/admin/round/night/${roundId}`);
    await hydrated(director);
    await expect(director.getByRole("heading", { level: 1, name: `Roles night ${tag}` })).toBeVisible();
    const desk = director.getByRole("region", { name: "Check in", exact: true });
    await desk.getByLabel("Find a player").fill(`Pat Walker${tag}`);
    await desk.getByRole("button", { name: `Check in Pat Walker${tag}` }).click();
    await expect(desk.getByRole("status", { name: "Done just now" }).getByRole("listitem").first()).toHaveText(
      `Checked in Pat Walker${tag}.`,
    );
    expect(await sideways(director)).toBe(0);

    // Not the settings, not the roles: the pages say why, and the menu does not offer them.
    const settings = await director.goto("/admin/settings");
    expect(settings?.status()).toBe(403);
    await expect(director.getByText("Your role in this league does not include this page.")).toBeVisible();
    const users = await director.goto("/admin/users");
    expect(users?.status()).toBe(403);
    await expect(director.getByRole("region", { name: "Roles" })).toHaveCount(0);
    await director.goto(`/admin/round/night/${roundId}`);
    await director.getByRole("button", { name: "Menu" }).click();
    const menu = director.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link", { name: "Manage rounds" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Users" })).toHaveCount(0);
    await context.close();
  } finally {
    await api(owner, "POST", "/api/admin/entry/delete", await entryToDelete(owner, roundId)).catch(() => undefined);
    await api(owner, "POST", "/api/admin/round/delete", { id: roundId }).catch(() => undefined);
  }
});

/** The round's one entry as the delete call wants it (its id and version). */
async function entryToDelete(owner: Page, roundId: number) {
  const [entry] = await api<{ id: number; version: number }[]>(owner, "GET", `/api/entries/${roundId}`);
  return { id: entry?.id, version: entry?.version, reason: "e2e clean-up" };
}
