import { expect, test } from "./fixtures";

// One person, one login, two leagues (ADR 46, 47): the demo's player1 plays in the default
// league at the root and in the Thursday league (db:seed), and directs the Thursday league
// only. Each league's pages show that league's rows and the person's record there; the
// director's night pages open in their league and nowhere else.

test("one login: a player in two leagues and a director in one @narrow", async ({ playerPage: page }) => {
  // The default league, at the root, as always: their own record and its rounds.
  await page.goto("/");
  const banner = page.getByRole("banner");
  await expect(banner).not.toContainText("Thursday Night League");
  await page.goto("/rounds");
  await expect(page.getByText("Thursday Night · week 1")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("default-league-rounds.png"), fullPage: true });

  // The Thursday league: its name, its rounds only, and their record there.
  await page.goto("/l/thursday/rounds");
  await expect(banner).toContainText("Thursday Night League");
  // Its rounds (a phone folds the past ones away: in the page, not on screen).
  await expect(page.getByText("Thursday Night · week 1").first()).toBeAttached();
  await expect(page.getByText("Thursday Night · next week").first()).toBeVisible();
  const links = await page.evaluate(() => [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? ""));
  // No link of the page leads into the default league's pages (a deployment page may).
  expect(links.filter((h) => /^\/(rounds|players|standings|admin|aces|tags|transfers)\b/.test(h))).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("thursday-rounds.png"), fullPage: true });

  const players = await (await page.request.get("/l/thursday/api/players")).json();
  const names = (players as { fn: string; ln: string }[]).map((p) => `${p.fn} ${p.ln}`);
  expect(names).toContain("Ada Chains");
  expect(names.length).toBeLessThan(20);

  // Directing here: the night pages of their league's rounds open…
  const [next] = (await (await page.request.get("/l/thursday/api/rounds/all")).json()) as { id: number; n: string }[];
  expect(next).toBeDefined();
  const night = await page.goto(`/l/thursday/admin/round/night/${next!.id}`);
  expect(night?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("thursday-night.png"), fullPage: true });
  // …but not the league's settings (an admin's), and nothing of the default league's admin.
  const settings = await page.goto("/l/thursday/admin/settings");
  expect(settings?.status()).toBe(403);
  await page.goto("/admin/rounds");
  await expect(page).not.toHaveURL(/\/admin\//);
  // The default league's round id under the Thursday address is not found there.
  const [theirs] = (await (await page.request.get("/api/rounds/all")).json()) as { id: number }[];
  expect((await page.goto(`/l/thursday/rounds/${theirs!.id}`))?.status()).toBe(404);
});
