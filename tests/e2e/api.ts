import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// JSON calls made from inside a page: the page's own session cookie and the app's Origin,
// as the browser sends them; and the test data they make.

/** Six random letters: names the search finds exactly and no other test shares. */
export const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const [status, json] = await page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, { method: m, headers: { "Content-Type": "application/json" }, body: b ?? undefined });
      return [res.status, await res.json()] as const;
    },
    [method, path, body === undefined ? null : JSON.stringify(body)] as const,
  );
  expect(status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json as T;
}

/** A round made by the admin's API: $0.50 PDGA + $4.50 payout, $1 ace fee, `daysFromNow` away. */
export async function makeRound(admin: Page, name: string, daysFromNow: number): Promise<number> {
  const body = {
    d: Math.floor(Date.now() / 1000) + daysFromNow * 86_400,
    n: name,
    loc: "Riverside Park DGC",
    fee_pdga: 0.5,
    fee_course: 0,
    fee_other: 0,
    ace: 1,
    payout: 4.5,
  };
  return (await api<{ id: number }>(admin, "POST", "/api/admin/round/", body)).id;
}
