import { hydrated } from "./axe";
import { expect, test } from "./fixtures";
import type { RoundJson } from "../../workers/api/serializers/rounds";

// Links in the round results and /players-all's sort headers navigate inside the app (no new
// document), and a sort keeps the visitor's place on the page.

test("a player's name in round results navigates in the app", async ({ page, request }) => {
  const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
  // A league night of the seed (other tests' rounds, with fewer entrants, may change meanwhile).
  const round = rounds.filter((r) => r.d < Date.now() / 1000 - 86400 && r.entry_count >= 8).at(-1)!;
  await page.goto(`/rounds/${round.id}`);
  await hydrated(page);
  // A full document load would drop this mark.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const link = page.getByRole("table", { name: "Results" }).getByRole("link").first();
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(/\/players\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("a sort header on /players-all keeps the document and sorts", async ({ page }) => {
  await page.goto("/players-all");
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: /Balance/ }).click();
  await expect(page).toHaveURL(/[?&]sort=balance&dir=desc/);
  await expect(page.getByRole("columnheader", { name: /Balance/ })).toHaveAttribute("aria-sort", "descending");
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
