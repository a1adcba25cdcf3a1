import { expect, test } from "@playwright/test";

// the HTML budget: the document of `/` and `/players-all`, uncompressed as served,
// at most 62 KB on the freshly seeded demo league. This file is its own Playwright project
// that the others depend on (playwright.config.ts), so it runs first, before any spec has
// added rounds or players: the server the suite starts anyway is the cheapest honest one
// (the same build, seed and server as scripts/e2e-server.mjs; no second build).
// The JS and CSS budgets are read from the build: scripts/check-budgets.mjs.
const HTML_BUDGET = 62 * 1024;

for (const path of ["/", "/players-all"]) {
  test(`the HTML of ${path} is within ${HTML_BUDGET / 1024} KB`, async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "Accept-Encoding": "identity" } });
    const response = await anonymous.get(path);
    expect(response.status()).toBe(200);
    const bytes = (await response.body()).length;
    console.log(`${path}: ${(bytes / 1024).toFixed(1)} KB of HTML (budget ${HTML_BUDGET / 1024} KB)`);
    expect(bytes, `${path} is ${bytes} bytes of HTML`).toBeLessThanOrEqual(HTML_BUDGET);
    // The JS budget counts no manifest file: React Router inlines the page's part of it
    // (lazy route discovery) and neither preloads nor imports the file. Were that to
    // change, the checker would undercount.
    const html = await response.text();
    expect(html).not.toMatch(/rel="modulepreload" href="\/assets\/manifest-|import "\/assets\/manifest-/);
    expect(html).toContain("window.__reactRouterManifest = {");
    await anonymous.dispose();
  });
}
