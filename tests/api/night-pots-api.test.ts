// The organiser's side pots and doubles draw in the /api (ADR 30, 31): the night screen's
// actions through the same services. Each call's answer, its guards, and hostile input
// (malformed and huge bodies, wrong types, another round's ids, a stale teams version)
// answered 4xx with nothing changed. The books check ends the file (tests/setup.ts).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { balanceOf, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { PRICE } from "../money-fixtures";
import { makeLayout } from "../night-fixtures";
import { socketOf, twoOnACard } from "../live-fixtures";
import { BUY_IN, ctpPot, entryRow, marksOf } from "../sidepot-fixtures";
import { entries, rounds, sidePots } from "~/.server/db/schema";
import { MARK_MESSAGES } from "~/.server/services/sidepots/marks";
import { OPT_IN_MESSAGES } from "~/.server/services/entries/pot-opt-in";
import { POT_MESSAGES } from "~/.server/services/sidepots/side-pots";
import { TEAM_MESSAGES } from "~/.server/services/doubles/teams";
import type { RoundPotsJson, RoundTeamsJson } from "../../workers/api/serializers/side-pots";

type PotsFrame = { type: "pots"; pots: { id: number; holders: { hole: number; holders: { name: string }[] }[] }[] };

const admin = async () => tokenFor(await makeUser({ isAdmin: true }));
const potsPath = (roundId: number) => `/api/admin/rounds/${roundId}/side-pots`;
const potRows = (roundId: number) => testDb().select().from(sidePots).where(eq(sidePots.roundId, roundId));

/** A round with `n` entries paid from credit, each player holding $10 of credit more. */
async function night(n: number, round?: { doubles?: boolean; checkedIn?: boolean }) {
  const r = await makeRound({ doubles: round?.doubles ?? false });
  const list = [];
  for (let i = 0; i < n; i++) {
    const player = await makePlayer();
    await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: PRICE + 1_000 });
    const checkedInAt = round?.checkedIn ? nowSec() : null;
    list.push({ player, entry: await makeEntry({ roundId: r.id, playerId: player.id, creditUsedCents: PRICE, checkedInAt }) });
  }
  return { round: r, list };
}

describe("adding and deleting a side pot", () => {
  it("adds a CTP and a custom pot, answering the round's pots; deletes an empty one", async () => {
    const { round } = await night(0);
    const token = await admin();
    const ctp = await expectStatus<RoundPotsJson & { pot_id: number; message: string }>(
      await call("POST", potsPath(round.id), { token, body: { name: "CTP", kind: "ctp", buy_in: 2, holes: [7, 3, 7] } }),
      201,
    );
    expect(ctp.message).toBe(POT_MESSAGES.added("CTP", 200));
    expect(ctp.side_pots).toMatchObject([{ id: ctp.pot_id, name: "CTP", kind: "ctp", buy_in: 2, holes: [3, 7], players: [] }]);
    const custom = await expectStatus<{ pot_id: number }>(
      await call("POST", potsPath(round.id), { token, body: { name: "Skins", kind: "custom", buy_in: "1.50" } }),
      201,
    );
    expect((await potRows(round.id)).map((p) => [p.name, p.buyInCents, p.holes])).toEqual([
      ["CTP", 200, "[3,7]"],
      ["Skins", 150, null],
    ]);
    const gone = await expectStatus<RoundPotsJson>(await call("DELETE", `${potsPath(round.id)}/${custom.pot_id}`, { token }), 200);
    expect(gone.side_pots.map((p) => p.name)).toEqual(["CTP"]);
  });

  it("refuses bad bodies, a name taken, holes off the course, players and visitors, and changes nothing", async () => {
    const round = await makeRound({ layoutId: await makeLayout(Array(9).fill(3)) });
    const token = await admin();
    const player = await tokenFor(await makeUser());
    const path = potsPath(round.id);
    const good = { name: "CTP", kind: "ctp", buy_in: 2, holes: [3] };
    await expectStatus(await call("POST", path, { token, body: good }), 201);
    const cases: [unknown, number, string?][] = [
      [good, 409, POT_MESSAGES.sameName("CTP")],
      [{ ...good, name: "Other", holes: [10] }, 400, POT_MESSAGES.badHole(10, 9)],
      [{ ...good, name: "Other", holes: [] }, 400, "Choose the CTP holes, like [3, 7]"],
      [{ ...good, name: "Other", holes: "3, 7" }, 400],
      [{ ...good, name: "Other", holes: [0] }, 400],
      [{ ...good, name: "Other", holes: [28] }, 400],
      [{ ...good, name: "Other", holes: [2.5] }, 400, "Holes are whole numbers"],
      [{ ...good, name: "Other", buy_in: "abc" }, 400, "Buy-in must be an amount in dollars, like 12.50"],
      [{ ...good, name: "Other", buy_in: -2 }, 400],
      [{ ...good, name: "Other", buy_in: 1001 }, 400, "Buy-in is at most $1,000.00"],
      [{ ...good, name: "Other", kind: "ace" }, 400],
      [{ ...good, name: "x".repeat(41) }, 400, "At most 40 characters"],
      [{ ...good, name: 42 }, 400],
      [[good], 400],
      ["{not json", 400],
      [{ ...good, name: "Other", padding: "x".repeat(70 * 1024) }, 413],
    ];
    for (const [body, status, message] of cases) await expectError(await call("POST", path, { token, body }), status, message);
    await expectError(await call("POST", path, { token: player, body: { ...good, name: "Mine" } }), 403, "Not an admin");
    await expectError(await call("POST", path, { body: { ...good, name: "Mine" } }), 401);
    await expectError(await call("POST", "/api/admin/rounds/99999999/side-pots", { token, body: good }), 404, "Round not found");
    expect((await potRows(round.id)).map((p) => p.name)).toEqual(["CTP"]);
  });

  it("deletes no pot with players, none of another round, none for a player", async () => {
    const { round, list } = await night(1);
    const other = await night(0);
    const potId = await ctpPot(round.id, [list[0].entry.id]);
    const token = await admin();
    const name = (await potRows(round.id))[0].name;
    await expectError(await call("DELETE", `${potsPath(round.id)}/${potId}`, { token }), 409, POT_MESSAGES.hasPlayers(name));
    await expectError(await call("DELETE", `${potsPath(other.round.id)}/${potId}`, { token }), 404, "Side pot not found");
    await expectError(await call("DELETE", `${potsPath(round.id)}/${potId}`, { token: await tokenFor(await makeUser()) }), 403);
    await expectError(await call("DELETE", `${potsPath(round.id)}/x1`, { token }), 400, "Invalid side pot id");
    expect(await potRows(round.id)).toHaveLength(1);
  });
});

