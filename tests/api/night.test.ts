import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { balanceOf, makePlayer, makeRound, makeTransfer, uniq } from "../fixtures";
import { expectPublicCache, get } from "../api/http";
import { PRICE, paidEntry } from "../money-fixtures";
import { DAY } from "../fixtures";
import { checkedInRound, entryRow } from "../night-fixtures";
import { CARDS_CHANGED } from "~/.server/services/cards/card-sql";
import { CHECK_IN_MESSAGES } from "~/.server/services/night/check-in";
import { NIGHT_MESSAGES } from "~/.server/services/night/night-target";
import { WALK_UP_PAYS } from "~/schemas/money-actions";

// The league night's /api (ADR 25): a player's check-in, the admin's check-in, walk-up and
// card writes, and the public published cards; each with its happy, error and auth answers.

const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));
const checkInPath = (roundId: number) => `/api/rounds/${roundId}/check-in`;

describe("POST and DELETE /api/rounds/{id}/check-in", () => {
  it("checks the signed-in player's own entry in and out inside the window", async () => {
    const w = await paidEntry({ startsIn: 3600, cashCents: PRICE });
    const body = await expectStatus(await call("POST", checkInPath(w.round.id), { token: w.token, body: {} }), 200);
    expect(body).toMatchObject({
      success: true,
      entry_id: w.entry.id,
      checked_in: true,
      changed: true,
      credit_used: 0,
      round_name: w.round.name,
    });
    expect((await entryRow(w.entry.id))?.checkedInBy).toBe(w.user.id);
    const again = await expectStatus(await call("POST", checkInPath(w.round.id), { token: w.token, body: { use_credit: true } }), 200);
    expect(again).toMatchObject({ checked_in: true, changed: false });
    const out = await expectStatus(await call("DELETE", checkInPath(w.round.id), { token: w.token }), 200);
    expect(out).toMatchObject({ checked_in: false, changed: true });
  });

  it("pays from credit with use_credit, and refuses an unpaid entry with what it owes", async () => {
    const w = await paidEntry({ startsIn: 3600 });
    await expectError(
      await call("POST", checkInPath(w.round.id), { token: w.token, body: { use_credit: true } }),
      409,
      CHECK_IN_MESSAGES.owes(PRICE, w.round.name),
    );
    expect((await entryRow(w.entry.id))?.checkedInAt).toBeNull();
  });

  it("409 outside the window, 403 for another user's entry, 404 with no entry, 401 without a session, 400 for a bad body", async () => {
    const [early, theirs] = await Promise.all([
      paidEntry({ startsIn: DAY, cashCents: PRICE }),
      paidEntry({ startsIn: 3600, cashCents: PRICE }),
    ]);
    const closed = await expectError(await call("POST", checkInPath(early.round.id), { token: early.token, body: {} }), 409);
    expect(closed.error).toMatch(/^Check-in for .* opens at/);
    await expectError(
      await call("POST", checkInPath(theirs.round.id), { token: early.token, body: { entry_id: theirs.entry.id } }),
      403,
      NIGHT_MESSAGES.notYours,
    );
    await expectError(
      await call("POST", checkInPath(theirs.round.id), { token: early.token, body: {} }),
      404,
      NIGHT_MESSAGES.notEntered(theirs.round.name),
    );
    await expectError(await call("POST", checkInPath(theirs.round.id), { body: {} }), 401);
    await expectError(
      await call("POST", checkInPath(theirs.round.id), { token: theirs.token, body: { use_credit: "yes" } }),
      400,
      "use_credit must be true or false",
    );
    await expectError(await call("DELETE", checkInPath(theirs.round.id)), 401);
    expect((await entryRow(theirs.entry.id))?.checkedInAt).toBeNull();
  });
});

