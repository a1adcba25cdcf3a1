import { describe, expect, it } from "vitest";
import { DAY, makeAce, makeEntry, makePlayer, makeRound } from "../fixtures";
import { expectError, getPublic } from "./http";

const pot = async (query = "") => (await getPublic<{ pot: number }>(`/api/ace${query}`)).pot;
// Dollars with cents: compare the change in cents to avoid float noise.
const cents = (dollars: number) => Math.round(dollars * 100);

describe("GET /api/ace", () => {
  it("is the pot in dollars: opted-in ace fees less aces paid", async () => {
    const before = await pot();
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    const round = await makeRound({ aceCents: 125 });
    await makeEntry({ roundId: round.id, playerId: a.id, ace: true });
    await makeEntry({ roundId: round.id, playerId: b.id, ace: false });
    expect(cents((await pot()) - before)).toBe(125);
    await makeAce({ playerId: a.id, amountCents: 50 });
    expect(cents((await pot()) - before)).toBe(75);
  });

  it("with roundId is the pot at stake in that round", async () => {
    const base = 2_100_000_000;
    const r1 = await makeRound({ startsAt: base, aceCents: 100 });
    const r2 = await makeRound({ startsAt: base + 7 * DAY, aceCents: 100 });
    const [b1, b2] = [await pot(`?roundId=${r1.id}`), await pot(`?roundId=${r2.id}`)];
    const p = await makePlayer();
    await makeEntry({ roundId: r1.id, playerId: p.id, ace: true });
    await makeEntry({ roundId: r2.id, playerId: p.id, ace: true });
    await makeAce({ playerId: p.id, amountCents: 40, date: base + DAY }); // after r1, before r2
    expect(cents((await pot(`?roundId=${r1.id}`)) - b1)).toBe(100);
    expect(cents((await pot(`?roundId=${r2.id}`)) - b2)).toBe(200 - 40);
  });

  it("an empty roundId is the same as none", async () => {
    expect(await pot("?roundId=")).toBe(await pot());
  });

  it("400 for a roundId that is not an id, 404 for an unknown round", async () => {
    await expectError("/api/ace?roundId=x", 400, "bad_request");
    expect((await expectError("/api/ace?roundId=-1", 400, "bad_request")).error).toBe("Invalid round id");
    await expectError("/api/ace?roundId=1&roundId=2", 400, "bad_request");
    await expectError("/api/ace?roundId=99999999", 404, "not_found");
  });
});

describe("GET /api/ace/list", () => {
  it("lists aces newest first with names and dollars", async () => {
    const p = await makePlayer();
    const round = await makeRound();
    const first = await makeAce({ playerId: p.id, amountCents: 2_050, date: 1_000_000_000, roundId: round.id });
    const second = await makeAce({ playerId: p.id, amountCents: 600, date: 1_000_086_400 });
    const list = await getPublic<Record<string, unknown>[]>("/api/ace/list");
    const mine = list.filter((a) => a.player === p.id);
    expect(mine).toEqual([
      { id: second.id, d: second.date, player: p.id, amt: 6, fn: p.firstName, ln: p.lastName, round_id: null },
      { id: first.id, d: first.date, player: p.id, amt: 20.5, fn: p.firstName, ln: p.lastName, round_id: round.id },
    ]);
  });

  it("404 JSON below it", async () => {
    await expectError("/api/ace/list/1", 404, "not_found");
  });
});