describe("a player into and out of a pot", () => {
  it("in from credit takes the buy-in at once; out gives it back as credit", async () => {
    const { round, list } = await night(1);
    const [{ player, entry }] = list;
    const potId = await ctpPot(round.id, []);
    const token = await admin();
    const path = `${potsPath(round.id)}/${potId}/players`;
    const joined = await expectStatus<RoundPotsJson & { message: string }>(
      await call("POST", path, { token, body: { entry_id: entry.id, from_credit: true } }),
      200,
    );
    expect(joined.message).toContain("paid from credit");
    expect(joined.side_pots[0].players.map((p) => p.entry_id)).toEqual([entry.id]);
    expect(await balanceOf(player.id)).toBe(1_000 - BUY_IN);
    await expectError(await call("POST", path, { token, body: { entry_id: entry.id } }), 409);
    const left = await expectStatus<{ message: string }>(await call("DELETE", `${path}/${entry.id}`, { token }), 200);
    expect(left.message).toContain("back as credit");
    expect(await balanceOf(player.id)).toBe(1_000);
    expect((await entryRow(entry.id)).creditUsedCents).toBe(PRICE);
  });

  it("refuses another round's entry or pot, wrong types, an entry not in, and a player; nothing moves", async () => {
    const { round, list } = await night(1);
    const other = await night(1);
    const potId = await ctpPot(round.id, []);
    const otherPot = await ctpPot(other.round.id, []);
    const token = await admin();
    const path = `${potsPath(round.id)}/${potId}/players`;
    const [{ player, entry }] = list;
    await expectError(
      await call("POST", path, { token, body: { entry_id: other.list[0].entry.id, from_credit: true } }),
      404,
      "Entry not found",
    );
    await expectError(
      await call("POST", `${potsPath(round.id)}/${otherPot}/players`, { token, body: { entry_id: entry.id } }),
      404,
      "Side pot not found",
    );
    await expectError(
      await call("POST", path, { token, body: { entry_id: entry.id, from_credit: "on" } }),
      400,
      "from_credit must be true or false",
    );
    await expectError(await call("POST", path, { token, body: { entry_id: "1.5" } }), 400, "Invalid entry id");
    await expectError(await call("POST", path, { token, body: {} }), 400);
    const name = (await potRows(round.id))[0].name;
    await expectError(
      await call("DELETE", `${path}/${entry.id}`, { token }),
      409,
      OPT_IN_MESSAGES.notIn(`${player.firstName} ${player.lastName}`, name),
    );
    await expectError(
      await call("POST", path, { token: await tokenFor(await makeUser()), body: { entry_id: entry.id, from_credit: true } }),
      403,
    );
    expect(await balanceOf(player.id)).toBe(1_000);
    expect(await balanceOf(other.list[0].player.id)).toBe(1_000);
  });
});