describe("the admin's check-in", () => {
  it("checks any entry in and out; 404 for an entry of another round; 403 for a player, 401 for nobody", async () => {
    const [w, other] = await Promise.all([paidEntry({ startsIn: 3 * DAY }), paidEntry()]);
    const token = await adminToken();
    const path = `/api/admin/rounds/${w.round.id}/check-in`;
    expect(await expectStatus(await call("POST", path, { token, body: { entry_id: w.entry.id } }), 200)).toMatchObject({
      checked_in: true,
    });
    expect(await expectStatus(await call("DELETE", `${path}/${w.entry.id}`, { token }), 200)).toMatchObject({ checked_in: false });
    await expectError(await call("POST", path, { token, body: { entry_id: other.entry.id } }), 404);
    await expectError(await call("POST", path, { token: w.token, body: { entry_id: w.entry.id } }), 403);
    await expectError(await call("DELETE", `${path}/${w.entry.id}`), 401);
  });
});

describe("POST /api/admin/rounds/{id}/walk-up", () => {
  it("enters, takes cash from and checks in a new player; the same request_key answers the same", async () => {
    const round = await makeRound({ startsAt: Math.floor(Date.now() / 1000) + 3600 });
    const token = await adminToken();
    const body = {
      new_player: { fn: "Wes", ln: `Walk${uniq()}`, pdga: null },
      division: "MA3",
      ace: true,
      amount: "6.00",
      note: "",
      request_key: `k-${crypto.randomUUID()}`,
    };
    const first = await expectStatus(await call("POST", `/api/admin/rounds/${round.id}/walk-up`, { token, body }), 201);
    expect(first).toMatchObject({ success: true, player_name: `Wes ${body.new_player.ln}`, amount: 6, checked_in_at: expect.any(Number) });
    expect(await expectStatus(await call("POST", `/api/admin/rounds/${round.id}/walk-up`, { token, body }), 201)).toEqual(first);
  });

  it("takes `credit` dollars from the player's balance, alone or beside cash; a cash-only body answers as before", async () => {
    const round = await makeRound({ startsAt: Math.floor(Date.now() / 1000) + 3600 });
    const token = await adminToken();
    const path = `/api/admin/rounds/${round.id}/walk-up`;
    const [rich, half, cashOnly] = await Promise.all([makePlayer(), makePlayer(), makePlayer()]);
    await makeTransfer({ fromPlayerId: null, toPlayerId: rich.id, amountCents: 6000 });
    await makeTransfer({ fromPlayerId: null, toPlayerId: half.id, amountCents: 300 });
    const body = (playerId: number, money: Record<string, unknown>) => ({
      player_id: playerId,
      division: "MA2",
      request_key: `k-${crypto.randomUUID()}`,
      ...money,
    });
    const fromCredit = await expectStatus(await call("POST", path, { token, body: body(rich.id, { credit: 6 }) }), 201);
    expect(fromCredit).toMatchObject({ success: true, credit: 6, amount: 0, payment_id: expect.any(Number) });
    expect(await balanceOf(rich.id)).toBe(5400);
    const split = await expectStatus(await call("POST", path, { token, body: body(half.id, { credit: "3.00", amount: "3.00" }) }), 201);
    expect(split).toMatchObject({ credit: 3, amount: 3 });
    expect(await balanceOf(half.id)).toBe(0);
    const cash = await expectStatus(await call("POST", path, { token, body: body(cashOnly.id, { amount: 6 }) }), 201);
    expect(cash).toMatchObject({ credit: 0, amount: 6, payment_id: expect.any(Number) });
    await expectError(await call("POST", path, { token, body: body((await makePlayer()).id, {}) }), 400, WALK_UP_PAYS);
    const broke = await makePlayer();
    await expectError(
      await call("POST", path, { token, body: body(broke.id, { credit: 6 }) }),
      409,
      `Credit cannot go below zero: ${broke.firstName} ${broke.lastName} has $0.00 of credit and this would take $6.00.`,
    );
  });

  it("400 for a body without a player or key, 404 for an unknown player, 401/403 for others", async () => {
    const round = await makeRound();
    const token = await adminToken();
    const path = `/api/admin/rounds/${round.id}/walk-up`;
    const base = { division: "MA1", amount: 6, request_key: `k-${crypto.randomUUID()}` };
    await expectError(await call("POST", path, { token, body: base }), 400, "Send player_id or new_player");
    await expectError(await call("POST", path, { token, body: { ...base, player_id: 5, request_key: "x" } }), 400);
    await expectError(await call("POST", path, { token, body: { ...base, player_id: 2_147_483_647 } }), 404);
    await expectError(await call("POST", path, { body: { ...base, player_id: (await makePlayer()).id } }), 401);
    await expectError(await call("POST", path, { token: await tokenFor(await makeUser()), body: base }), 403);
  });
});

