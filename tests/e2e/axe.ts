import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page, TestInfo } from "@playwright/test";
import type { AxeResults, Result, RunOptions } from "axe-core";
import { expect } from "./fixtures";

// The accessibility bar: no serious or critical axe violation (WCAG 2.2 A/AA and axe's best
// practices) on any page, for any role. Lesser impacts are attached to the report only.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const BLOCKING = new Set(["serious", "critical"]);
const MAX_TARGETS = 8;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
// Only violations are needed in full; the other result types are cut to one node each.
const RUN_OPTIONS: RunOptions = { runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"] };

/** One line per violation, then the offending elements' selectors. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const targets = v.nodes.slice(0, MAX_TARGETS).map((n) => `      ${n.target.map(String).join(" >> ")}`);
      if (v.nodes.length > MAX_TARGETS) targets.push(`      … and ${v.nodes.length - MAX_TARGETS} more`);
      // The first element's finding says what is wrong with it (a contrast ratio, a colour).
      const first = v.nodes[0];
      const detail = [...first.any, ...first.all, ...first.none][0]?.message;
      const head = `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl.replace(/\?.*$/, "")})`;
      return [head, ...(detail ? [`    e.g. ${detail}`] : []), ...targets].join("\n");
    })
    .join("\n");
}

/**
 * Waits until React has hydrated the page: its state (an open menu, a toggled list) and
 * client-only attributes are what a visitor gets, not just the server's HTML. React tags
 * each DOM node it has hydrated with a `__reactFiber$…` property.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((k) => k.startsWith("__reactFiber$"));
  });
}

/**
 * Waits until one element is hydrated: a part of a page that loads its code when it
 * renders (app/components/ui/lazy-part.tsx: admin and signed-in controls) hydrates a round
 * trip after the page does, and a click before that reaches only the server's HTML.
 */
export async function partHydrated(locator: Locator): Promise<void> {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$")))).toBe(true);
}

/**
 * Runs axe on the page as it is now. Fails the test (softly, so every page of a test gets
 * checked) on serious or critical violations, naming rule, impact, help and targets.
 */
export async function checkA11y(page: Page, label: string, info: TestInfo): Promise<void> {
  const { violations } = await runAxe(page);
  if (violations.length) {
    await info.attach(`axe ${label}`, { body: JSON.stringify(violations, null, 2), contentType: "application/json" });
  }
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  const where = `${label} (${info.project.name}, at ${new URL(page.url()).pathname}${new URL(page.url()).search})`;
  expect.soft(blocking.length, `axe: serious/critical violations on ${where}:\n${describeViolations(blocking)}\n`).toBe(0);
}

/**
 * axe-core run in the page itself: its source evaluated once per document (a second check
 * of the same page, a dialog opened, reuses it), then `axe.run` on the whole document. The
 * app's pages have no frames; a page that had one would need axe in each frame first, so
 * it fails here rather than waiting on a frame that never answers.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  expect(page.frames(), "a page with frames needs axe injected into each").toHaveLength(1);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate((options) => (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, options), RUN_OPTIONS);
}
