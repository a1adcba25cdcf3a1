import { expect, test } from "./fixtures";
import type { RoundJson } from "../../workers/api/serializers/rounds";
import type { SimplePlayerJson } from "../../workers/api/serializers/players";

// Every public page against the seeded demo league. Expectations come from the /api,
// which reads the same D1, so the pages are checked against the data, not against copies.

// The rounds pages are in rounds.spec.ts.

test("no page scrolls sideways at 360 px @narrow", async ({ page, request }) => {
  const rounds: RoundJson[] = await (await request.get("/api/rounds/all")).json();
  const players: SimplePlayerJson[] = await (await request.get("/api/players/simpleList")).json();
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
