import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, uniq } from "../fixtures";
import { expectError, getPublic } from "./http";

type Player = Record<string, unknown> & { id: number };

describe("GET /api/players", () => {
  it("lists every player with balance, counts and averages", async () => {
    const p = await makePlayer({ inactive: true });
    const now = nowSec();
    const old = await makeRound({ startsAt: now - 400 * DAY }); // an earlier league year
    const recent = await makeRound({ startsAt: now });
    await makeEntry({ roundId: old.id, playerId: p.id, score: 60, creditAddedCents: 900 });
    await makeEntry({ roundId: recent.id, playerId: p.id, score: 51, creditUsedCents: 600 });
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 125 });

    const list = await getPublic<Player[]>("/api/players");
    expect(list.find((x) => x.id === p.id)).toEqual({
      id: p.id,
      fn: p.firstName,
      ln: p.lastName,
      pdga: null,
      division: "MA1",
      inactive: true,
      balance: (900 - 600 + 125) / 100,
      roundCount: 2,
      roundCountYear: 1,
      average: 55.5,
      thisYearAverage: 51,
    });
  });

  it("has no other list under /api/players (404 JSON)", async () => {
    await expectError("/api/players/bogus", 404, "not_found");
  });
});

describe("GET /api/players/simpleList", () => {
  it("lists id, fn, ln of every player, inactive ones included", async () => {
    const p = await makePlayer({ inactive: true });
    const list = await getPublic<Player[]>("/api/players/simpleList");
    expect(list.find((x) => x.id === p.id)).toEqual({ id: p.id, fn: p.firstName, ln: p.lastName });
  });

  it("404 JSON below it", async () => {
    await expectError("/api/players/simpleList/extra", 404, "not_found");
  });
});

describe("GET /api/players/round/{id}", () => {
  it("lists the players entered in that round only", async () => {
    const round = await makeRound();
    const [a, b, out] = await Promise.all([makePlayer(), makePlayer(), makePlayer()]);
    await makeEntry({ roundId: round.id, playerId: a.id });
    await makeEntry({ roundId: round.id, playerId: b.id });
    await makeEntry({ roundId: (await makeRound()).id, playerId: out.id });
    const list = await getPublic<Player[]>(`/api/players/round/${round.id}`);
    expect(list.map((x) => x.id).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(list.find((x) => x.id === a.id)).toEqual({ id: a.id, fn: a.firstName, ln: a.lastName });
  });

  it("404 for an unknown round, 400 for a bad id", async () => {
    await expectError("/api/players/round/99999999", 404, "not_found");
    expect((await expectError("/api/players/round/1.5", 400, "bad_request")).error).toBe("Invalid round id");
  });
});

describe("GET /api/players/player/{id}", () => {
  it("returns one player with stats, balance and claims", async () => {
    const p = await makePlayer({ pdga: "4242" });
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 2_000 });
    await makeTransfer({ fromPlayerId: p.id, toPlayerId: null, amountCents: 750 });
    expect(await getPublic(`/api/players/player/${p.id}`)).toEqual({
      id: p.id,
      fn: p.firstName,
      ln: p.lastName,
      pdga: "4242",
      division: "MA1",
      inactive: false,
      balance: 12.5,
      roundCount: 0,
      roundCountYear: 0,
      average: null,
      thisYearAverage: null,
      claims: [],
    });
  });

  it("404 for an unknown player, 400 for a bad id", async () => {
    await expectError("/api/players/player/99999999", 404, "not_found");
    await expectError("/api/players/player/abc", 400, "bad_request");
  });
});

describe("GET /api/players/search/{text}", () => {
  it("finds by full name, case-insensitively, with balances; % in the text is literal", async () => {
    const tag = uniq();
    const p = await makePlayer({ firstName: `Dana${tag}`, lastName: `Frost${tag}` });
    const pct = await makePlayer({ firstName: `Half%${tag}`, lastName: "Off" });
    await makePlayer({ firstName: `HalfX${tag}`, lastName: "Off" });
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 330 });

    const text = encodeURIComponent(`dana${tag} FROST${tag}`);
    expect(await getPublic(`/api/players/search/${text}`)).toEqual([
      { id: p.id, fn: p.firstName, ln: p.lastName, balance: 3.3, division: p.division },
    ]);
    const literal = await getPublic<Player[]>(`/api/players/search/${encodeURIComponent(`Half%${tag}`)}`);
    expect(literal.map((x) => x.id)).toEqual([pct.id]);
  });

  it("400 for fewer than 3 characters", async () => {
    await expectError("/api/players/search/ab", 400, "bad_request");
    const short = await expectError(`/api/players/search/${encodeURIComponent("  ab ")}`, 400, "bad_request");
    expect(short.error).toBe("Search text must be at least 3 characters");
    expect((await expectError(`/api/players/search/${"x".repeat(101)}`, 400, "bad_request")).error).toBe(
      "Search for at most 40 characters",
    );
  });
});
