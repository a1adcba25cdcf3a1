import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound } from "../fixtures";
import { expectError, getPublic } from "./http";

type Entry = Record<string, unknown> & { id: number; round_id: number };

// The entry fields the /api has always answered with.
const ENTRY_FIELDS = [
  "id",
  "player_id",
  "round_id",
  "fn",
  "ln",
  "pdga",
  "division",
  "ace",
  "score",
  "payout",
  "payoutAdjust",
  "credit_added",
  "credit_used",
  "payment_id",
  "EntryPayout",
  "result",
  // What an edit or delete of the entry sends back (ADR 20).
  "version",
];

describe("GET /api/entries/{roundId}", () => {
  it("returns the round's entries with the spec's field names, money in dollars", async () => {
    const round = await makeRound();
    const p = await makePlayer({ pdga: "98765" });
    const q = await makePlayer();
    const e = await makeEntry({
      roundId: round.id,
      playerId: p.id,
      division: "MA40",
      score: 47,
      ace: false,
      payoutCents: 450,
      payoutAdjustCents: 25,
      creditAddedCents: 475,
      creditUsedCents: 100,
      result: "1/2|(MA40)",
    });
    await makeEntry({ roundId: round.id, playerId: q.id, division: "MA40", score: 52 });
    await makeEntry({ roundId: (await makeRound()).id, playerId: p.id }); // another round's entry

    const list = await getPublic<Entry[]>(`/api/entries/${round.id}`);
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0])).toEqual(expect.arrayContaining(ENTRY_FIELDS));
    expect(list[0]).toMatchObject({
      id: e.id,
      player_id: p.id,
      round_id: round.id,
      fn: p.firstName,
      ln: p.lastName,
      pdga: "98765",
      division: "MA40",
      ace: false,
      score: 47,
      payout: 4.5,
      payoutAdjust: 0.25,
      credit_added: 4.75,
      credit_used: 1,
      payment_id: null,
      EntryPayout: 4.75,
      result: "1/2|(MA40)",
      version: e.version,
    });
    expect(list[1]).toMatchObject({ player_id: q.id, ace: true, payout: 0, credit_added: 0 });
  });

  it("is an empty list for a round without entries", async () => {
    const round = await makeRound();
    expect(await getPublic(`/api/entries/${round.id}`)).toEqual([]);
  });

  it("404 for an unknown round, 400 for a bad id", async () => {
    await expectError("/api/entries/99999999", 404, "not_found");
    await expectError("/api/entries/abc", 400, "bad_request");
    expect((await expectError("/api/entries/-3", 400, "bad_request")).error).toBe("Invalid round id");
  });
});

describe("GET /api/entries/multi/{ids}", () => {
  it("returns the entries of every listed round, including more than 100 ids", async () => {
    const rounds = [];
    for (let i = 0; i < 3; i++) rounds.push(await makeRound());
    const p = await makePlayer();
    const made = await Promise.all(rounds.map((r) => makeEntry({ roundId: r.id, playerId: p.id })));
    const unlisted = await makeRound();
    await makeEntry({ roundId: unlisted.id, playerId: p.id });

    const list = await getPublic<Entry[]>(`/api/entries/multi/${rounds.map((r) => r.id).join(",")}`);
    expect(list.map((e) => e.id)).toEqual(made.map((e) => e.id));

    // Ids of rounds that do not exist simply have no entries; 120 ids exceed one D1 query.
    const many = [...Array.from({ length: 117 }, (_, i) => 50_000_000 + i), ...rounds.map((r) => r.id)];
    const big = await getPublic<Entry[]>(`/api/entries/multi/${many.join(",")}`);
    expect(big.map((e) => e.id)).toEqual(made.map((e) => e.id));
  });

  it("400 for a bad or empty id list", async () => {
    for (const bad of ["1,abc", "1,-2", "1.5", ",,,", "1;2"]) {
      await expectError(`/api/entries/multi/${bad}`, 400, "bad_request");
    }
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1).join(",");
    expect((await expectError(`/api/entries/multi/${tooMany}`, 400, "bad_request")).error).toBe("At most 500 round ids");
    expect((await expectError("/api/entries/multi/,,,", 400, "bad_request")).error).toBe("Give one or more round ids, separated by commas");
    expect((await expectError("/api/entries/multi/1,x", 400, "bad_request")).error).toBe("Invalid round id");
  });
});
