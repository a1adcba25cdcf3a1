import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb, balanceOf } from "../fixtures";
import { aces, transfers } from "~/.server/db/schema";

const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));
const userToken = async () => tokenFor(await makeUser());

describe("POST /api/transfers/add and /delete", () => {
  it("moves credit in dollars, answers the new id, and the delete moves it back", async () => {
    const [token, a, b] = await Promise.all([adminToken(), makePlayer(), makePlayer()]);
    await makeTransfer({ fromPlayerId: null, toPlayerId: a.id, amountCents: 2_000 });
    const body = await expectStatus(
      await call("POST", "/api/transfers/add", {
        token,
        body: { values: { d: nowSec(), fromPlayer: a.id, toPlayer: b.id, amt: "12.50", description: "Gift" } },
      }),
      201,
    );
    expect(body).toEqual({ success: true, newId: expect.any(Number) });
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([750, 1_250]);
    const listed = (await (await call("GET", `/api/transfers/transfersByPlayer/${b.id}`)).json()) as {
      id: number;
      amt: number;
    }[];
    expect(listed).toEqual([expect.objectContaining({ id: body.newId, amt: 12.5, description: "Gift" })]);

    await expectStatus(await call("POST", "/api/transfers/delete", { token, body: { id: body.newId } }), 200);
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([2_000, 0]);
    await expectError(await call("POST", "/api/transfers/delete", { token, body: { id: body.newId } }), 404);
  });

  it("an empty side is the league", async () => {
    const [token, a] = await Promise.all([adminToken(), makePlayer()]);
    await expectStatus(
      await call("POST", "/api/transfers/add", { token, body: { values: { d: nowSec(), fromPlayer: "", toPlayer: a.id, amt: 5 } } }),
      201,
    );
    expect(await balanceOf(a.id)).toBe(500);
  });

  it("needs an admin: 401 for visitors, 403 for users, and nothing moves", async () => {
    const [token, a] = await Promise.all([userToken(), makePlayer()]);
    const body = { values: { d: nowSec(), fromPlayer: null, toPlayer: a.id, amt: 5 } };
    await expectError(await call("POST", "/api/transfers/add", { body }), 401);
    await expectError(await call("POST", "/api/transfers/add", { token, body }), 403, "Not an admin");
    expect(await balanceOf(a.id)).toBe(0);
  });

  it.each([
    ["no values", {}, "values is required"],
    ["no date", { toPlayer: 1, amt: 5 }, "Date is required"],
    ["a date that is not one", { d: "yesterday", toPlayer: 1, amt: 5 }, "Date must be a date (seconds since 1970)"],
    ["no amount", { d: 1_800_000_000, toPlayer: 1 }, "Amount is required"],
    ["a zero amount", { d: 1_800_000_000, toPlayer: 1, amt: "0.00" }, "Amount must be more than 0"],
    ["a negative amount", { d: 1_800_000_000, toPlayer: 1, amt: -5 }, "Amount must be an amount in dollars, like 12.50"],
    ["three decimals", { d: 1_800_000_000, toPlayer: 1, amt: "1.005" }, "Amount can have at most 2 decimals"],
    ["a float that is not cents", { d: 1_800_000_000, toPlayer: 1, amt: 0.1 + 0.2 }, "Amount can have at most 2 decimals"],
    ["a huge amount", { d: 1_800_000_000, toPlayer: 1, amt: "100000000" }, "Amount must be at most $100,000"],
    ["a text player", { d: 1_800_000_000, toPlayer: "bob", amt: 5 }, "Invalid to player"],
  ])("answers 400 for %s", async (_, values, message) => {
    const token = await adminToken();
    const body = Object.keys(values).length ? { values } : {};
    await expectError(await call("POST", "/api/transfers/add", { token, body }), 400, message);
  });

  it("409 when the sender's balance would go below zero, 400 for the same player twice", async () => {
    const [token, a, b] = await Promise.all([adminToken(), makePlayer(), makePlayer()]);
    await makeTransfer({ fromPlayerId: null, toPlayerId: a.id, amountCents: 300 });
    const res = await call("POST", "/api/transfers/add", {
      token,
      body: { values: { d: nowSec(), fromPlayer: a.id, toPlayer: b.id, amt: "3.01" } },
    });
    await expectError(res, 409, `${a.firstName} ${a.lastName} has $3.00 of credit; a transfer of $3.01 would take it below zero.`);
    await expectError(
      await call("POST", "/api/transfers/add", { token, body: { values: { d: nowSec(), fromPlayer: a.id, toPlayer: a.id, amt: 1 } } }),
      400,
      "From and To must be different players.",
    );
    expect(await balanceOf(a.id)).toBe(300);
  });

  it("the same transfer sent twenty times at once for all the credit: one goes through", async () => {
    const [token, a, b] = await Promise.all([adminToken(), makePlayer(), makePlayer()]);
    await makeTransfer({ fromPlayerId: null, toPlayerId: a.id, amountCents: 1_000 });
    const body = { values: { d: nowSec(), fromPlayer: a.id, toPlayer: b.id, amt: 10 } };
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("POST", "/api/transfers/add", { token, body })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([0, 1_000]);
    expect(await testDb().select().from(transfers).where(eq(transfers.toPlayerId, b.id))).toHaveLength(1);
  });
});

