import type { Page } from "@playwright/test";
import { api, letters } from "./api";
import { hydrated } from "./axe";
import { expect, test } from "./fixtures";
import type { CourseJson, LayoutJson } from "../../workers/api/serializers/courses";
import type { RoundJson } from "../../workers/api/serializers/rounds";

// Courses and layouts (ADR 25) in Chromium: an admin makes a course and its layout on a
// phone, a round plays it, and the round page shows the course, the layout, its par and
// the start time. Every test makes its own course, checked against the /api.

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const courseNamed = async (page: Page, name: string) => (await api<CourseJson[]>(page, "GET", "/api/courses")).find((c) => c.name === name);

test("an admin adds a course and a 9-hole layout on a phone @narrow", async ({ adminPage: page }) => {
  const name = `Elm ${letters()} Park`;
  await open(page, "/admin/courses");
  await page.getByLabel("Course name").fill(name);
  await page.getByLabel("Place (optional)").fill("Elmwood");
  await page.getByRole("button", { name: "Add course" }).click();
  await expect(page.getByText(`Saved ${name}.`)).toBeVisible();
  const course = page.getByRole("region", { name, exact: true });
  await expect(course).toContainText("Elmwood");
  await expectNoSidewaysScroll(page);

  await course.getByRole("link", { name: `Add layout to ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New layout");
  await hydrated(page);
  await page.getByLabel("Layout name").fill("Front nine");
  await page.getByLabel("Holes", { exact: true }).fill("9");
  const pars = page.getByRole("group", { name: /Par per hole/ });
  await expect(pars.getByRole("textbox")).toHaveCount(9);
  await pars.getByLabel("Hole 3 par").fill("4");
  await pars.getByLabel("Hole 9 par").fill("5");
  await expect(pars).toContainText("Total par 30");
  await page.getByText("Distances in feet (optional)").click();
  await page.getByLabel("Hole 1 distance in feet").fill("285");
  await page.getByText("Second cards in a shotgun start (optional)").click();
  await page.getByLabel("Hole 2 second card").fill("1");
  await expectNoSidewaysScroll(page);
  // A par the rules refuse is named by its hole, and nothing is saved.
  await pars.getByLabel("Hole 5 par").fill("1");
  await page.getByRole("button", { name: "Save layout" }).click();
  await expect(page.getByText("Hole 5: par must be a whole number from 2 to 9")).toBeVisible();
  await expect(pars.getByLabel("Hole 5 par")).toBeFocused();
  await pars.getByLabel("Hole 5 par").fill("3");
  await page.getByRole("button", { name: "Save layout" }).click();

  await expect(page.getByText(`Saved the layout Front nine of ${name}.`)).toBeVisible();
  // The course came with its 18 holes of par 3 ("Main"); the new layout is beside it.
  await expect(course.getByRole("listitem").filter({ hasText: "Front nine" })).toContainText("9 holes · par 30 · no rounds yet");
  await expect(course.getByRole("listitem").filter({ hasText: "Main" })).toContainText("18 holes · par 54");
  const stored = await courseNamed(page, name);
  expect(stored?.layouts).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: "Main", hole_count: 18, par: 54 }),
      expect.objectContaining({ name: "Front nine", hole_count: 9, par: 30 }),
    ]),
  );
  const holes = stored?.layouts.find((l) => l.name === "Front nine")?.holes ?? [];
  expect(holes.map((h) => h.par)).toEqual([3, 3, 4, 3, 3, 3, 3, 3, 5]);
  expect(holes.slice(0, 2)).toEqual([
    { hole: 1, par: 3, distance_feet: 285, second_card_order: null },
    { hole: 2, par: 3, distance_feet: null, second_card_order: 1 },
  ]);
});

// The round form on a phone: admin-rounds.spec.ts.
test("a round plays a layout: its location is the course, and its page shows course, layout, par and start time", async ({
  adminPage: page,
}) => {
  const tag = letters();
  const courseName = `Oak ${tag} Hollow`;
  const course = await api<CourseJson>(page, "POST", "/api/admin/courses", { name: courseName, place: "Millbrook" });
  const holes = Array.from({ length: 18 }, (_, i) => ({ par: i === 6 ? 5 : i % 4 === 0 ? 4 : 3 }));
  const layout = await api<LayoutJson>(page, "POST", `/api/admin/courses/${course.id}/layouts`, {
    name: "Long tees",
    holes,
  });
  expect(layout.par).toBe(61);

  const roundName = `Course night ${tag}`;
  await open(page, "/admin/rounds/new");
  await page.getByLabel("Name", { exact: true }).fill(roundName);
  await page.getByLabel("Date", { exact: true }).fill("2031-03-13");
  await page.getByLabel("Time", { exact: true }).fill("19:30");
  // By id: another test's course may have a layout of the same name and par.
  await page.getByLabel("Course and layout").selectOption(String(layout.id));
  await expect(page.getByLabel("Course and layout").locator("option:checked")).toHaveText("Long tees · 18 holes · par 61");
  await expect(page.getByLabel("Location", { exact: true })).toHaveValue(courseName);
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Round saved: ${roundName}`)).toBeVisible();

  const rounds = await api<RoundJson[]>(page, "GET", "/api/rounds/all");
  const round = rounds.find((r) => r.n === roundName);
  expect(round).toMatchObject({ loc: courseName, layout_id: layout.id });

  await page.goto(`/rounds/${round?.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(roundName);
  await expect(page.getByText("Thursday, March 13, 2031 · 7:30 PM · ")).toBeVisible();
  const stat = (label: string) => page.getByText(label, { exact: true }).locator("xpath=following-sibling::dd");
  await expect(stat("Course")).toHaveText(`${courseName}Millbrook`);
  await expect(stat("Layout")).toHaveText("Long tees18 holes · par 61");
  await expectNoSidewaysScroll(page);
});
