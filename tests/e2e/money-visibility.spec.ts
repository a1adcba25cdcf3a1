import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { api } from "./api";
import { checkA11y, hydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import type { MyClaimJson } from "../../workers/api/serializers/claims";
import type { SettingsJson } from "../../workers/api/serializers/standings";
import type { SimplePlayerJson } from "../../workers/api/serializers/players";

// Who sees balances and transfers on the pages (moneyVisibility, ADR 25), logged out, as a
// player and as an admin, and the anonymous cached copy after the setting changes. The
// setting changes what every visitor of the league sees, so this spec runs in a project
// of its own after all the others (playwright.config.ts), one test at a time; and it holds
// `leagueSettings`, as every test that saves the settings does, or a save of the whole form
// elsewhere (bag-tags.spec.ts turning tags on) puts the visibility it read back mid-test.
test.describe.configure({ mode: "serial" });

type Visibility = "everyone" | "players" | "admins";
const timing = (res: Awaited<ReturnType<APIRequestContext["get"]>>) => /cache;desc="(\w+)"/.exec(res.headers()["server-timing"] ?? "")?.[1];

async function setVisibility(admin: Page, moneyVisibility: Visibility) {
  const current = await api<SettingsJson>(admin, "GET", "/api/admin/settings");
  await api(admin, "PUT", "/api/admin/settings", { ...current, moneyVisibility });
}

/** A visitor's fresh browser: no copy a browser kept for 30 s (ADR 11), only the edge's. */
async function visitor(browser: Browser) {
  const context = await newContext(browser);
  return { page: await context.newPage(), close: () => context.close() };
}

/** What a page shows of the money: the Balance column of /players-all, a player's Credit and Transfers, the /transfers table. */
async function moneyShown(page: Page, playerId: number, otherId: number) {
  await page.goto("/players-all");
  const balanceColumn = await page
    .getByRole("table", { name: "All players" })
    .getByRole("columnheader", { name: /Balance/ })
    .count();
  const credit = async (id: number) => {
    await page.goto(`/players/${id}`);
    const summary = page.getByRole("region", { name: "Summary" });
    return (
      (await summary.getByText("Credit", { exact: true }).count()) > 0 &&
      (await page.getByRole("heading", { name: "Transfers" }).count()) > 0
    );
  };
  const own = await credit(playerId);
  const other = await credit(otherId);
  await page.goto("/transfers");
  const transfers = await page.getByRole("table", { name: "Transfers" }).count();
  return { balanceColumn: balanceColumn > 0, own, other, transfers: transfers > 0 };
}

test("each setting, logged out, as a player and as an admin; the pages say who may see the money", async ({
  adminPage,
  playerPage,
  browser,
  leagueSettings: _,
}) => {
  const mine = (await api<MyClaimJson>(playerPage, "GET", "/api/claims/mine")).claim!.player_id;
  const others: SimplePlayerJson[] = await (await adminPage.request.get("/api/players/simpleList")).json();
  const other = others.find((p) => p.id !== mine)!.id;
  const all = { balanceColumn: true, own: true, other: true, transfers: true };
  try {
    await setVisibility(adminPage, "everyone");
    const anon = await visitor(browser);
    expect(await moneyShown(anon.page, mine, other), "everyone: visitor").toEqual(all);
    await anon.close();

    await setVisibility(adminPage, "players");
    const anon2 = await visitor(browser);
    expect(await moneyShown(anon2.page, mine, other), "players: visitor").toEqual({
      balanceColumn: false,
      own: false,
      other: false,
      transfers: false,
    });
    // /transfers says who may see them and offers the way in.
    await anon2.page.goto("/transfers");
    await expect(anon2.page.getByText("Balances and transfers are shown to signed-in players: log in to see them.")).toBeVisible();
    await anon2.page.getByRole("link", { name: "Log in" }).last().click();
    await expect(anon2.page).toHaveURL(/\/login\?redirectTo=%2Ftransfers$/);
    await anon2.page.goto("/players-all");
    await expect(anon2.page.getByText("Balances and transfers are shown to signed-in players")).toBeVisible();
    await hydrated(anon2.page);
    await checkA11y(anon2.page, "visitor /players-all, balances hidden", test.info());
    await anon2.close();
    expect(await moneyShown(playerPage, mine, other), "players: player").toEqual(all);

    await setVisibility(adminPage, "admins");
    expect(await moneyShown(playerPage, mine, other), "admins: player").toEqual({
      balanceColumn: false,
      own: true,
      other: false,
      transfers: false,
    });
    await playerPage.goto("/transfers");
    await expect(playerPage.getByText("Balances and transfers are shown to the league's admins only.")).toBeVisible();
    await playerPage.getByRole("link", { name: "Your credit and transfers" }).click();
    await expect(playerPage).toHaveURL(new RegExp(`/players/${mine}$`));
    await hydrated(playerPage);
    await checkA11y(playerPage, "player /players/{own id}, others' money hidden", test.info());
    expect(await moneyShown(adminPage, mine, other), "admins: admin").toEqual(all);
  } finally {
    await setVisibility(adminPage, "everyone");
  }
});

test("the anonymous cached copy follows a change of the setting at once", async ({ adminPage, playwright, baseURL, leagueSettings: _ }) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const balanceHeader = (html: string) => />\s*Balance\s*</.test(html);
  try {
    await setVisibility(adminPage, "everyone");
    let res = await anonymous.get("/players-all");
    await expect(async () => {
      await anonymous.get("/players-all");
      res = await anonymous.get("/players-all");
      expect(timing(res)).toBe("hit");
    }).toPass({ timeout: 30_000 });
    expect(balanceHeader(await res.text())).toBe(true);

    await setVisibility(adminPage, "players");
    const after = await anonymous.get("/players-all");
    expect(timing(after)).toBe("miss");
    const html = await after.text();
    expect(balanceHeader(html)).toBe(false);
    expect(html).toContain("Balances and transfers are shown to signed-in players");
  } finally {
    await setVisibility(adminPage, "everyone");
    await anonymous.dispose();
  }
});