describe("a buy-in from credit the player does not have", () => {
  it("is refused with 409 and takes nothing", async () => {
    const round = await makeRound();
    const player = await makePlayer();
    await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: PRICE + 100 });
    const entry = await makeEntry({ roundId: round.id, playerId: player.id, creditUsedCents: PRICE });
    const potId = await ctpPot(round.id, []);
    const path = `${potsPath(round.id)}/${potId}/players`;
    await expectError(await call("POST", path, { token: await admin(), body: { entry_id: entry.id, from_credit: true } }), 409);
    expect(await balanceOf(player.id)).toBe(100);
    expect((await entryRow(entry.id)).creditUsedCents).toBe(PRICE);
    expect((await potRows(round.id))[0]).toBeDefined();
    const pots = await expectStatus<RoundPotsJson>(await call("GET", `/api/rounds/${round.id}/side-pots`), 200);
    expect(pots.side_pots[0].players).toEqual([]);
  });
});

describe("settling a pot's hole", () => {
  it("records the winners (a tie too) and clears the hole again", async () => {
    const { round, list } = await night(3);
    const [a, b, c] = list.map((x) => x.entry.id);
    const potId = await ctpPot(round.id, [a, b, c]);
    const token = await admin();
    const hole = `${potsPath(round.id)}/${potId}/holes/3`;
    const set = await expectStatus<RoundPotsJson & { message: string }>(await call("PUT", hole, { token, body: { winners: [a, b] } }), 200);
    expect(set.side_pots[0].marks[0]).toMatchObject({ hole: 3, holders: [{ settled: true }, { settled: true }] });
    expect((await marksOf(potId)).map((m) => [m.hole, m.entryId, m.settled])).toEqual([
      [3, a, true],
      [3, b, true],
    ]);
    const cleared = await expectStatus<{ message: string }>(await call("DELETE", hole, { token }), 200);
    expect(cleared.message).toContain("open for players' marks again");
    expect(await marksOf(potId)).toEqual([]);
  });

  it("refuses a hole not the pot's, a winner not in it, another round's pot, bad winners and a player; the marks stay", async () => {
    const { round, list } = await night(2);
    const other = await night(1);
    const [a, b] = list.map((x) => x.entry.id);
    const potId = await ctpPot(round.id, [a]);
    const otherPot = await ctpPot(other.round.id, []);
    const token = await admin();
    const base = `${potsPath(round.id)}/${potId}/holes`;
    await expectStatus(await call("PUT", `${base}/7`, { token, body: { winners: [a] } }), 200);
    const before = await marksOf(potId);
    await expectError(await call("PUT", `${base}/4`, { token, body: { winners: [a] } }), 400, MARK_MESSAGES.notHole(4));
    await expectError(await call("PUT", `${base}/7`, { token, body: { winners: [b] } }), 409);
    await expectError(await call("PUT", `${base}/7`, { token, body: { winners: [other.list[0].entry.id] } }), 409);
    await expectError(await call("PUT", `${base}/7`, { token, body: { winners: [99999999] } }), 404, "Entry not found");
    await expectError(
      await call("PUT", `${potsPath(round.id)}/${otherPot}/holes/3`, { token, body: { winners: [a] } }),
      404,
      "Side pot not found",
    );
    await expectError(await call("PUT", `${base}/7`, { token, body: { winners: [] } }), 400);
    await expectError(await call("PUT", `${base}/7`, { token, body: { winners: a } }), 400, "winners must be a list of entry ids");
    await expectError(await call("PUT", `${base}/7`, { token, body: { winners: Array(7).fill(a) } }), 400);
    await expectError(await call("PUT", `${base}/99`, { token, body: { winners: [a] } }), 400, "Invalid hole");
    await expectError(await call("DELETE", `${base}/7`, { token: await tokenFor(await makeUser()) }), 403);
    await expectError(await call("DELETE", `${base}/7`), 401);
    expect(await marksOf(potId)).toEqual(before);
  });
});

