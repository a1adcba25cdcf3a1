// The league night's reads in the /api (ADR 25, 30, 31): a round's check-in desk (admin),
// what one entry owes (its player, or an admin), a round's side pots and its teams (everyone,
// as the round page shows them); each with its guards and its refusals of bad ids.
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, makeTransfer, nowSec } from "../fixtures";
import { PRICE, paidEntry } from "../money-fixtures";
import { IN_WINDOW } from "../night-fixtures";
import { BUY_IN, ctpPot } from "../sidepot-fixtures";
import { testDb } from "../fixtures";
import { sidePotMarks } from "~/.server/db/schema";
import { NIGHT_MESSAGES } from "~/.server/services/night/night-target";
import { ENTRY_OWES_MESSAGES } from "~/.server/services/night/entry-owes";
import type { EntryOwesJson, NightDeskJson } from "../../workers/api/serializers/night-desk";
import type { RoundPotsJson, RoundTeamsJson } from "../../workers/api/serializers/side-pots";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));

describe("GET /api/admin/rounds/{id}/check-in", () => {
  it("lists every entry: checked in or not, by whom and when, and what it owes; the night's counts", async () => {
    const w = await paidEntry({ startsIn: IN_WINDOW, cashCents: PRICE });
    const late = await makePlayer({ firstName: "Zed", lastName: "Zulu" });
    await makeTransfer({ fromPlayerId: null, toPlayerId: late.id, amountCents: 200 });
    const owing = await makeEntry({ roundId: w.round.id, playerId: late.id, creditUsedCents: 200 });
    await expectStatus(await call("POST", `/api/rounds/${w.round.id}/check-in`, { token: w.token, body: {} }), 200);

    const desk = await expectStatus<NightDeskJson>(
      await call("GET", `/api/admin/rounds/${w.round.id}/check-in`, { token: await adminToken() }),
      200,
    );
    expect(desk).toMatchObject({ round_id: w.round.id, round_name: w.round.name, played: false, entered: 2, checked_in: 1, owed: 4 });
    const mine = desk.entries.find((e) => e.entry_id === w.entry.id);
    expect(mine).toMatchObject({
      checked_in: true,
      checked_in_by: { user_id: w.user.id, name: w.user.name },
      price: 6,
      paid: 6,
      paid_by: { credit: 0, paypal: 0, cash: 6 },
      owed: 0,
      over: 0,
    });
    expect(mine?.checked_in_at).toBeGreaterThan(nowSec() - 60);
    expect(desk.entries.find((e) => e.entry_id === owing.id)).toMatchObject({
      name: "Zed Zulu",
      checked_in: false,
      checked_in_at: null,
      checked_in_by: null,
      paid_by: { credit: 2, paypal: 0, cash: 0 },
      owed: 4,
    });
  });

  it("401 for a visitor, 403 for a player, 404 for an unknown round, 400 for a bad id", async () => {
    const w = await paidEntry();
    const path = `/api/admin/rounds/${w.round.id}/check-in`;
    await expectError(await call("GET", path), 401);
    await expectError(await call("GET", path, { token: w.token }), 403, "Not an admin");
    const token = await adminToken();
    await expectError(await call("GET", "/api/admin/rounds/99999999/check-in", { token }), 404, "Round not found");
    await expectError(await call("GET", "/api/admin/rounds/1e3/check-in", { token }), 400, "Invalid round id");
  });
});

describe("GET /api/entries/{id}/owes", () => {
  it("answers the player's own entry, and any entry to an admin, with the night screen's numbers", async () => {
    const w = await paidEntry({ creditCents: 250 });
    const own = await expectStatus<EntryOwesJson>(await call("GET", `/api/entries/${w.entry.id}/owes`, { token: w.token }), 200);
    expect(own).toEqual({
      entry_id: w.entry.id,
      round_id: w.round.id,
      round_name: w.round.name,
      player_id: w.player.id,
      name: `${w.player.firstName} ${w.player.lastName}`,
      ace: true,
      checked_in: false,
      checked_in_at: null,
      price: 6,
      paid: 2.5,
      paid_by: { credit: 2.5, paypal: 0, cash: 0 },
      owed: 3.5,
      over: 0,
    });
    const asAdmin = await expectStatus<EntryOwesJson>(
      await call("GET", `/api/entries/${w.entry.id}/owes`, { token: await adminToken() }),
      200,
    );
    expect(asAdmin).toEqual(own);
  });

  it("counts a side pot's buy-in in the price and what is owed", async () => {
    const w = await paidEntry({ cashCents: PRICE });
    await ctpPot(w.round.id, []);
    const potId = await ctpPot(w.round.id, [], { buyInCents: BUY_IN });
    const token = await adminToken();
    await expectStatus(
      await call("POST", `/api/admin/rounds/${w.round.id}/side-pots/${potId}/players`, { token, body: { entry_id: w.entry.id } }),
      200,
    );
    const owes = await expectStatus<EntryOwesJson>(await call("GET", `/api/entries/${w.entry.id}/owes`, { token: w.token }), 200);
    expect(owes).toMatchObject({ price: 8, paid: 6, owed: 2 });
  });

  it("403 for another player's entry and without a claim, 404 for none, 401 for a visitor, 400 for a bad id", async () => {
    const [mine, theirs] = await Promise.all([paidEntry(), paidEntry()]);
    const path = `/api/entries/${theirs.entry.id}/owes`;
    const refused = await expectError(await call("GET", path, { token: mine.token }), 403, ENTRY_OWES_MESSAGES.notYours);
    expect(JSON.stringify(refused)).not.toContain(theirs.player.lastName);
    await expectError(await call("GET", path, { token: await tokenFor(await makeUser()) }), 403, NIGHT_MESSAGES.noClaim);
    await expectError(await call("GET", path), 401);
    await expectError(await call("GET", "/api/entries/99999999/owes", { token: await adminToken() }), 404, "Entry not found");
    await expectError(await call("GET", "/api/entries/abc/owes", { token: mine.token }), 400, "Invalid entry id");
  });
});

