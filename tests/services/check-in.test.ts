import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { DAY, balanceOf, makeEntry, makePlayer, nowSec, refusal, testDb } from "../fixtures";
import { PRICE, expectBooksBalance } from "../money-fixtures";
import { IN_WINDOW, cardsVersionOf, checkedInRound, entryRow, playerEntry } from "../night-fixtures";
import { env } from "cloudflare:workers";
import { leagueFromEnv } from "~/.server/league";
import { makeRoundCards } from "~/.server/services/cards/card-writes";
import { publishCards } from "~/.server/services/cards/card-publish";
import { CHECK_IN_MESSAGES, checkIn, undoCheckIn } from "~/.server/services/night/check-in";
import { NIGHT_MESSAGES } from "~/.server/services/night/night-target";
import { playerNight } from "~/.server/services/night/player-night";
import { cardBoard } from "~/.server/services/cards/card-board";

// Check-in (ADR 25): who may check in which entry, when, and only when it is paid.

const db = testDb;
const timeZone = leagueFromEnv(env).timeZone;
const asPlayer = (userId: number) => ({ admin: false, userId });

describe("a player checking in their own entry", () => {
  it("is refused before the window and after the start with the window's times, and checks in inside it", async () => {
    const w = await playerEntry({ startsIn: DAY, cashCents: PRICE });
    const start = w.round.startsAt;
    const input = { roundId: w.round.id, entryId: null, who: asPlayer(w.user.id), timeZone };
    const early = await refusal(checkIn(db(), { ...input, now: start - 121 * 60 }));
    expect(early.status).toBe(409);
    expect(early.message).toMatch(/^Check-in for .* opens at \d{1,2}:\d\d [AP]M and closes at \d{1,2}:\d\d [AP]M, when it starts\.$/);
    const late = await refusal(checkIn(db(), { ...input, now: start }));
    expect(late.message).toMatch(/closed at \d{1,2}:\d\d [AP]M, when it started\. Ask an admin\.$/);
    expect((await entryRow(w.entry.id))?.checkedInAt).toBeNull();

    const done = await checkIn(db(), { ...input, now: start - 120 * 60 });
    expect(done).toMatchObject({ entryId: w.entry.id, changed: true, creditCents: 0, checkedInAt: start - 120 * 60 });
    expect(await entryRow(w.entry.id)).toMatchObject({ checkedInAt: start - 120 * 60, checkedInBy: w.user.id });
  });

  it("is refused with what is owed when the entry is unpaid and the credit does not cover it", async () => {
    const w = await playerEntry({ creditCents: 200, balanceCents: 300 });
    const err = await refusal(checkIn(db(), { roundId: w.round.id, entryId: null, who: asPlayer(w.user.id), useCredit: true, timeZone }));
    expect(err.status).toBe(409);
    expect(err.message).toBe(CHECK_IN_MESSAGES.owes(400, w.round.name));
    expect(err.message).toBe(`You owe $4.00 for ${w.round.name}. Pay the organiser at the course.`);
    expect((await entryRow(w.entry.id))?.checkedInAt).toBeNull();
    expect(await balanceOf(w.player.id)).toBe(300);
  });

  it("pays what is owed from credit only with consent, in the same write as the check-in", async () => {
    const w = await playerEntry({ balanceCents: 1000 });
    const input = { roundId: w.round.id, entryId: null, who: asPlayer(w.user.id), timeZone };
    const asked = await refusal(checkIn(db(), input));
    expect(asked.message).toBe(CHECK_IN_MESSAGES.consent(PRICE, w.round.name, 1000));
    expect(await balanceOf(w.player.id)).toBe(1000);

    const done = await checkIn(db(), { ...input, useCredit: true });
    expect(done).toMatchObject({ changed: true, creditCents: PRICE });
    expect(await entryRow(w.entry.id)).toMatchObject({ creditUsedCents: PRICE, checkedInBy: w.user.id });
    expect(await balanceOf(w.player.id)).toBe(400);
    expect((await playerNight(db(), w.round.id, w.player.id))?.owedCents).toBe(0);

    // Again: nothing changes, no more credit is taken.
    expect(await checkIn(db(), { ...input, useCredit: true })).toMatchObject({ changed: false, creditCents: 0 });
    expect(await balanceOf(w.player.id)).toBe(400);
    await expectBooksBalance();
  });

  it("answers 403 for another user's entry or without an approved claim, and 404 with no entry in the round", async () => {
    const mine = await playerEntry({ cashCents: PRICE });
    const theirs = await playerEntry({ cashCents: PRICE });
    const other = await refusal(
      checkIn(db(), { roundId: theirs.round.id, entryId: theirs.entry.id, who: asPlayer(mine.user.id), timeZone }),
    );
    expect([other.status, other.message]).toEqual([403, NIGHT_MESSAGES.notYours]);
    const stranger = await makeUser();
    const noClaim = await refusal(checkIn(db(), { roundId: mine.round.id, entryId: null, who: asPlayer(stranger.id), timeZone }));
    expect([noClaim.status, noClaim.message]).toEqual([403, NIGHT_MESSAGES.noClaim]);
    const none = await refusal(checkIn(db(), { roundId: theirs.round.id, entryId: null, who: asPlayer(mine.user.id), timeZone }));
    expect([none.status, none.message]).toEqual([404, NIGHT_MESSAGES.notEntered(theirs.round.name)]);
    expect((await entryRow(theirs.entry.id))?.checkedInAt).toBeNull();
  });
});

