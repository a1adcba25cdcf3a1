import { expect, test } from "./fixtures";

// Every public page against the seeded demo league. Expectations come from the /api,
// which reads the same D1, so the pages are checked against the data, not against copies.

type Round = { id: number; d: number; n: string; entry_count: number };
type Entry = { division: string; fn: string; ln: string; result: string | null; score: number };

test("home lists future and past rounds with today's banner", async ({ page, request }) => {
  const rounds: Round[] = await (await request.get("/api/rounds/all")).json();
  const now = Date.now() / 1000;
  const todays = rounds.filter((r) => Math.abs(r.d - now) <= 86400);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Rounds" })).toBeVisible();
  const banner = page.getByRole("region", { name: "Today's round" });
  await expect(banner).toHaveCount(todays.length);
  if (todays.length) await expect(banner.first()).toContainText(todays[0].n);
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
  await expect(page.locator("#future-rounds li")).toHaveCount(rounds.filter((r) => r.d >= now).length);
});

test("the wide screen shows both lists side by side @wide", async ({ page }) => {
  await page.goto("/rounds");
  await expect(page.locator("#past-rounds")).toBeVisible();
  await expect(page.locator("#future-rounds")).toBeVisible();
});

test("the narrow screen toggles between past and future @narrow", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("#future-rounds")).toBeVisible();
  await expect(page.locator("#past-rounds")).toBeHidden();
  await page.getByRole("button", { name: "Past rounds" }).click();
  await expect(page.locator("#past-rounds")).toBeVisible();
  await expect(page.locator("#future-rounds")).toBeHidden();
  await expect(page.getByRole("button", { name: "Past rounds" })).toHaveAttribute("aria-pressed", "true");
  // Nothing spills sideways at phone width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a round's results are grouped by division with positions", async ({ page, request }) => {
  const rounds: Round[] = await (await request.get("/api/rounds/all")).json();
  const now = Date.now() / 1000;
  const played = rounds.filter((r) => r.d < now - 86400 && r.entry_count > 0).at(-1)!;
  const entries: Entry[] = await (await request.get(`/api/entries/${played.id}`)).json();
  const divisions = [...new Set(entries.map((e) => e.division))];
  await page.goto(`/rounds/${played.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(played.n);
  for (const division of divisions) {
    const section = page.getByRole("table", { name: `${division} results` });
    await expect(section.locator("tbody tr")).toHaveCount(entries.filter((e) => e.division === division).length);
  }
  const winner = entries.find((e) => e.result?.startsWith("1/"))!;
  const total = winner.result!.split("|")[0].split("/")[1];
  const table = page.getByRole("table", { name: `${winner.division} results` });
  await expect(table.getByRole("row", { name: new RegExp(`${winner.fn} ${winner.ln}`) })).toContainText(`1 of ${total}`);
});

test("an unknown round shows the spec's error", async ({ page }) => {
  const response = await page.goto("/rounds/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Error loading round")).toBeVisible();
});

test("an unknown page is a 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("no page scrolls sideways at 360 px @narrow", async ({ page, request }) => {
  const rounds: Round[] = await (await request.get("/api/rounds/all")).json();
  const players: { id: number }[] = await (await request.get("/api/players/simpleList")).json();
  await page.setViewportSize({ width: 360, height: 740 });
  const paths = [
    "/",
    `/rounds/${rounds[0].id}`,
    "/players",
    "/players-all",
    `/players/${players[0].id}`,
    "/aces",
    "/transfers",
    "/login",
    "/register",
    "/forgot-password",
    "/admin/login",
  ];
  for (const path of paths) {
    await page.goto(path);
    // Wide tables scroll inside their own box; the page itself must not.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
