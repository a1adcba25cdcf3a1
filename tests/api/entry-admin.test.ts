import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, makeTransfer, testDb, uniq } from "../fixtures";
import { getPublic } from "./http";
import { versionOf } from "../version-fixtures";
import { entries, players } from "~/.server/db/schema";

const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));
const rowsOf = async (roundId: number) => testDb().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(entries.id);
const post = (path: string, token: string, body: unknown) => call("POST", `/api/admin/entry/${path}`, { token, body });

describe("POST /api/admin/entry/add", () => {
  it("adds an entry with the spec's defaults and answers newEntry in dollars; the same player again is 409", async () => {
    const [token, round, p] = await Promise.all([adminToken(), makeRound(), makePlayer()]);
    const body = { values: { round_id: round.id, player: p.id, division: "MA2" } };
    const { newEntry } = await expectStatus(await post("add", token, body), 201);
    expect(newEntry).toMatchObject({
      player_id: p.id,
      round_id: round.id,
      fn: p.firstName,
      division: "MA2",
      ace: true,
      score: 0,
      payout: 0,
      credit_used: 0,
    });
    await expectError(await post("add", token, body), 409, `${p.firstName} ${p.lastName} is already entered in this round.`);
    expect(await rowsOf(round.id)).toHaveLength(1);
  });

  it("creates the new player of 'Add player: {text}'", async () => {
    const [token, round] = await Promise.all([adminToken(), makeRound()]);
    const ln = `Doe${uniq()}`;
    const { newEntry } = await expectStatus(
      await post("add", token, { values: { round_id: round.id, newPlayer: { fn: "Jane", ln }, division: "FA1", ace: "0" } }),
      201,
    );
    expect(newEntry).toMatchObject({ fn: "Jane", ln, division: "FA1", ace: false });
  });

  it.each([
    ["no division", { division: "" }, "Division is required"],
    ["an unknown division", { division: "XYZ" }, "Choose a division from the list"],
    ["no player", { player: null }, "Choose a player"],
    ["three decimals", { credit_used: "1.005" }, "Credit used can have at most 2 decimals"],
    ["a negative credit", { credit_added: -1 }, "Credit added must be an amount in dollars, like 12.50"],
    ["a bad round id", { round_id: "1e3" }, "Invalid round id"],
  ])("answers 400 for %s and writes nothing", async (_, extra, message) => {
    const [token, round, p] = await Promise.all([adminToken(), makeRound(), makePlayer()]);
    await expectError(await post("add", token, { values: { round_id: round.id, player: p.id, division: "MA1", ...extra } }), 400, message);
    expect(await rowsOf(round.id)).toEqual([]);
  });

  it("answers 404 for a round or a player that does not exist, and 400 for a body that is not JSON", async () => {
    const [token, round, p] = await Promise.all([adminToken(), makeRound(), makePlayer()]);
    await expectError(
      await post("add", token, { values: { round_id: 987_654_321, player: p.id, division: "MA1" } }),
      404,
      "Round not found",
    );
    await expectError(
      await post("add", token, { values: { round_id: round.id, player: 987_654_321, division: "MA1" } }),
      404,
      "Player not found",
    );
    await expectError(await call("POST", "/api/admin/entry/add", { token, body: "{not json" }), 400);
  });
});

describe("POST /api/admin/entry/update, /bulk, /delete", () => {
  it("update changes one entry and answers it; bulk saves scores with payouts and labels at once", async () => {
    const [token, round] = await Promise.all([adminToken(), makeRound()]);
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    const ea = await makeEntry({ roundId: round.id, playerId: a.id });
    const eb = await makeEntry({ roundId: round.id, playerId: b.id });
    const { entry } = await expectStatus(
      await post("update", token, { id: ea.id, version: ea.version, values: { payoutAdjust: "-0.25", ace: false } }),
      200,
    );
    expect(entry).toMatchObject({ id: ea.id, payoutAdjust: -0.25, ace: false, version: ea.version + 1 });
    const { updated } = await expectStatus(
      await post("bulk", token, {
        data: [
          { id: ea.id, version: entry.version, value: { score: 51 } },
          { id: eb.id, version: String(eb.version), value: { score: "49" } },
        ],
      }),
      200,
    );
    expect(updated).toBe(2);
    expect((await rowsOf(round.id)).map((e) => [e.score, e.result, e.payoutCents])).toEqual([
      [51, "2/2|(MA1)", 0],
      [49, "1/2|(MA1)", 900],
    ]);
  });

  it("refuses credit used beyond the player's balance with 409, changing nothing", async () => {
    const [token, round, p] = await Promise.all([adminToken(), makeRound(), makePlayer()]);
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 300 });
    const e = await makeEntry({ roundId: round.id, playerId: p.id });
    const res = await post("update", token, { id: e.id, version: e.version, values: { credit_used: 3.01 } });
    const body = await expectError(res, 409);
    expect(body.error).toContain("has $3.00 of credit");
    expect((await rowsOf(round.id))[0]?.creditUsedCents).toBe(0);
  });

  it.each([
    ["update", { id: 1, version: 0, values: { score: -1 } }, "Score must be 0 or more"],
    ["update", { id: 1, version: 0, values: { score: 1.5 } }, "Score must be a whole number"],
    ["update", { id: 1, version: 0, values: { score: 501 } }, "Score must be at most 500"],
    ["update", { id: 1, version: 0 }, "values is required"],
    ["update", { id: 1, values: { score: 50 } }, "version is required: send the version of the entry as you read it"],
    ["update", { id: 1, version: -1, values: { score: 50 } }, "Invalid entry version"],
    ["bulk", { data: [] }, "data must hold at least one change"],
    ["bulk", { data: "x" }, "data must be a list of {id, version, value}"],
    ["bulk", { data: [{ id: 1, value: { score: 50 } }] }, "version is required: send the version of the entry as you read it"],
    [
      "bulk",
      { data: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, version: 0, value: { score: 1 } })) },
      "At most 500 entries at once",
    ],
    ["delete", { id: "abc", version: 0 }, "Invalid entry id"],
    ["delete", { id: 1 }, "version is required: send the version of the entry as you read it"],
  ])("/%s answers 400 for a bad body (%j)", async (path, body, message) => {
    await expectError(await post(path, await adminToken(), body), 400, message);
  });

  it("answers 404 for an entry that does not exist", async () => {
    const token = await adminToken();
    await expectError(await post("update", token, { id: 987_654_321, version: 0, values: { score: 50 } }), 404, "Entry not found");
    await expectError(await post("bulk", token, { data: [{ id: 987_654_321, version: 0, value: { score: 50 } }] }), 404, "Entry not found");
    await expectError(await post("delete", token, { id: 987_654_321, version: 0 }), 404, "Entry not found");
  });

  it("delete removes the entry and recomputes the others' payouts", async () => {
    const [token, round] = await Promise.all([adminToken(), makeRound()]);
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    const ea = await makeEntry({ roundId: round.id, playerId: a.id, score: 50 });
    const eb = await makeEntry({ roundId: round.id, playerId: b.id, score: 52 });
    await expectStatus(await post("payouts", token, { entries: [{ id: ea.id, payout: 0, result: "x" }] }), 200);
    await expectStatus(await post("delete", token, { id: ea.id, version: await versionOf(ea.id) }), 200);
    expect((await rowsOf(round.id)).map((e) => [e.id, e.result, e.payoutCents])).toEqual([[eb.id, "1/1|(MA1)", 450]]);
    expect(await testDb().select().from(players).where(eq(players.id, a.id))).toHaveLength(1);
  });
});

