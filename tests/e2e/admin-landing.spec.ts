import type { Page } from "@playwright/test";
import { api, letters, makeRound } from "./api";
import { hydrated } from "./axe";
import { DEMO, expect, test } from "./fixtures";

// The admin lands on tonight (ADR 39), on a phone at the course (375 px): logged in, the
// night screen of the one round dated today, or the rounds page's Today list when several
// are. The rounds are the test's own and start now (today, whatever the hour), and are
// deleted after (they have no entries). The server is shared: another spec may have a round
// today too, so the first test reads the Today list the server shows before it logs in.

async function logIn(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(DEMO.admin.email);
  await page.getByLabel("Password").fill(DEMO.admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The names in the rounds page's Today list, as the server shows it now. */
async function todayNames(admin: Page): Promise<string[]> {
  await admin.goto("/admin/rounds");
  const today = admin.getByRole("region", { name: "Today" });
  if ((await today.count()) === 0) return [];
  const labels = await today.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("aria-label") ?? ""));
  return labels.map((l) => l.replace(/^Night screen of /, ""));
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("the admin's landing on a day with a round @narrow", async ({ page, adminPage: admin }) => {
  const name = `Tonight ${letters()}`;
  const id = await makeRound(admin, name, 0, { aceDollars: 0 });
  try {
    const listed = await todayNames(admin);
    expect(listed).toContain(name);
    await logIn(page);
    if (listed.length === 1) {
      // Ours is the one round today: straight to its night screen.
      await expect(page).toHaveURL(new RegExp(`/admin/round/night/${id}$`));
    } else {
      // Another spec's round is today too: the list, on screen, and ours a tap away.
      await expect(page).toHaveURL(/\/admin\/rounds#today$/);
      const today = page.getByRole("region", { name: "Today" });
      await expect(today).toBeInViewport();
      await today.getByRole("link", { name: `Night screen of ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/round/night/${id}$`));
    }
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await hydrated(page);
    expect(await sideways(page)).toBe(0);
  } finally {
    await api(admin, "POST", "/api/admin/round/delete", { id });
  }
});

test("with two rounds today the admin lands on the Today list, each a tap from its night screen @narrow", async ({
  page,
  adminPage: admin,
}) => {
  const tag = letters();
  const first = await makeRound(admin, `Early ${tag}`, 0, { aceDollars: 0 });
  const second = await makeRound(admin, `Late ${tag}`, 0, { aceDollars: 0 });
  try {
    await logIn(page);
    await expect(page).toHaveURL(/\/admin\/rounds#today$/);
    const today = page.getByRole("region", { name: "Today" });
    await expect(today).toBeInViewport();
    await expect(today.getByRole("heading", { level: 2, name: "Today" })).toBeVisible();
    // Ours in the list, each with a button of thumb size and no sideways scroll.
    const link = today.getByRole("link", { name: `Night screen of Late ${tag}` });
    await expect(today.getByRole("link", { name: `Night screen of Early ${tag}` })).toBeVisible();
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await sideways(page)).toBe(0);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/round/night/${second}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Late ${tag}` })).toBeVisible();
  } finally {
    for (const id of [first, second]) await api(admin, "POST", "/api/admin/round/delete", { id });
  }
});
