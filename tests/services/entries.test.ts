import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, roundValues, testDb } from "../fixtures";
import { rounds } from "~/.server/db/schema";
import { AppError } from "~/.server/errors";
import { entriesForRound, entriesForRounds } from "~/.server/services/entries/entries";

/** `count` rounds in one atomic batch (one row per statement keeps each under D1's 100 parameters). */
async function makeManyRounds(count: number) {
  const db = testDb();
  const [first, ...rest] = Array.from({ length: count }, (_, i) =>
    db
      .insert(rounds)
      .values(roundValues({ startsAt: 1_700_000_000 + i }))
      .returning({ id: rounds.id }),
  );
  const results = await db.batch([first, ...rest]);
  return results.map(([r]) => r.id);
}

describe("entriesForRound", () => {
  it("returns the round's entries in cents, by division then score with unscored last", async () => {
    const round = await makeRound();
    const [a, b, c, d] = await Promise.all([makePlayer({ pdga: "111" }), makePlayer(), makePlayer(), makePlayer()]);
    const eA = await makeEntry({ roundId: round.id, playerId: a.id, division: "MPO", score: 0, ace: false });
    const eB = await makeEntry({ roundId: round.id, playerId: b.id, division: "MPO", score: 51 });
    const eC = await makeEntry({
      roundId: round.id,
      playerId: c.id,
      division: "MPO",
      score: 48,
      dnf: false,
      payoutCents: 875,
      payoutAdjustCents: 25,
      creditAddedCents: 900,
      creditUsedCents: 150,
      result: "1/3|(MPO)",
    });
    const eD = await makeEntry({ roundId: round.id, playerId: d.id, division: "FA1", score: 60 });
    const other = await makeRound();
    await makeEntry({ roundId: other.id, playerId: a.id, division: "MPO", score: 40 });

    const list = await entriesForRound(testDb(), round.id);
    expect(list.map((e) => e.id)).toEqual([eD.id, eC.id, eB.id, eA.id]);
    expect(list[1]).toEqual({
      id: eC.id,
      playerId: c.id,
      roundId: round.id,
      firstName: c.firstName,
      lastName: c.lastName,
      pdga: null,
      division: "MPO",
      ace: true,
      score: 48,
      dnf: false,
      payoutCents: 875,
      payoutAdjustCents: 25,
      creditAddedCents: 900,
      creditUsedCents: 150,
      creditedForCents: null,
      paymentId: null,
      entryPayoutCents: 900,
      result: "1/3|(MPO)",
      rating: null,
      sidePotsCents: 0,
      team: null,
      version: 0,
    });
    expect(list[3]).toMatchObject({ pdga: "111", ace: false, score: 0, result: null });
  });

  it("is not_found for an unknown round", async () => {
    const err = await entriesForRound(testDb(), 66_666_666).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("not_found");
  });
});

describe("entriesForRounds", () => {
  it("works over more than 100 round ids (D1's parameter limit), grouped by round", async () => {
    const ids = await makeManyRounds(130);
    expect(ids).toHaveLength(130);
    const p = await makePlayer();
    const q = await makePlayer();
    // Entries in the first chunk, past the 90th id and past the 100th id.
    const picked = [ids[0], ids[95], ids[101], ids[129]];
    const made = [];
    for (const roundId of picked) {
      made.push(await makeEntry({ roundId, playerId: p.id, score: 50 }));
      made.push(await makeEntry({ roundId, playerId: q.id, score: 45 }));
    }
    const outside = await makeRound();
    await makeEntry({ roundId: outside.id, playerId: p.id });

    // Duplicates are harmless and must not double the rows.
    const list = await entriesForRounds(testDb(), [...ids, ids[129], ids[0]]);
    expect(list.map((e) => e.id).sort((x, y) => x - y)).toEqual(made.map((e) => e.id).sort((x, y) => x - y));
    expect(list.map((e) => e.roundId)).toEqual(picked.flatMap((id) => [id, id]));
    // Within a round the better (lower) score comes first.
    expect(list.filter((e) => e.roundId === ids[101]).map((e) => e.playerId)).toEqual([q.id, p.id]);
  });

  it("is empty for rounds without entries", async () => {
    const r = await makeRound();
    expect(await entriesForRounds(testDb(), [r.id])).toEqual([]);
  });
});
