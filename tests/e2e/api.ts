import type { Browser, Page } from "@playwright/test";
import { hydrated } from "./axe";
import { appOrigin, expect, newContext, test } from "./fixtures";
import type { ClaimAnswerJson } from "../../workers/api/serializers/claims";
import type { NewEntryJson } from "../../workers/api/serializers/entries";
import type { CardBoardJson } from "../../workers/api/serializers/night";
import type { RoundJson } from "../../workers/api/serializers/rounds";
import type { SavedJson } from "../../workers/api/serializers/saved";

// JSON calls made as the page's browser would make them, without loading a page of the app:
// through the request client of the page's context, with its cookies (the session) and
// headers and the app's Origin; and the test data they make.

/** Six random letters: names the search finds exactly and no other test shares. */
export const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

/** A call as the page's browser sends it, with a `body` of `contentType`: the answer, whatever its status. */
export function send(page: Page, method: string, path: string, body?: string, contentType = "application/json") {
  return page.context().request.fetch(path, {
    method,
    headers: { Origin: appOrigin(test.info().project.use.baseURL), "Content-Type": contentType },
    data: body,
  });
}

/** A JSON call that must succeed (a status under 300): its JSON answer. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(page, method, path, body === undefined ? undefined : JSON.stringify(body));
  const json = await res.json();
  expect(res.status(), `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json as T;
}

/**
 * A round made by the admin's API: $0.50 PDGA + $4.50 payout, `daysFromNow` away, with a $1
 * ace fee if it has yet to start (or `aceDollars`). A started round's ace fees are in the pot
 * at once, which other tests read while this one runs: started rounds of tests take none.
 */
export async function makeRound(
  admin: Page,
  name: string,
  daysFromNow: number,
  opts: { aceDollars?: number; more?: Record<string, unknown> } = {},
): Promise<number> {
  const body = {
    d: Math.floor(Date.now() / 1000) + daysFromNow * 86_400,
    n: name,
    loc: "Riverside Park DGC",
    fee_pdga: 0.5,
    fee_course: 0,
    fee_other: 0,
    ace: opts.aceDollars ?? (daysFromNow > 0 ? 1 : 0),
    payout: 4.5,
    ...opts.more,
  };
  return (await api<SavedJson>(admin, "POST", "/api/admin/round/", body)).id;
}

/** A new player of the admin's, in `division`: their id. */
export async function makePlayer(admin: Page, fn: string, ln: string, division = "MA3"): Promise<number> {
  return (await api<SavedJson>(admin, "POST", "/api/admin/player/", { values: { fn, ln, division } })).id;
}

export type Scored = { fn: string; ln: string; division: string; score: number; id: number };

/**
 * A round `daysFromNow` away (a past one by default) whose new players, one per score, are
 * entered in their divisions and scored: a played round of the test's own. The players' last
 * names end in `tag`, so a search or the page finds them.
 */
export async function playedRound(
  admin: Page,
  players: { fn: string; division: string; score: number }[],
  opts: { daysFromNow?: number; tag?: string } = {},
): Promise<{ roundId: number; name: string; tag: string; players: Scored[] }> {
  const tag = opts.tag ?? letters();
  const name = `Played ${tag}`;
  const roundId = await makeRound(admin, name, opts.daysFromNow ?? -2);
  const made: Scored[] = [];
  const entries: { id: number; version: number }[] = [];
  for (const [i, p] of players.entries()) {
    const ln = `Pl${String.fromCharCode(97 + i)}${tag}`;
    const id = await makePlayer(admin, p.fn, ln, p.division);
    const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
      values: { round_id: roundId, player: id, division: p.division },
    });
    entries.push(newEntry);
    made.push({ ...p, ln, id });
  }
  const data = entries.map((e, i) => ({ id: e.id, version: e.version, value: { score: players[i]!.score } }));
  if (data.some((d) => d.value.score > 0)) await api(admin, "POST", "/api/admin/entry/bulk", { data });
  return { roundId, name, tag, players: made };
}

/**
 * A new player holding `creditDollars` of credit, claimed (and approved) by a new user
 * logged in on the returned page, and an open round `daysFromNow` away: a player who can
 * sign up. The caller closes `context`.
 */
export async function claimedPlayer(admin: Page, browser: Browser, opts: { creditDollars: number; daysFromNow?: number }) {
  const tag = letters();
  const roundName = `Pay ${tag}`;
  const roundId = await makeRound(admin, roundName, opts.daysFromNow ?? 6);
  await api(admin, "POST", "/api/admin/round/openForRegistration", { id: roundId, openForRegistration: true });
  const { id: playerId } = await api<SavedJson>(admin, "POST", "/api/admin/player/", {
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
  await api(page, "POST", "/api/users/register", { email: `pay-${tag}@example.com`, name: `Pat ${tag}`, password: "Fairway-Drive-42" });
  const { claim } = await api<ClaimAnswerJson>(page, "POST", "/api/claims", { player_id: playerId, note: "" });
  await api(admin, "PUT", `/api/claims/${claim.id}/approve`, {});
  return { tag, roundId, roundName, playerId, playerName: `Pat Pay${tag}`, context, page };
}

/**
 * A round of today takes the aces other tests add today (ADR 21): a test that plays one
 * moves it weeks ahead when done.
 */
export async function moveAway(admin: Page, roundId: number) {
  const round = await api<RoundJson>(admin, "GET", `/api/rounds/round/${roundId}`);
  const { entry_count: _, openForRegistration: __, ...values } = round;
  await api(admin, "POST", "/api/admin/round/", { ...values, d: Math.floor(Date.now() / 1000) + 40 * 86_400 });
}

/** The admin's reports: every check of the books (ledger, ace pot, side pots) says Balanced, and nothing is out. */
export async function expectBooksBalance(admin: Page) {
  await admin.goto("/admin/reports");
  const reconciliation = admin.getByRole("region", { name: "Reconciliation" });
  await expect(reconciliation.getByRole("status").filter({ hasText: "Balanced" })).toHaveCount(3);
  await expect(reconciliation.getByRole("alert")).toHaveCount(0);
}

/** "Credit payouts" on the round's entries screen, confirmed: the payouts (and side pots) go into credit. */
export async function creditPayoutsInPage(admin: Page, roundId: number) {
  await admin.goto(`/admin/round/play/${roundId}`);
  await hydrated(admin);
  await admin.getByRole("button", { name: "Credit payouts" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Credit payouts" }).click();
  await expect(admin.getByText(/Credited payouts to \d players?\./)).toBeVisible();
}

/** Cards made (at random, tee times) from who is checked in, and published, through the /api. */
export async function publishCards(admin: Page, roundId: number) {
  const made = await api<CardBoardJson>(admin, "POST", `/api/admin/rounds/${roundId}/cards`, {
    version: 0,
    mode: "random",
    start: "tee_times",
  });
  await api(admin, "POST", `/api/admin/rounds/${roundId}/cards/publish`, { version: made.version });
}