describe("POST /api/ace/add and /delete", () => {
  it("pays an ace from the pot and the delete puts it back; more than the pot is 409", async () => {
    const token = await adminToken();
    const round = await makeRound({ startsAt: nowSec() - 7_200 });
    const p = await makePlayer();
    await makeEntry({ roundId: round.id, playerId: p.id, ace: true });
    const { pot } = (await (await call("GET", "/api/ace")).json()) as { pot: number };
    const tooMuch = await call("POST", "/api/ace/add", {
      token,
      body: { values: { d: nowSec(), player: p.id, amt: (pot + 0.01).toFixed(2) } },
    });
    await expectError(tooMuch, 409);
    const added = await expectStatus(
      await call("POST", "/api/ace/add", { token, body: { values: { d: nowSec(), player: p.id, amt: "1.00" } } }),
      201,
    );
    expect(added).toEqual({ success: true, newId: expect.any(Number) });
    expect(((await (await call("GET", "/api/ace")).json()) as { pot: number }).pot).toBeCloseTo(pot - 1, 2);
    await expectStatus(await call("POST", "/api/ace/delete", { token, body: { id: added.newId } }), 200);
    expect(((await (await call("GET", "/api/ace")).json()) as { pot: number }).pot).toBeCloseTo(pot, 2);
    expect(await testDb().select().from(aces).where(eq(aces.id, added.newId))).toHaveLength(0);
  });

  it("needs an admin and valid values", async () => {
    const [user, admin, p] = await Promise.all([userToken(), adminToken(), makePlayer()]);
    const body = { values: { d: nowSec(), player: p.id, amt: 1 } };
    await expectError(await call("POST", "/api/ace/add", { body }), 401);
    await expectError(await call("POST", "/api/ace/add", { token: user, body }), 403);
    await expectError(await call("POST", "/api/ace/delete", { token: user, body: { id: 1 } }), 403);
    await expectError(
      await call("POST", "/api/ace/add", { token: admin, body: { values: { d: nowSec(), amt: 1 } } }),
      400,
      "Invalid player",
    );
    await expectError(
      await call("POST", "/api/ace/add", { token: admin, body: { values: { d: nowSec(), player: p.id } } }),
      400,
      "Amount is required",
    );
    await expectError(
      await call("POST", "/api/ace/add", { token: admin, body: { values: { d: nowSec(), player: 987654321, amt: 1 } } }),
      404,
    );
    await expectError(await call("POST", "/api/ace/delete", { token: admin, body: { id: "x" } }), 400, "Invalid ace id");
  });
});
