import type { Locator } from "@playwright/test";
import { api, letters, makeRound, send } from "./api";
import { hydrated, partHydrated } from "./axe";
import { expect, shot, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { AuditPageJson } from "../../workers/api/serializers/audit";
import type { NewEntryJson } from "../../workers/api/serializers/entries";
import type { SavedJson } from "../../workers/api/serializers/saved";
import type { MeJson } from "../../workers/api/serializers/users";

booksSoundAtTheEnd();

// Who changed the money (ADR 20) in Chromium: the admin adds a transfer
// and credits a round's payouts on their pages, then finds both on /admin/audit with their
// name and before → after, filters by player and by round, and sees the history on their
// user page and on the player's page. Names are the test's own, so tests in parallel can
// share the database.

// The first test walks seven pages and two forms: on a busy two-core machine that is more
// than the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** The log's item whose headline is `what`, with its action. */
const item = (list: Locator, what: string, action: string) =>
  list
    .getByRole("listitem")
    .filter({ has: list.page().getByText(what, { exact: true }) })
    .filter({ has: list.page().getByText(action, { exact: true }) });

test("an admin's transfer and credited payouts are on /admin/audit, by player and by round, and on the user's and player's pages", async ({
  adminPage: page,
}) => {
  const tag = letters();
  const round = `Night ${tag}`;
  const roundId = await makeRound(page, round, -2);
  const [ann, bob] = [`Ann Ames${tag}`, `Bob Birch${tag}`];
  const ids: number[] = [];
  for (const [fn, ln] of [
    ["Ann", `Ames${tag}`],
    ["Bob", `Birch${tag}`],
  ]) {
    ids.push((await api<SavedJson>(page, "POST", "/api/admin/player/", { values: { fn, ln, division: "MA3" } })).id);
  }
  const entries: { id: number; version: number }[] = [];
  for (const id of ids) {
    const added = await api<NewEntryJson>(page, "POST", "/api/admin/entry/add", {
      values: { round_id: roundId, player: id, division: "MA3" },
    });
    entries.push(added.newEntry);
  }
  // Ann wins: two entries pay one place, the whole $9.00 pool. Each edit carries the
  // version it was read at (ADR 20).
  await api(page, "POST", "/api/admin/entry/bulk", {
    data: [
      { id: entries[0].id, version: entries[0].version, value: { score: 48 } },
      { id: entries[1].id, version: entries[1].version, value: { score: 52 } },
    ],
  });

  // The admin's two changes, each on its own page.
  await page.goto("/transfers");
  const form = page.getByRole("region", { name: "Add transfer" });
  await partHydrated(form.getByRole("button", { name: "Add transfer" }));
  await form.getByLabel("Amount").fill("1.25");
  await form.getByLabel("To").selectOption(String(ids[0]));
  await form.getByLabel("Description").fill(`Cash ${tag}`);
  await form.getByRole("button", { name: "Add transfer" }).click();
  await expect(form.getByText("Transfer of $1.25 added.")).toBeVisible();

  await page.goto(`/admin/round/play/${roundId}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Credit payouts" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Credit payouts" }).click();
  await expect(page.getByText("Credited payouts to 1 player.")).toBeVisible();

  // The newest changes: both, with the admin's name and what they were before and after.
  await page.goto("/admin/audit");
  await hydrated(page);
  const log = page.getByRole("list", { name: "Changes, newest first" });
  const credit = item(log, `Entry · ${ann} in ${round}`, "Changed").first();
  await expect(credit).toContainText("by League Admin (admin)");
  await expect(credit.getByRole("definition").filter({ hasText: /^\$0\.00\s*→\s*changed to\s*\$9\.00$/ })).toBeVisible();
  await expect(credit.getByRole("term").filter({ hasText: "credit added" })).toBeVisible();
  const transfer = item(log, `Transfer · league → ${ann}`, "Added");
  await expect(transfer).toContainText("by League Admin (admin)");
  await expect(transfer).toContainText("$1.25");
  await expect(transfer).toContainText(`Cash ${tag}`);
  await shot(page, "audit-newest");

  // By player: typing the name finds Ann alone and filters at once; Bob's changes are gone.
  await page.getByLabel("Player").fill(`Ames${tag}`);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]player=${ids[0]}\\b`));
  await expect(page.getByText(`Showing ${ann}`)).toBeVisible();
  await expect(item(log, `Transfer · league → ${ann}`, "Added")).toBeVisible();
  await expect(item(log, `Entry · ${ann} in ${round}`, "Added")).toBeVisible();
  await expect(log.getByText(`Entry · ${bob} in ${round}`)).toHaveCount(0);
  await shot(page, "audit-by-player");

  // By round (the player dropped): both entries, no transfer.
  await page.getByRole("link", { name: "Any player" }).click();
  await expect(page).not.toHaveURL(/player=/);
  // The URL changes before the new page renders, and the filter form remounts with it: a
  // choice made before that is lost. "Showing Ann" going away is the new page.
  await expect(page.getByText(`Showing ${ann}`)).toHaveCount(0);
  await page.getByLabel("Round").selectOption(String(roundId));
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]round=${roundId}\\b`));
  await expect(item(log, `Entry · ${bob} in ${round}`, "Added")).toBeVisible();
  await expect(item(log, `Entry · ${ann} in ${round}`, "Changed").first()).toBeVisible();
  await expect(log.getByText(`Transfer · league → ${ann}`)).toHaveCount(0);
  await shot(page, "audit-by-round");

  // The admin's own user page: the changes they made.
  const me = await api<MeJson>(page, "GET", "/api/users/me");
  await page.goto(`/admin/user/${me.user.id}`);
  const made = page.getByRole("region", { name: "Money changes made by this user" });
  await expect(item(made, `Transfer · league → ${ann}`, "Added")).toBeVisible();
  await expect(made.getByRole("link", { name: /^All changes by this user/ })).toHaveAttribute("href", `/admin/audit?actor=${me.user.id}`);
  await shot(page, "audit-user");

  // Ann's page, as the admin sees it: her money history, and the way to the whole log.
  await page.goto(`/players/${ids[0]}`);
  const history = page.getByRole("region", { name: "Money history" });
  await expect(item(history, `Entry · ${ann} in ${round}`, "Changed").first()).toContainText("$9.00");
  await shot(page, "audit-player");
  await history.getByRole("link", { name: /All of this player's changes/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?player=${ids[0]}$`));
  await expect(page.getByText(`Showing ${ann}`)).toBeVisible();
});

