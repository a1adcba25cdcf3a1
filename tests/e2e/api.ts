import type { Browser, Page } from "@playwright/test";
import { expect, newContext } from "./fixtures";

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

/**
 * A new player holding `creditDollars` of credit, claimed (and approved) by a new user
 * logged in on the returned page, and an open round `daysFromNow` away: a player who can
 * sign up. The caller closes `context`.
 */
export async function claimedPlayer(admin: Page, browser: Browser, opts: { creditDollars: number; daysFromNow?: number }) {
  const tag = letters();
  await admin.goto("/");
  const roundName = `Pay ${tag}`;
  const roundId = await makeRound(admin, roundName, opts.daysFromNow ?? 6);
  await api(admin, "POST", "/api/admin/round/openForRegistration", { id: roundId, openForRegistration: true });
  const { id: playerId } = await api<{ id: number }>(admin, "POST", "/api/admin/player/", {
    values: { fn: "Pat", ln: `Pay${tag}`, division: "MA2" },
  });
  if (opts.creditDollars > 0) {
    await api(admin, "POST", "/api/transfers/add", {
      values: {
        d: Math.floor(Date.now() / 1000),
        fromPlayer: null,
        toPlayer: playerId,
        amt: opts.creditDollars,
        description: "e2e credit",
      },
    });
  }
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto("/login");
  await api(page, "POST", "/api/users/register", { email: `pay-${tag}@example.com`, name: `Pat ${tag}`, password: "Fairway-Drive-42" });
  const { claim } = await api<{ claim: { id: number } }>(page, "POST", "/api/claims", { player_id: playerId, note: "" });
  await api(admin, "PUT", `/api/claims/${claim.id}/approve`, {});
  return { tag, roundId, roundName, playerId, playerName: `Pat Pay${tag}`, context, page };
}
