import { hydrated } from "./axe";
import { expect, test } from "./fixtures";
import type { SimplePlayerJson } from "../../workers/api/serializers/players";
import type { RoundJson } from "../../workers/api/serializers/rounds";

// The frame every page shares: the navbar (one row on phones, a menu that takes focus and
// closes on Escape, 44 px targets, a visible focus ring on the dark header), the 404 and
// error pages inside it, and each page's title and description.

const LEAGUE = "Thursday Night Disc Golf League";

test("an unknown page is a 404 inside the normal layout", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page).toHaveTitle(`Page not found · ${LEAGUE}`);
  await page.getByRole("link", { name: "Back to the rounds" }).click();
  await expect(page).toHaveURL(/\/rounds$/);
});

test("a record that does not exist keeps the navbar around its error", async ({ page }) => {
  const response = await page.goto("/players/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Error loading player")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("the phone header is one row: the wordmark and a menu button @narrow", async ({ page }) => {
  await page.goto("/");
  const home = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: LEAGUE });
  const menu = page.getByRole("button", { name: "Menu" });
  const [a, b] = [await home.boundingBox(), await menu.boundingBox()];
  expect(a && b).toBeTruthy();
  // Same row: their vertical centres are within a few pixels.
  expect(Math.abs(a!.y + a!.height / 2 - (b!.y + b!.height / 2))).toBeLessThan(4);
  expect(b!.x + b!.width).toBeLessThanOrEqual(375);
});

test("the menu takes focus when it opens and Escape closes it @narrow", async ({ page }) => {
  await page.goto("/");
  await hydrated(page); // a click before React has attached its handler opens nothing
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const links = page.locator("#main-menu");
  await expect(links).toBeVisible();
  await expect(links.getByRole("link", { name: "Rounds" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(links).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  // Opened again and a link followed: the menu closes on the new page.
  await menu.click();
  await links.getByRole("link", { name: "Aces" }).click();
  await expect(page).toHaveURL(/\/aces$/);
  await expect(links).toBeHidden();
});

// At 1280 px and, with the menu open, at 375 px.
test("every target in the header is at least 44 px tall @narrow-too", async ({ page, isMobile }) => {
  await page.goto("/");
  await hydrated(page);
  if (isMobile) await page.getByRole("button", { name: "Menu" }).click();
  const targets = page.locator("header").locator("a:visible, button:visible");
  const count = await targets.count();
  expect(count).toBeGreaterThan(4);
  for (let i = 0; i < count; i++) {
    const box = await targets.nth(i).boundingBox();
    expect(box?.height, await targets.nth(i).innerText()).toBeGreaterThanOrEqual(44);
  }
});

/** WCAG contrast ratio of two "rgb(r, g, b)" colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, b2] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test("the keyboard focus ring stands out on the dark header @wide", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab"); // the skip link
  await page.keyboard.press("Tab"); // the wordmark
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return {
      inHeader: !!el.closest("header"),
      width: Number.parseFloat(style.outlineWidth),
      color: style.outlineColor,
      header: getComputedStyle(document.querySelector("header")!).backgroundColor,
    };
  });
  expect(ring.inHeader).toBe(true);
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, ring.header)).toBeGreaterThanOrEqual(3);
});

test("the skip link jumps past the navbar to the page", async ({ page }) => {
  await page.goto("/players-all");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test("every public page has 'Page · League' for a title and a description", async ({ page, request }) => {
  const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
  const players: SimplePlayerJson[] = await (await request.get("/api/players/simpleList")).json();
  const pages = [
    "/",
    "/rounds",
    `/rounds/${rounds[0].id}`,
    "/players",
    "/players-all",
    `/players/${players[0].id}`,
    "/aces",
    "/transfers",
    "/login",
    "/register",
    "/forgot-password",
  ];
  const seen = new Map<string, string>();
  for (const path of pages) {
    await page.goto(path);
    const title = await page.title();
    expect(title, path).toMatch(new RegExp(`^\\S.* · ${LEAGUE}$`));
    const description = await page.locator('head meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0, `${path} description`).toBeGreaterThanOrEqual(40);
    expect(description!.length, `${path} description`).toBeLessThanOrEqual(170);
    await expect(page.locator('head meta[name="description"]'), path).toHaveCount(1);
    // Each page says what it is ("/" is "/rounds" by another name).
    if (path !== "/") {
      expect(seen.get(description!), `${path} has the description of ${seen.get(description!)}`).toBeUndefined();
      seen.set(description!, path);
    }
  }
});
