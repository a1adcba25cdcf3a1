import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { AppError } from "~/.server/errors";
import { getRound, latestRound, listRounds, roundsByIds, roundsByPlayer, splitRounds } from "~/.server/services/rounds/rounds";

async function expectNotFound(p: Promise<unknown>) {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe("not_found");
}

describe("listRounds", () => {
  it("lists rounds oldest first (ties by id), from `since` inclusive when given", async () => {
    const since = 1_500_000_000;
    const before = await makeRound({ startsAt: since - 1 });
    const late = await makeRound({ startsAt: since + 2 * DAY });
    const atStart = await makeRound({ startsAt: since });
    const sameA = await makeRound({ startsAt: since + DAY });
    const sameB = await makeRound({ startsAt: since + DAY });
    const mineIds = new Set([before.id, late.id, atStart.id, sameA.id, sameB.id]);
    const mine = (list: { id: number }[]) => list.filter((r) => mineIds.has(r.id)).map((r) => r.id);

    const db = testDb();
    expect(mine(await listRounds(db))).toEqual([before.id, atStart.id, sameA.id, sameB.id, late.id]);
    expect(mine(await listRounds(db, since))).toEqual([atStart.id, sameA.id, sameB.id, late.id]);
    const all = await listRounds(db, since);
    expect(all.every((r) => r.startsAt >= since)).toBe(true);
    for (let i = 1; i < all.length; i++) expect(all[i].startsAt).toBeGreaterThanOrEqual(all[i - 1].startsAt);
  });

  it("getRound returns the round in cents with its entry count; unknown id is not_found", async () => {
    const round = await makeRound({
      feePdgaCents: 50,
      feeCourseCents: 125,
      feeOtherCents: 5,
      aceCents: 100,
      payoutCents: 450,
      pdgaUrl: "https://pdga.com/x",
    });
    for (let i = 0; i < 3; i++) await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id });
    expect(await getRound(testDb(), round.id)).toEqual({ ...round, entryCount: 3 });
    expect(await getRound(testDb(), round.id)).toMatchObject({
      feePdgaCents: 50,
      feeCourseCents: 125,
      feeOtherCents: 5,
      aceCents: 100,
      payoutCents: 450,
      pdgaUrl: "https://pdga.com/x",
      openForRegistration: false,
    });
    await expectNotFound(getRound(testDb(), 88_888_888));
  });
});

describe("splitRounds", () => {
  it("splits past (newest first), future (soonest first) and today (within ±24 h of now)", async () => {
    const now = 1_800_000_000;
    const at = async (offset: number) => makeRound({ startsAt: now + offset });
    const longAgo = await at(-3 * DAY);
    const justOutside = await at(-DAY - 1);
    const edgePast = await at(-DAY);
    const hourAgo = await at(-3600);
    const atNow = await at(0);
    const edgeFuture = await at(DAY);
    const nextWeek = await at(7 * DAY);
    const ids = new Set([longAgo, justOutside, edgePast, hourAgo, atNow, edgeFuture, nextWeek].map((r) => r.id));
    const all = (await listRounds(testDb())).filter((r) => ids.has(r.id));

    const { past, future, today } = splitRounds(all, now);
    const idsOf = (list: { id: number }[]) => list.map((r) => r.id);
    expect(idsOf(past)).toEqual([hourAgo.id, edgePast.id, justOutside.id, longAgo.id]);
    expect(idsOf(future)).toEqual([atNow.id, edgeFuture.id, nextWeek.id]);
    expect(idsOf(today)).toEqual([edgePast.id, hourAgo.id, atNow.id, edgeFuture.id]);
  });

  it("gives empty lists for no rounds", () => {
    expect(splitRounds([], 1_800_000_000)).toEqual({ past: [], future: [], today: [] });
  });
});

describe("roundsByPlayer", () => {
  it("lists the player's rounds newest first with their result labels, money in cents", async () => {
    const me = await makePlayer();
    const other = await makePlayer();
    const r1 = await makeRound({ startsAt: 1_600_000_000, name: "Old one" });
    const r2 = await makeRound({ startsAt: 1_600_000_000 + 7 * DAY, name: "Newer one" });
    const r3 = await makeRound({ startsAt: 1_600_000_000 + 14 * DAY, name: "Not scored yet" });
    await makeEntry({
      roundId: r1.id,
      playerId: me.id,
      division: "MA1",
      score: 52,
      result: "3/7|(MA1)",
      payoutCents: 575,
      payoutAdjustCents: -25,
      creditAddedCents: 550,
    });
    await makeEntry({ roundId: r2.id, playerId: me.id, division: "MPO", score: 47, result: "10/12|tie-break", creditUsedCents: 600 });
    await makeEntry({ roundId: r3.id, playerId: me.id, division: "MPO" });
    await makeEntry({ roundId: r2.id, playerId: other.id, division: "MPO", score: 45, result: "1/12|(MPO)" });

    const list = await roundsByPlayer(testDb(), me.id);
    expect(list.map((r) => [r.roundId, r.roundName, r.result])).toEqual([
      [r3.id, "Not scored yet", null],
      [r2.id, "Newer one", "10/12|tie-break"],
      [r1.id, "Old one", "3/7|(MA1)"],
    ]);
    expect(list[2]).toEqual({
      roundId: r1.id,
      startsAt: r1.startsAt,
      roundName: "Old one",
      division: "MA1",
      score: 52,
      result: "3/7|(MA1)",
      payoutCents: 575,
      payoutAdjustCents: -25,
      entryPayoutCents: 550,
      creditAddedCents: 550,
      creditUsedCents: 0,
      rating: null,
      // A cancelled round stays listed, its credit moved (ADR 50): this one was not.
      cancelledAt: null,
      cancelReason: null,
    });
    expect(list[1]).toMatchObject({ creditUsedCents: 600, entryPayoutCents: 0 });
  });

  it("is empty for a player with no rounds and not_found for an unknown player", async () => {
    const p = await makePlayer();
    expect(await roundsByPlayer(testDb(), p.id)).toEqual([]);
    await expectNotFound(roundsByPlayer(testDb(), 77_777_777));
  });
});

describe("roundsByIds and latestRound", () => {
  it("finds the named rounds in date order, skipping unknown ids; the latest round is the last by date", async () => {
    const late = await makeRound({ startsAt: 4_000_000_000, location: "Far Future Park" });
    const early = await makeRound({ startsAt: 3_999_000_000 });
    const db = testDb();
    expect((await roundsByIds(db, [late.id, 987654321, early.id])).map((r) => r.id)).toEqual([early.id, late.id]);
    expect(await roundsByIds(db, [])).toEqual([]);
    expect(await latestRound(db)).toEqual({ startsAt: 4_000_000_000, location: "Far Future Park", layoutId: null });
  });
});
