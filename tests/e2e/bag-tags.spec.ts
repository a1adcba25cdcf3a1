import { api, expectBooksBalance, letters, makePlayer, makeRound } from "./api";
import { hydrated } from "./axe";
import { expect, newContext, test } from "./fixtures";
import { booksSoundAtTheEnd } from "./books";
import type { TagBoardJson } from "../../workers/api/serializers/tags";

booksSoundAtTheEnd();

// A tags night on the demo league (ADR 27): the admin turns bag tags on, assigns tags on
// /admin/tags (one in the page, two through the /api), pastes a tags round's scores, and a
// visitor's /tags and the winner's page show the swapped tags; the books still balance.
// The league's settings are one for the whole league: held with `leagueSettings`, and
// tags turned off again at the end.

test("a tags night: tags on, tags assigned, a tags round's scores swap them on /tags and the player's page", async ({
  adminPage: admin,
  browser,
  leagueSettings: _,
}) => {
  await admin.goto("/admin/settings");
  await hydrated(admin);
  await admin.getByRole("combobox", { name: "Bag tags" }).selectOption("chosen");
  await admin.getByRole("button", { name: "Save settings" }).click();
  await expect(admin.getByText("Settings saved.")).toBeVisible();
  try {
    const tag = letters();
    const names = [`Ann Tag${tag}`, `Bob Tag${tag}`, `Cy Tag${tag}`];
    const ids = await Promise.all(names.map((n) => makePlayer(admin, n.split(" ")[0]!, n.split(" ")[1]!)));
    const { pool } = await api<TagBoardJson>(admin, "GET", "/api/tags");
    const [t1, t2, t3] = pool as [number, number, number];

    // Ann's tag in the page; Bob's and Cy's through the /api.
    await admin.goto("/admin/tags");
    await hydrated(admin);
    await admin.getByLabel("Tag", { exact: true }).selectOption(String(t1));
    await admin.getByLabel("Player").selectOption(String(ids[0]));
    await admin.getByRole("button", { name: "Assign" }).click();
    await expect(admin.getByText(`Tag ${t1} assigned.`)).toBeVisible();
    await expect(admin.getByRole("row", { name: new RegExp(`#${t1} ${names[0]}`) })).toBeVisible();
    await api(admin, "POST", "/api/admin/tags/assign", { tag: t2, playerId: ids[1] });
    await api(admin, "POST", "/api/admin/tags/assign", { tag: t3, playerId: ids[2] });

    // Tonight's round, later than the assignments (a tag assigned after a round's start joins the next one), counting for tags.
    const round = { id: await makeRound(admin, `Tags ${tag}`, 1 / 24, { aceDollars: 0, more: { tags: true } }) };
    for (const id of ids) await api(admin, "POST", "/api/admin/entry/add", { values: { round_id: round.id, player: id, division: "MA3" } });
    await admin.goto(`/admin/round/scores/${round.id}`);
    await hydrated(admin);
    await admin.getByLabel("Scores to paste").fill([`${names[0]} 58`, `${names[1]} 50`, `${names[2]} 54`].join("\n"));
    await admin.getByRole("button", { name: "Preview" }).click();
    await admin.getByRole("button", { name: "Save 3 scores" }).click();
    await expect(admin.getByText("Saved 3 entries.")).toBeVisible();

    // A visitor (the anonymous cache, purged by the swap): Bob's 50 takes the lowest tag, Cy's 54 the next, Ann's 58 the last.
    const context = await newContext(browser);
    const visitor = await context.newPage();
    await visitor.goto("/tags");
    const holders = visitor.getByRole("region", { name: "Tag holders" });
    await expect(holders.getByRole("row", { name: new RegExp(`#${t1} ${names[1]}`) })).toBeVisible();
    await expect(holders.getByRole("row", { name: new RegExp(`#${t2} ${names[2]}`) })).toBeVisible();
    await expect(holders.getByRole("row", { name: new RegExp(`#${t3} ${names[0]}`) })).toBeVisible();
    await visitor.goto(`/players/${ids[1]}`);
    const card = visitor.getByRole("region", { name: "Bag tag", exact: true });
    await expect(card).toContainText(`Holds tag #${t1}`);
    // Ann's tag came to Bob by the round; Bob's went to Cy.
    const moves = card.getByRole("row").filter({ hasText: `Swapped by finish · Tags ${tag}` });
    await expect(moves).toHaveCount(2);
    await expect(moves.filter({ hasText: `#${t1}` })).toContainText(`${names[0]}${names[1]}`);
    await expect(moves.filter({ hasText: `#${t2}` })).toContainText(`${names[1]}${names[2]}`);
    await visitor.goto(`/tags/${t1}`);
    await expect(visitor.getByText(`Held by ${names[1]}`)).toBeVisible();
    await context.close();

    // Tags move no money: the books still balance.
    await expectBooksBalance(admin);
  } finally {
    // Through the form: it writes only the setting changed, so no other setting is put back.
    await admin.goto("/admin/settings");
    await hydrated(admin);
    await admin.getByRole("combobox", { name: "Bag tags" }).selectOption("off");
    await admin.getByRole("button", { name: "Save settings" }).click();
    await expect(admin.getByText("Settings saved.")).toBeVisible();
  }
});
