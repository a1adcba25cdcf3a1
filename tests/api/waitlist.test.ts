import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeAdmin, tokenFor } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { PRICE, cappedRound, claimedPlayer, fill, listRows } from "../waitlist-fixtures";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { WAITLIST_MESSAGES } from "~/.server/services/signup/waitlist";
import { afterWrite } from "../after-write";

// The waitlist's /api (ADR 28): each route's happy path, a refusal and its auth.

const join = (token: string | undefined, roundId: number, body: Record<string, unknown> = { division: "MA2" }) =>
  call("POST", `/api/rounds/${roundId}/waitlist`, { token, body });

describe("POST /api/rounds/{id}/waitlist", () => {
  it("puts a player of a full round on the list with their place, and refuses a round with room or a stranger", async () => {
    const round = await cappedRound(1);
    const [a, b] = await Promise.all([claimedPlayer(), claimedPlayer()]);
    const [ta, tb] = await Promise.all([tokenFor(a.user), tokenFor(b.user)]);
    await expectError(await join(ta, round.id), 409, WAITLIST_MESSAGES.notFull);
    await fill(round.id, 1);
    const first = await expectStatus(await join(ta, round.id, { division: "MA2", ace: false, auto_confirm: true }), 201);
    expect(first.waitlist).toMatchObject({ status: "waiting", position: 1, division: "MA2", ace: false, auto_confirm: true });
    expect((await expectStatus(await join(tb, round.id), 201)).waitlist).toMatchObject({ position: 2 });
    await expectError(await join(ta, round.id), 409, WAITLIST_MESSAGES.already);
    await expectError(await join(undefined, round.id), 401);
  });
});

describe("DELETE /api/rounds/{id}/waitlist", () => {
  it("takes the player off the list; refuses one not on it and a stranger", async () => {
    const round = await cappedRound(1);
    await fill(round.id, 1);
    const a = await claimedPlayer();
    const token = await tokenFor(a.user);
    await expectStatus(await join(token, round.id), 201);
    expect(await expectStatus(await call("DELETE", `/api/rounds/${round.id}/waitlist`, { token }), 200)).toMatchObject({
      message: "You left the waitlist.",
    });
    expect((await listRows(round.id))[0]?.status).toBe("left");
    await expectError(await call("DELETE", `/api/rounds/${round.id}/waitlist`, { token }), 404, WAITLIST_MESSAGES.notOnList);
    await expectError(await call("DELETE", `/api/rounds/${round.id}/waitlist`), 401);
  });
});

describe("POST /api/rounds/{id}/waitlist/confirm", () => {
  it("enters the player offered a place, paid by credit; refuses one without an offer and a stranger", async () => {
    const round = await cappedRound(1);
    const [taken] = await fill(round.id, 1);
    const [a, b] = await Promise.all([claimedPlayer(PRICE), claimedPlayer(PRICE)]);
    const [ta, tb] = await Promise.all([tokenFor(a.user), tokenFor(b.user)]);
    await expectStatus(await join(ta, round.id), 201);
    await expectStatus(await join(tb, round.id), 201);
    await afterWrite(await withdrawEntry(testDb(), taken.id, { admin: true }));
    await expectError(await call("POST", `/api/rounds/${round.id}/waitlist/confirm`, { token: tb }), 409, WAITLIST_MESSAGES.noOffer);
    const done = await expectStatus(await call("POST", `/api/rounds/${round.id}/waitlist/confirm`, { token: ta }), 201);
    expect(done).toMatchObject({ success: true, total: 6, credit_used: 6, entry: { player_id: a.player.id } });
    await expectError(await call("POST", `/api/rounds/${round.id}/waitlist/confirm`), 401);
  });
});

describe("the admin's waitlist and caps", () => {
  it("lists the waitlist in order with each status, and sets caps that offer freed places", async () => {
    const round = await cappedRound(1);
    await fill(round.id, 1);
    const [a, b, admin] = await Promise.all([claimedPlayer(), claimedPlayer(), makeAdmin()]);
    const [ta, tb, tAdmin] = await Promise.all([tokenFor(a.user), tokenFor(b.user), tokenFor(admin)]);
    await expectStatus(await join(ta, round.id), 201);
    await expectStatus(await join(tb, round.id), 201);
    const caps = await expectStatus(
      await call("PUT", `/api/admin/rounds/${round.id}/caps`, { token: tAdmin, body: { version: round.version, field_cap: 2 } }),
      200,
    );
    expect(caps.field).toMatchObject({ field_cap: 2, entered: 1, taken: 2, waiting: 1 });
    const view = await expectStatus(await call("GET", `/api/admin/rounds/${round.id}/waitlist`, { token: tAdmin }), 200);
    expect(
      view.waitlist.map((r: { player_id: number; status: string; position: number | null }) => [r.player_id, r.status, r.position]),
    ).toEqual([
      [a.player.id, "offered", null],
      [b.player.id, "waiting", 1],
    ]);
    await expectError(
      await call("PUT", `/api/admin/rounds/${round.id}/caps`, { token: tAdmin, body: { version: round.version, field_cap: 3 } }),
      409,
    );
    await expectError(await call("PUT", `/api/admin/rounds/${round.id}/caps`, { token: tAdmin, body: { version: 1, field_cap: -1 } }), 400);
    await expectError(await call("GET", `/api/admin/rounds/${round.id}/waitlist`, { token: ta }), 403);
    await expectError(await call("GET", `/api/admin/rounds/${round.id}/waitlist`), 401);
  });
});