describe("an admin checking in", () => {
  it("checks in any entry, unpaid too, any time before the round has scores", async () => {
    const w = await playerEntry({ startsIn: 3 * DAY });
    const admin = await makeUser({ isAdmin: true });
    const who = { admin: true, userId: admin.id };
    const done = await checkIn(db(), { roundId: w.round.id, entryId: w.entry.id, who, timeZone });
    expect(done).toMatchObject({ changed: true, creditCents: 0 });
    expect(await entryRow(w.entry.id)).toMatchObject({ checkedInBy: admin.id, creditUsedCents: 0 });
    expect(await undoCheckIn(db(), { roundId: w.round.id, entryId: w.entry.id, who, timeZone })).toMatchObject({ changed: true });

    const scored = await makeEntry({ roundId: w.round.id, playerId: (await makePlayer()).id, score: 54 });
    const err = await refusal(checkIn(db(), { roundId: w.round.id, entryId: w.entry.id, who, timeZone }));
    expect([err.status, err.message]).toEqual([409, NIGHT_MESSAGES.played(w.round.name)]);
    expect(scored.id).toBeGreaterThan(0);
  });

  it("answers 404 for an entry of another round", async () => {
    const [a, b] = await Promise.all([playerEntry(), playerEntry()]);
    const admin = await makeUser({ isAdmin: true });
    const err = await refusal(
      checkIn(db(), { roundId: a.round.id, entryId: b.entry.id, who: { admin: true, userId: admin.id }, timeZone }),
    );
    expect(err.status).toBe(404);
  });
});

describe("undoing a check-in", () => {
  it("takes the player off a draft card (the cards' version moves on) but not off a published one", async () => {
    const night = await checkedInRound(6, { startsAt: nowSec() + IN_WINDOW });
    const who = { admin: true, userId: night.admin.id };
    const made = await makeRoundCards(db(), night.round.id, { version: 0 });
    const [first, second] = night.entries;
    await undoCheckIn(db(), { roundId: night.round.id, entryId: first!.id, who, timeZone });
    const board = await cardBoard(db(), night.round.id);
    expect(board.version).toBe(made.version + 1);
    expect(board.cards.flatMap((c) => c.players.map((p) => p.entryId))).not.toContain(first!.id);

    await publishCards(db(), night.round.id, board.version, { jobs: env.JOBS, origin: "http://localhost" });
    const published = await cardsVersionOf(night.round.id);
    await undoCheckIn(db(), { roundId: night.round.id, entryId: second!.id, who, timeZone });
    const after = await cardBoard(db(), night.round.id);
    expect(after.version).toBe(published);
    expect(after.cards.flatMap((c) => c.players).find((p) => p.entryId === second!.id)).toMatchObject({ checkedIn: false });
    // An undone check-in is idempotent too.
    expect(await undoCheckIn(db(), { roundId: night.round.id, entryId: second!.id, who, timeZone })).toMatchObject({ changed: false });
  });
});
