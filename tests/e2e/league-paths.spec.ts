import { d1 } from "./d1";
import { letters } from "./api";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { RoundJson } from "../../workers/api/serializers/rounds";

// Many leagues in one deployment (ADR 46): a league that is not the default lives under
// /l/{slug}, and its pages carry its name and keep every link in it; the default league
// stays at the root as it always was. The demo's second league (db:seed) is the one visited.

/** The deployment's own pages, which stay at the root whatever league a page is in. */
const DEPLOYMENT = /^\/(login|register|forgot-password|reset-password|logout|profile|welcome|leagues)(?:[/?#]|$)/;

/** Every same-origin link and form action on the page: those in `base`, and the stray ones (neither in it nor a deployment page). */
async function linksOf(page: Page, base: string): Promise<{ inLeague: number; stray: string[] }> {
  const targets = await page.evaluate(() => [
    ...[...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? ""),
    ...[...document.querySelectorAll("form[action]")].map((f) => f.getAttribute("action") ?? ""),
  ]);
  const own = targets.filter((t: string) => t.startsWith("/") && !t.startsWith("//") && !DEPLOYMENT.test(t));
  // At the root ("" base) a league's page is any path but another league's.
  const inLeague = own.filter((t: string) =>
    base === "" ? !t.startsWith("/l/") : t === base || t.startsWith(`${base}/`) || t.startsWith(`${base}?`),
  );
  return { inLeague: inLeague.length, stray: own.filter((t: string) => !inLeague.includes(t)) };
}

test("a second league's home and round page are its own: its name, every link under /l/{slug} @narrow", async ({ page, request }) => {
  const slug = "thursday";
  const name = "Thursday Night League";
  const base = `/l/${slug}`;
  const rounds = (await (await request.get(`${base}/api/rounds/all`)).json()) as RoundJson[];
  // Its own rounds only: none of the default league's (ADR 46).
  expect(rounds.map((r) => r.n).every((n) => n.startsWith("Thursday Night"))).toBe(true);
  const [round] = rounds;
  expect(round).toBeDefined();

  await page.goto(base);
  await expect(page).toHaveTitle(new RegExp(name));
  await expect(page.getByRole("banner")).toContainText(name);
  const homeLinks = await linksOf(page, base);
  expect(homeLinks.stray).toEqual([]);
  expect(homeLinks.inLeague, "the navbar's links at least").toBeGreaterThanOrEqual(7);

  // The menu's links go to the league's pages, by the app's own navigation.
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Players" }).click();
  await expect(page).toHaveURL(`${base}/players`);
  await expect(page.getByRole("heading", { level: 1, name: "Players" })).toBeVisible();
  await expect(page).toHaveTitle(`Players · ${name}`);

  await page.goto(`${base}/rounds/${round!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(round!.n);
  await expect(page).toHaveTitle(new RegExp(name));
  const roundLinks = await linksOf(page, base);
  expect(roundLinks.stray).toEqual([]);
  expect(roundLinks.inLeague).toBeGreaterThanOrEqual(7);
  // Back home by the wordmark: still in the league.
  await page
    .getByRole("banner")
    .getByRole("link", { name: new RegExp(name) })
    .click();
  await expect(page).toHaveURL(base);

  // Its slug in capitals, and an unknown slug.
  await page.goto(`/l/${slug.toUpperCase()}/players`);
  await expect(page).toHaveURL(`${base}/players`);
  const missing = await page.goto("/l/nobody-plays-here/rounds");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("the default league at the root works as before, and /l/{its slug} moves there @narrow", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL("/");
  const { stray, inLeague } = await linksOf(page, "");
  expect(stray, "no link leaves the root").toEqual([]);
  expect(inLeague).toBeGreaterThanOrEqual(7);
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rounds" }).click();
  await expect(page).toHaveURL("/rounds");

  await page.goto("/l/league/players?q=a");
  await expect(page).toHaveURL("/players?q=a");
});

test("the list of leagues names each and opens it @narrow", async ({ page }) => {
  const slug = `e2e-${letters()}`;
  const name = `Listed ${letters()} League`;
  d1(`insert into leagues (slug, name, time_zone) values ('${slug}', '${name}', 'America/Chicago')`);
  // The front door lists a league once it has a round.
  d1(
    `insert into rounds (league_id, d, n, loc, fee_pdga_cents, fee_course_cents, fee_other_cents, ace_cents, payout_cents) select id, unixepoch() + 86400, 'First', 'Park', 0, 0, 0, 0, 0 from leagues where slug = '${slug}'`,
  );
  await page.goto("/leagues");
  await page.getByLabel("League name").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/leagues\?q=/);
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(`/l/${slug}`);
  await expect(page.getByRole("banner")).toContainText(name);
});