describe("drawing a doubles round's teams", () => {
  const teamsOf = async (roundId: number) =>
    (await testDb().select({ id: entries.id, team: entries.team }).from(entries).where(eq(entries.roundId, roundId))).map((e) => e.team);

  it("draws from the players checked in and draws again with the version it read", async () => {
    const { round } = await night(5, { doubles: true, checkedIn: true });
    const token = await admin();
    const path = `/api/admin/rounds/${round.id}/teams`;
    const drawn = await expectStatus<RoundTeamsJson & { message: string }>(
      await call("POST", path, { token, body: { mode: "random", version: 0 } }),
      200,
    );
    expect(drawn.message).toBe(TEAM_MESSAGES.drawn(3, true));
    expect(drawn).toMatchObject({ doubles: true, version: 1 });
    expect(drawn.teams.map((t) => t.members.length).sort()).toEqual([1, 2, 2]);
    const again = await expectStatus<RoundTeamsJson>(await call("POST", path, { token, body: { mode: "balanced", version: "1" } }), 200);
    expect(again.version).toBe(2);
    expect(await expectStatus(await call("GET", `/api/rounds/${round.id}/teams`), 200)).toEqual({
      round_id: round.id,
      doubles: true,
      version: 2,
      teams: again.teams,
    });
  });

  it("refuses a stale version, a round not doubles, bad bodies and a player, and leaves the teams", async () => {
    const { round } = await night(4, { doubles: true, checkedIn: true });
    const single = await night(2, { checkedIn: true });
    const token = await admin();
    const path = `/api/admin/rounds/${round.id}/teams`;
    await expectStatus(await call("POST", path, { token, body: { mode: "random", version: 0 } }), 200);
    const before = await teamsOf(round.id);
    await expectError(await call("POST", path, { token, body: { mode: "random", version: 0 } }), 409, TEAM_MESSAGES.changed);
    await expectError(
      await call("POST", path, { token, body: { mode: "random" } }),
      400,
      "version is required: send the version of the teams as you read it",
    );
    await expectError(await call("POST", path, { token, body: { mode: "best", version: 1 } }), 400, "mode must be random or balanced");
    await expectError(await call("POST", path, { token, body: { mode: "random", version: -1 } }), 400, "Invalid teams version");
    await expectError(await call("POST", path, { token: await tokenFor(await makeUser()), body: { mode: "random", version: 1 } }), 403);
    await expectError(
      await call("POST", `/api/admin/rounds/${single.round.id}/teams`, { token, body: { mode: "random", version: 0 } }),
      409,
      TEAM_MESSAGES.notDoubles,
    );
    expect(await teamsOf(round.id)).toEqual(before);
    const [row] = await testDb().select({ v: rounds.teamsVersion }).from(rounds).where(eq(rounds.id, round.id));
    expect(row.v).toBe(1);
  });

  it("refuses a draw once the cards are published", async () => {
    const { round } = await night(2, { doubles: true, checkedIn: true });
    await testDb().update(rounds).set({ cardsPublishedAt: nowSec() }).where(eq(rounds.id, round.id));
    await expectError(
      await call("POST", `/api/admin/rounds/${round.id}/teams`, { token: await admin(), body: { mode: "random", version: 0 } }),
      409,
      TEAM_MESSAGES.fixed,
    );
    expect(await teamsOf(round.id)).toEqual([null, null]);
  });
});

describe("a pot change on a live round", () => {
  it("reaches the round page's socket, as the night screen's does", async () => {
    const { round, a, b, adminToken } = await twoOnACard();
    for (const p of [a, b]) await makeTransfer({ fromPlayerId: null, toPlayerId: p.player.id, amountCents: 500 });
    const potId = await ctpPot(round.id, [a.entry.id, b.entry.id], { holes: [3] });
    const spectator = await socketOf(round.id, { spectator: true });
    const from = spectator.frames.length;
    const hole = `${potsPath(round.id)}/${potId}/holes/3`;
    await expectStatus(await call("PUT", hole, { token: adminToken, body: { winners: [b.entry.id] } }), 200);
    const frame = (await spectator.next("pots" as never, from)) as unknown as PotsFrame;
    expect(frame.pots.find((p) => p.id === potId)?.holders[0]?.holders.map((h) => h.name)).toEqual([
      `${b.player.firstName} ${b.player.lastName}`,
    ]);
    spectator.close();
  });
});
