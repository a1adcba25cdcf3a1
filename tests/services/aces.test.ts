import { describe, expect, it } from "vitest";
import { DAY, makeAce, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { AppError } from "~/.server/errors";
import { acePotCents, listAces } from "~/.server/services/money/aces";

// Tests in this file share one database, so every pot is measured as the change this
// test's own rows make to it (the rule is linear in the rows).
describe("acePotCents without a round: the pot as of now (ADR 21)", () => {
  it("adds the ace fee of each opted-in entry of rounds started by now, less aces dated until now", async () => {
    const db = testDb();
    const now = 2_050_000_000; // a date range no other test here uses
    const before = await acePotCents(db, undefined, now);
    const [a, b, c] = await Promise.all([makePlayer(), makePlayer(), makePlayer()]);
    const cheap = await makeRound({ aceCents: 100, startsAt: now - DAY });
    const dear = await makeRound({ aceCents: 200, startsAt: now - 3_600 });
    await makeEntry({ roundId: cheap.id, playerId: a.id, ace: true });
    await makeEntry({ roundId: cheap.id, playerId: b.id, ace: true });
    await makeEntry({ roundId: cheap.id, playerId: c.id, ace: false }); // opted out: no fee
    await makeEntry({ roundId: dear.id, playerId: a.id, ace: true });
    await makeEntry({ roundId: dear.id, playerId: b.id, ace: false });
    expect((await acePotCents(db, undefined, now)) - before).toBe(2 * 100 + 1 * 200);

    await makeAce({ playerId: b.id, amountCents: 150, date: dear.startsAt });
    expect((await acePotCents(db, undefined, now)) - before).toBe(2 * 100 + 200 - 150);
  });

  it("leaves out fees prepaid for a round that has not started, until it starts", async () => {
    const db = testDb();
    const now = 2_060_000_000;
    const before = await acePotCents(db, undefined, now);
    const ahead = await makeRound({ aceCents: 100, startsAt: now + 2 * DAY });
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    await makeEntry({ roundId: ahead.id, playerId: a.id, ace: true });
    await makeEntry({ roundId: ahead.id, playerId: b.id, ace: true });
    expect((await acePotCents(db, undefined, now)) - before).toBe(0);
    expect((await acePotCents(db, undefined, ahead.startsAt - 1)) - before).toBe(0);
    expect((await acePotCents(db, undefined, ahead.startsAt)) - before).toBe(200);
  });
});

describe("acePotCents for a round: the pot at stake, as of its start", () => {
  it("counts fees of rounds up to and including it, and aces dated up to its start", async () => {
    const db = testDb();
    const base = 2_000_000_000; // a date range no other test here uses
    const r1 = await makeRound({ startsAt: base, aceCents: 100 });
    const r2 = await makeRound({ startsAt: base + 7 * DAY, aceCents: 200 });
    const r3 = await makeRound({ startsAt: base + 14 * DAY, aceCents: 300 });
    const before = [await acePotCents(db, r1.id), await acePotCents(db, r2.id), await acePotCents(db, r3.id)];

    const [p, q] = await Promise.all([makePlayer(), makePlayer()]);
    for (const r of [r1, r2, r3]) {
      await makeEntry({ roundId: r.id, playerId: p.id, ace: true });
      await makeEntry({ roundId: r.id, playerId: q.id, ace: r.id !== r2.id }); // q skips the fund in r2
    }
    await makeAce({ playerId: p.id, amountCents: 50, date: base - DAY }); // before r1
    await makeAce({ playerId: q.id, amountCents: 70, date: base + 7 * DAY }); // at r2's start: paid from r2's pot
    await makeAce({ playerId: p.id, amountCents: 90, date: base + 10 * DAY }); // between r2 and r3
    await makeAce({ playerId: q.id, amountCents: 500, date: base + 20 * DAY }); // after r3

    const fees = [2 * 100, 1 * 200, 2 * 300];
    const expected = [fees[0] - 50, fees[0] + fees[1] - 50 - 70, fees[0] + fees[1] + fees[2] - 50 - 70 - 90];
    const after = [await acePotCents(db, r1.id), await acePotCents(db, r2.id), await acePotCents(db, r3.id)];
    expect(after.map((v, i) => v - before[i])).toEqual(expected);
  });

  it("refuses an unknown round with AppError not_found", async () => {
    const err = await acePotCents(testDb(), 987_654).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("not_found");
  });
});

describe("listAces", () => {
  it("lists aces newest first with the player's name and the amount in cents", async () => {
    const p = await makePlayer();
    const older = await makeAce({ playerId: p.id, amountCents: 1_250, date: 1_000_000 });
    const newer = await makeAce({ playerId: p.id, amountCents: 3_375, date: 1_000_500 });
    const mine = (await listAces(testDb())).filter((a) => a.playerId === p.id);
    expect(mine).toEqual([
      { id: newer.id, date: newer.date, playerId: p.id, firstName: p.firstName, lastName: p.lastName, amountCents: 3_375, roundId: null },
      { id: older.id, date: older.date, playerId: p.id, firstName: p.firstName, lastName: p.lastName, amountCents: 1_250, roundId: null },
    ]);
  });
});