test("a name that several players share offers each; a page past the end says so", async ({ adminPage: page }) => {
  const tag = letters();
  for (const fn of ["Cal", "Cam"]) await api(page, "POST", "/api/admin/player/", { values: { fn, ln: `Cole${tag}`, division: "MA1" } });
  await page.goto(`/admin/audit?find=Cole${tag}`);
  const found = page.getByRole("navigation", { name: "Players found" });
  await expect(found.getByRole("link")).toHaveCount(2);
  await shot(page, "audit-matches");
  await found.getByRole("link", { name: new RegExp(`^Cam Cole${tag}`) }).click();
  await expect(page.getByText(`Showing Cam Cole${tag}`)).toBeVisible();
  await expect(page.getByText("No changes match these filters.")).toBeVisible();
  await page.goto("/admin/audit?page=99999");
  await expect(page.getByText("No older changes.")).toBeVisible();
  await page.goto("/admin/audit?player=abc");
  await expect(page.getByRole("alert")).toContainText("Invalid player id");
});

test("no request but GET reads the log, and none changes it", async ({ adminPage: page }) => {
  // A change of the test's own in the log (other tests add theirs meanwhile): its player's
  // page of the log is what must not change.
  const tag = letters();
  const playerId = (await api<SavedJson>(page, "POST", "/api/admin/player/", { values: { fn: "Gus", ln: `Get${tag}`, division: "MA3" } }))
    .id;
  await api(page, "POST", "/api/transfers/add", {
    values: { d: Math.floor(Date.now() / 1000), fromPlayer: null, toPlayer: playerId, amt: 1, description: `Get ${tag}` },
  });
  const mine = `/api/admin/audit?player=${playerId}`;
  const before = await api<AuditPageJson>(page, "GET", mine);
  expect(before.entries).toHaveLength(1);
  const id = before.entries[0]!.id;
  const statuses: string[] = [];
  for (const path of ["/admin/audit", "/api/admin/audit", "/api/admin/audit/1", `/api/admin/audit/${id}`]) {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = path.startsWith("/api")
        ? await send(page, method, path, JSON.stringify({ id }))
        : await send(
            page,
            method,
            path,
            new URLSearchParams({ intent: "delete", id: String(id) }).toString(),
            "application/x-www-form-urlencoded",
          );
      statuses.push(`${method} ${path} ${res.status()}`);
    }
  }
  for (const s of statuses) expect(s).toMatch(/ (404|405)$/);
  expect(await api<unknown>(page, "GET", mine)).toEqual(before);
});

// At 1280 px (the links behind Admin) and, the links being behind the phone's menu, at 375 px.
test("the navbar offers the log to admins only @narrow-too", async ({ adminPage, playerPage }) => {
  for (const [page, shown] of [
    [adminPage, 1],
    [playerPage, 0],
  ] as const) {
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByRole("button", { name: "Menu" });
    if (await menu.isVisible()) await menu.click();
    // At 1280 px the admin's pages are behind Admin in the header's row (ADR 39); a player has none.
    const admin = page.getByRole("banner").locator("summary", { hasText: "Admin" });
    await expect(admin).toHaveCount(shown);
    if (await admin.isVisible()) await admin.click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Audit log" })).toHaveCount(shown);
  }
});

// The admin's menu is a part whose code comes after the page's (lazy-part.tsx): the server's
// <details> opens without it, and the code arriving must not shut what the admin opened.
test("the Admin menu opened before its code arrives stays open when the code comes", async ({ adminPage: page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/admin-nav-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await hydrated(page);
  const admin = page.getByRole("banner").locator("summary", { hasText: "Admin" });
  await admin.click();
  const audit = page.getByRole("banner").getByRole("link", { name: "Audit log" });
  await expect(audit).toBeVisible();
  release();
  await partHydrated(admin);
  await expect(audit).toBeVisible();
  await shot(page, "admin-menu-open");
  // Then the code's own behaviour: a new page closes it.
  await audit.click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(audit).toBeHidden();
});