describe("GET /api/rounds/{id}/side-pots", () => {
  it("shows everyone each pot: kind, buy-in, who is in, each hole's holder and the prize so far", async () => {
    const round = await makeRound();
    const people = await Promise.all([makePlayer(), makePlayer()]);
    const [a, b] = await Promise.all(people.map((p) => makeEntry({ roundId: round.id, playerId: p.id, creditUsedCents: 0 })));
    const potId = await ctpPot(round.id, [], { name: "CTP", holes: [3, 7] });
    const token = await adminToken();
    for (const e of [a, b])
      await expectStatus(
        await call("POST", `/api/admin/rounds/${round.id}/side-pots/${potId}/players`, { token, body: { entry_id: e.id } }),
        200,
      );
    await testDb()
      .insert(sidePotMarks)
      .values({ leagueId: DEFAULT_LEAGUE_ID, potId, hole: 3, entryId: b.id, distanceCm: 122, byUserId: null, at: nowSec() });

    const res = await call("GET", `/api/rounds/${round.id}/side-pots`);
    const pots = await expectStatus<RoundPotsJson>(res, 200);
    expect(pots.round_id).toBe(round.id);
    expect(pots.side_pots).toHaveLength(1);
    const [pot] = pots.side_pots;
    expect(pot).toMatchObject({ id: potId, name: "CTP", kind: "ctp", buy_in: 2, holes: [3, 7], paid: false, prize: 4, wins: [] });
    expect(pot.players.map((p) => p.entry_id).sort()).toEqual([a.id, b.id].sort());
    expect(pot.marks).toEqual([
      {
        hole: 3,
        holders: [
          {
            entry_id: b.id,
            name: expect.any(String),
            settled: false,
            distance_cm: 122,
            distance: expect.stringMatching(/^4\.0 ft$|^1\.22 m$/),
          },
        ],
      },
      { hole: 7, holders: [] },
    ]);
  });

  it("404 for an unknown round, 400 for a bad id; a round without pots has none", async () => {
    await expectError(await call("GET", "/api/rounds/99999999/side-pots"), 404, "Round not found");
    await expectError(await call("GET", "/api/rounds/-1/side-pots"), 400, "Invalid round id");
    const round = await makeRound();
    expect((await expectStatus<RoundPotsJson>(await call("GET", `/api/rounds/${round.id}/side-pots`), 200)).side_pots).toEqual([]);
  });
});

describe("GET /api/rounds/{id}/teams", () => {
  it("shows a doubles round's teams in number order with the version a draw sends back", async () => {
    const round = await makeRound({ doubles: true });
    const made = [];
    for (const team of [2, 1, 1, 2, 3]) made.push(await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id, team }));
    const t = await expectStatus<RoundTeamsJson>(await call("GET", `/api/rounds/${round.id}/teams`), 200);
    expect(t).toMatchObject({ round_id: round.id, doubles: true, version: 0 });
    expect(t.teams.map((x) => [x.number, x.cali, x.members.map((m) => m.entry_id)])).toEqual([
      [1, false, [made[1].id, made[2].id]],
      [2, false, [made[0].id, made[3].id]],
      [3, true, [made[4].id]],
    ]);
  });

  it("a round not doubles has none; 404 for an unknown round", async () => {
    const round = await makeRound();
    expect(await expectStatus(await call("GET", `/api/rounds/${round.id}/teams`), 200)).toEqual({
      round_id: round.id,
      doubles: false,
      version: 0,
      teams: [],
    });
    await expectError(await call("GET", "/api/rounds/99999999/teams"), 404, "Round not found");
  });
});
