import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "~/.server/db/schema";
import { call, expectError, expectStatus, makeAdmin, tokenFor } from "../auth-fixtures";
import { dbSnapshot } from "../db-snapshot";
import { creditSignUpBody, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { change, makeLiveRound, post } from "../live-fixtures";
import { checkedInRound, cardsVersionOf } from "../night-fixtures";
import { createOrder, installPayPalApp, payingPlayer } from "../paypal/app-harness";

installPayPalApp();

// A write's guard asks the session's row beside the write's own reads and lets the handler
// run on the token's word (ADR 42); its effects wait at the request's gate. A session that
// ended after its token was signed (locked, logged out, no longer an admin) must leave
// nothing behind: no D1 write, no call to PayPal, no change reaching the live round.

const lock = (id: number) => testDb().update(users).set({ locked: true }).where(eq(users.id, id));
const demote = (id: number) => testDb().update(users).set({ isOperator: false }).where(eq(users.id, id));

/** The request's answer, and whether the database reads the same after it. */
async function unchanged(send: () => Promise<Response>) {
  const before = await dbSnapshot();
  const res = await send();
  return { res, same: JSON.stringify(await dbSnapshot()) === JSON.stringify(before) };
}

describe("a write for a session that has ended", () => {
  it("changes nothing in D1: sign-up, withdrawal, waitlist, claim, profile, scoring PIN", async () => {
    const w = await payingPlayer(1_000);
    const entered = await makeRound({ openForRegistration: true });
    const entry = await makeEntry({ roundId: entered.id, playerId: w.player.id });
    const other = await makePlayer();
    await lock(w.user.id);
    const writes: [string, string, unknown?][] = [
      ["POST", "/api/entries", creditSignUpBody(w.player.id, w.round.id)],
      ["DELETE", `/api/entries/${entry.id}`],
      ["POST", `/api/rounds/${w.round.id}/waitlist`, { division: "MA2" }],
      ["POST", "/api/claims", { player_id: other.id, note: "me" }],
      ["PUT", "/api/users/profile", { name: "Never Saved" }],
      ["PUT", "/api/users/me/scoring-pin", { pin: "0429", currentPassword: w.user.password }],
      ["POST", "/api/users/me/calendar-token"],
    ];
    for (const [method, path, body] of writes) {
      const { res, same } = await unchanged(() => call(method, path, { token: w.token, body }));
      await expectError(res, 401);
      expect(same, `${method} ${path} changed the database`).toBe(true);
    }
  });

  it("twenty at once are twenty refusals and no write", async () => {
    const w = await payingPlayer(1_000);
    await lock(w.user.id);
    const { res, same } = await unchanged(async () => {
      const all = await Promise.all(
        Array.from({ length: 20 }, () => call("POST", "/api/entries", { token: w.token, body: creditSignUpBody(w.player.id, w.round.id) })),
      );
      expect(all.map((r) => r.status)).toEqual(Array(20).fill(401));
      return all[0] as Response;
    });
    await expectError(res, 401);
    expect(same).toBe(true);
  });

  it("never asks PayPal for an order", async () => {
    const w = await payingPlayer(0);
    await lock(w.user.id);
    const realFetch = globalThis.fetch;
    const sent: string[] = [];
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init).url);
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      const { res, same } = await unchanged(() => createOrder(w));
      await expectError(res, 401);
      expect(same).toBe(true);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent, "PayPal was called").toEqual([]);
    // The same request on a live session does reach PayPal: the check above can fail.
    const live = await payingPlayer(0);
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init).url);
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      await expectStatus(await createOrder(live), 201);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(sent.length).toBeGreaterThan(0);
  });

  it("an admin token of a user who is no longer the operator (nor holds a role) makes no cards and finalizes nothing", async () => {
    const night = await checkedInRound(4);
    const token = await tokenFor(night.admin);
    await demote(night.admin.id);
    const version = await cardsVersionOf(night.round.id);
    const made = await unchanged(() => call("POST", `/api/admin/rounds/${night.round.id}/cards`, { token, body: { version } }));
    await expectError(made.res, 403, "Not an admin");
    expect(made.same).toBe(true);

    const live = await makeLiveRound([2]);
    await demote(live.admin.id);
    const finalized = await unchanged(() =>
      call("POST", `/api/admin/live/${live.round.id}/finalize`, { token: live.adminToken, body: { confirmUnsigned: true } }),
    );
    await expectError(finalized.res, 403, "Not an admin");
    expect(finalized.same).toBe(true);
  });

  it("sends no score to the live round", async () => {
    const live = await makeLiveRound([2]);
    const [a] = live.cards[0]!.players;
    const score = change.strokes(a!.entry.id, 1, 3);
    await lock(a!.user.id);
    const refused = await post(live.round.id, a!.token, [score]);
    expect(refused.status).toBe(401);
    // The same change from the admin is new to the round: the refused one never reached it.
    const applied = await post(live.round.id, live.adminToken, [score]);
    expect(applied.status).toBe(200);
    expect(applied.body.results.map((r) => r.status)).toEqual(["applied"]);
  });
});

describe("a write for a live session", () => {
  it("still writes: the same admin, still an admin, makes the cards", async () => {
    const night = await checkedInRound(4);
    const admin = await makeAdmin();
    const version = await cardsVersionOf(night.round.id);
    const res = await call("POST", `/api/admin/rounds/${night.round.id}/cards`, { token: await tokenFor(admin), body: { version } });
    expect((await expectStatus(res, 200)).cards.length).toBeGreaterThan(0);
  });
});