describe("versions (ADR 20): a write names the version it read", () => {
  const STALE = "This entry changed since you opened it. Reload to see the new values.";

  it("GET answers carry the version; /update, /bulk and /delete against an older one are 409 naming the player, writing nothing", async () => {
    const [token, round, a, b] = await Promise.all([adminToken(), makeRound(), makePlayer(), makePlayer()]);
    await makeEntry({ roundId: round.id, playerId: a.id, score: 50 });
    await makeEntry({ roundId: round.id, playerId: b.id, score: 52 });
    const read = await getPublic<{ id: number; player_id: number; version: number }[]>(`/api/entries/${round.id}`);
    const [ea, eb] = [read.find((e) => e.player_id === a.id)!, read.find((e) => e.player_id === b.id)!];
    // Another admin credits a's entry after this client read the round.
    await expectStatus(await post("update", token, { id: ea.id, version: ea.version, values: { credit_added: 5 } }), 200);
    const after = await rowsOf(round.id);
    await expectError(
      await post("update", token, { id: ea.id, version: ea.version, values: { credit_added: 0 } }),
      409,
      `${a.firstName} ${a.lastName}: ${STALE}`,
    );
    await expectError(
      await post("bulk", token, {
        data: [
          { id: eb.id, version: eb.version, value: { score: 49 } },
          { id: ea.id, version: ea.version, value: { score: 51 } },
        ],
      }),
      409,
      `${a.firstName} ${a.lastName}: ${STALE}`,
    );
    await expectError(await post("delete", token, { id: ea.id, version: ea.version }), 409, `${a.firstName} ${a.lastName}: ${STALE}`);
    expect(await rowsOf(round.id)).toEqual(after);
  });
});

describe("POST /api/admin/entry/payouts and /creditPayouts", () => {
  it("payouts writes only what differs; credit payouts credits payout + adjust", async () => {
    const [token, round] = await Promise.all([adminToken(), makeRound()]);
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    await makeEntry({ roundId: round.id, playerId: a.id, score: 50, payoutAdjustCents: 50 });
    await makeEntry({ roundId: round.id, playerId: b.id, score: 55 });
    expect((await expectStatus(await post("payouts", token, { round_id: round.id }), 200)).updated).toBe(2);
    expect((await expectStatus(await post("payouts", token, { round_id: round.id }), 200)).updated).toBe(0);
    expect((await expectStatus(await post("creditPayouts", token, { round_id: round.id }), 200)).updated).toBe(1);
    expect((await rowsOf(round.id)).map((e) => e.creditAddedCents)).toEqual([950, 0]);
  });

  it("answers 400 for a body without a round, 404 for an unknown round, 409 while scores are missing", async () => {
    const [token, round, p] = await Promise.all([adminToken(), makeRound(), makePlayer()]);
    await makeEntry({ roundId: round.id, playerId: p.id });
    await expectError(await post("payouts", token, {}), 400, "Send round_id or entries");
    await expectError(await post("payouts", token, { round_id: 987_654_321 }), 404, "Round not found");
    await expectError(await post("creditPayouts", token, { round_id: round.id }), 409);
  });
});

describe("every entry route needs an admin", () => {
  it.each(["add", "update", "bulk", "delete", "payouts", "creditPayouts"])("/%s: 401 without a token, 403 for a user", async (path) => {
    const user = await tokenFor(await makeUser());
    await expectError(await call("POST", `/api/admin/entry/${path}`, { body: {} }), 401);
    await expectError(await call("POST", `/api/admin/entry/${path}`, { token: user, body: {} }), 403, "Not an admin");
  });
});
