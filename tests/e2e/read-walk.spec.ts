import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { type Role, discoverIds, walkUrls } from "../../scripts/read-walk/list.ts";
import { api, claimedPlayer } from "./api";
import { booksSoundAtTheEnd } from "./books";
import { expect, newContext, test } from "./fixtures";
import { lapseOffers, offenders, tableChecksums, walk, walkRounds } from "./read-walk";
import type { CalendarFeedJson } from "../../workers/api/serializers/users";

booksSoundAtTheEnd();

// The read walk (docs/testing.md): every page's data URL and every /api GET
// (scripts/read-walk/list.ts) as a visitor, the demo player and the admin, over the seed and
// rounds of this spec's own in every state. Every request reads the database in as few
// round trips as it can: a page in at most two, an /api GET in one, and no read ever
// writes. It runs in a project of its own, after the budgets and before every other spec
// (playwright.config.ts): the no-write check counts every row of the database, which
// another test writing beside it would change.

let urls: string[] = [];
let lapsing = 0;
let clients: Record<Role, APIRequestContext>;
const contexts: BrowserContext[] = [];

test.beforeAll(async ({ browser, demoSession }, info) => {
  info.setTimeout(120_000);
  const baseURL = info.project.use.baseURL;
  const open = async (storageState?: Awaited<ReturnType<typeof demoSession>>) => {
    const context = await newContext(browser, { baseURL, storageState });
    contexts.push(context);
    return context;
  };
  const [visitor, player, admin] = [await open(), await open(await demoSession("player")), await open(await demoSession("admin"))];
  const adminPage = await admin.newPage();
  const waiter = await claimedPlayer(adminPage, browser, { creditDollars: 0 });
  contexts.push(waiter.context);
  const made = await walkRounds(adminPage, waiter);
  lapsing = made.lapsing;
  // The personal calendar feed of the waiter (not the demo player's: other specs read that).
  const { feed_url } = await api<CalendarFeedJson>(waiter.page, "POST", "/api/users/me/calendar-token", {});
  clients = { visitor: visitor.request, player: player.request, admin: admin.request };
  const get = async (path: string, role: Role) => (await clients[role].get(path)).json();
  urls = walkUrls(await discoverIds(get, new URL(feed_url).pathname, Object.values(made)));
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

// One walk for both gates: each request's round trips and 5xx, and the tables unchanged.
test("every page reads in at most two round trips and every /api GET in one, none answers a 5xx, and walking them writes nothing", async () => {
  test.setTimeout(120_000);
  // The cron ticker (scripts/cron-ticker.mjs) skips its ticks while this file is there.
  const state = process.env.LEAGUE_PERSIST ?? ".e2e-state";
  mkdirSync(state, { recursive: true });
  const paused = join(state, "cron-paused");
  writeFileSync(paused, "the read walk's no-write check\n");
  try {
    // A waitlist offer past its time, which the round page's read settles today (ADR 28).
    expect(lapseOffers(lapsing), "the waiter's offer on the lapsing round").toBe(1);
    // Quiet first: the jobs the set-up's writes queued (ratings, mails) may still be writing.
    // They start within a second or two (max_batch_timeout); the set-up writes its scores
    // last so that no ratings job races a later write and retries 10 s on.
    let before = tableChecksums();
    let quietSince = Date.now();
    await expect
      .poll(
        async () => {
          await new Promise((r) => setTimeout(r, 1_000));
          const again = tableChecksums();
          if (JSON.stringify(again) !== JSON.stringify(before)) quietSince = Date.now();
          before = again;
          return Date.now() - quietSince >= 5_000;
        },
        { message: "the database stays quiet for 5 s after the set-up", timeout: 60_000, intervals: [0] },
      )
      .toBe(true);
    const walked = await walk(clients, urls, `walk-${Date.now()}`);
    expect(walked.length).toBe(urls.length * 3);
    expect.soft(offenders(walked), "each (role, URL) that answered a 5xx or read in more round trips than its budget").toEqual([]);
    // A write a read left to finish after its answer (waitUntil) is still its write.
    await new Promise((r) => setTimeout(r, 1_000));
    const after = tableChecksums();
    const changed = Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
    expect(changed, "the tables a read changed").toEqual([]);
  } finally {
    rmSync(paused, { force: true });
  }
});