describe("POST /api/admin/entry/cash with a request_key", () => {
  it("records once and answers the retry the same", async () => {
    const w = await paidEntry();
    const token = await adminToken();
    const body = { id: w.entry.id, amount: 6, request_key: `k-${crypto.randomUUID()}` };
    const first = await expectStatus(await call("POST", "/api/admin/entry/cash", { token, body }), 201);
    expect(await expectStatus(await call("POST", "/api/admin/entry/cash", { token, body }), 201)).toEqual(first);
  });
});

describe("the admin's card writes and the public cards", () => {
  it("makes, saves, takes a late arrival and publishes; the public read shows the cards only once published", async () => {
    const night = await checkedInRound(9);
    const token = await adminToken();
    const base = `/api/admin/rounds/${night.round.id}/cards`;
    const made = await expectStatus(await call("POST", base, { token, body: { version: 0, mode: "rating", start: "tee_times" } }), 200);
    expect(made.cards.map((c: { players: unknown[] }) => c.players.length)).toEqual([5, 4]);
    expect(made.cards[0]).toMatchObject({ number: 1, start_hole: null, tee_time: night.round.startsAt, started: false });

    const publicPath = `/api/rounds/${night.round.id}/cards`;
    const draft = await get(publicPath);
    expect(await draft.json()).toEqual({ round_id: night.round.id, published: false, published_at: null, cards: [] });
    expectPublicCache(draft, publicPath);
    expect(draft.headers.get("Cache-Tag")).toContain("cards");

    const cards = made.cards.map((c: { number: number; players: { entry_id: number }[] }, i: number) => ({
      number: c.number,
      start_hole: i + 1,
      entry_ids: c.players.map((p) => p.entry_id),
    }));
    const saved = await expectStatus(await call("PUT", base, { token, body: { version: made.version, cards } }), 200);
    expect(saved.cards.map((c: { start_label: string }) => c.start_label)).toEqual(["1", "2"]);
    await expectError(await call("PUT", base, { token, body: { version: made.version, cards } }), 409, CARDS_CHANGED);

    const published = await expectStatus(await call("POST", `${base}/publish`, { token, body: { version: saved.version } }), 200);
    expect(published).toMatchObject({ published_now: true, published_at: expect.any(Number) });
    const shown = (await (await get(publicPath)).json()) as { published: boolean; cards: { players: { name: string }[] }[] };
    expect(shown.published).toBe(true);
    expect(shown.cards.flatMap((c) => c.players)).toHaveLength(9);
  });

  it("400 for bad bodies, 404 for an unknown round, 401 and 403 for others", async () => {
    const night = await checkedInRound(3);
    const token = await adminToken();
    const base = `/api/admin/rounds/${night.round.id}/cards`;
    await expectError(
      await call("POST", base, { token, body: {} }),
      400,
      "version is required: send the version of the cards as you read it",
    );
    await expectError(await call("POST", base, { token, body: { version: 0, mode: "alphabetical" } }), 400);
    await expectError(await call("PUT", base, { token, body: { version: 0, cards: "all" } }), 400);
    await expectError(await call("POST", `${base}/late`, { token, body: { version: 0 } }), 400);
    await expectError(await call("POST", "/api/admin/rounds/2147483647/cards", { token, body: { version: 0 } }), 404);
    await expectError(await call("POST", base, { body: { version: 0 } }), 401);
    await expectError(await call("POST", `${base}/publish`, { token: await tokenFor(await makeUser()), body: { version: 0 } }), 403);
    await expectError(await get("/api/rounds/2147483647/cards"), 404);
  });
});
