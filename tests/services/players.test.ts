import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { AppError } from "~/.server/errors";
import { getPlayer, listPlayersWithStats, playersInRound, simpleList } from "~/.server/services/players/players";

const YEAR_START = 1_704_067_200; // passed in; any instant works as the year's first second
const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe("player aggregates (players-all)", () => {
  it("counts rounds entered, all-time and since the year start, and averages scored rounds only", async () => {
    const me = await makePlayer();
    const rival = await makePlayer();
    // [date, score]: 0 means not scored (yet) and must not pull the average down.
    const played: [number, number][] = [
      [YEAR_START - 60 * DAY, 61],
      [YEAR_START - 30 * DAY, 0],
      [YEAR_START - 1, 55],
      [YEAR_START, 50], // the first second of the year counts for the year
      [YEAR_START + 10 * DAY, 51],
      [YEAR_START + 20 * DAY, 53],
      [YEAR_START + 30 * DAY, 0],
    ];
    for (const [d, score] of played) {
      const round = await makeRound({ startsAt: d });
      await makeEntry({ roundId: round.id, playerId: me.id, score });
      await makeEntry({ roundId: round.id, playerId: rival.id, score: 99 }); // someone else's scores
    }
    const scored = played.filter(([, s]) => s > 0).map(([, s]) => s);
    const scoredThisYear = played.filter(([d, s]) => s > 0 && d >= YEAR_START).map(([, s]) => s);
    const expected = {
      roundCount: scored.length,
      roundCountYear: scoredThisYear.length,
      average: round1(mean(scored)),
      thisYearAverage: round1(mean(scoredThisYear)),
    };
    // Worked by hand: 270/5 = 54, 154/3 = 51.333… → 51.3.
    expect(expected).toEqual({ roundCount: 5, roundCountYear: 3, average: 54, thisYearAverage: 51.3 });

    const db = testDb();
    const detail = await getPlayer(db, me.id, YEAR_START);
    expect(detail).toMatchObject({ id: me.id, firstName: me.firstName, lastName: me.lastName, division: me.division, ...expected });
    expect(detail.claims).toEqual([]);
    const listed = (await listPlayersWithStats(db, YEAR_START)).find((p) => p.id === me.id);
    expect(listed).toMatchObject(expected);
  });

  it("rounds an average to one decimal, half up (52.25 → 52.3)", async () => {
    const me = await makePlayer();
    for (const score of [52, 52, 52, 53]) {
      const round = await makeRound({ startsAt: YEAR_START + DAY });
      await makeEntry({ roundId: round.id, playerId: me.id, score });
    }
    const detail = await getPlayer(testDb(), me.id, YEAR_START);
    expect(detail.average).toBe(52.3);
    expect(detail.thisYearAverage).toBe(52.3);
  });

  it("gives a player with no rounds zero counts and null averages; a year with only unscored rounds has a null average", async () => {
    const db = testDb();
    const idle = await makePlayer({ inactive: true, pdga: "12345" });
    const none = { roundCount: 0, roundCountYear: 0, average: null, thisYearAverage: null, balanceCents: 0 };
    expect(await getPlayer(db, idle.id, YEAR_START)).toMatchObject({ ...none, inactive: true, pdga: "12345" });
    expect((await listPlayersWithStats(db, YEAR_START)).find((p) => p.id === idle.id)).toMatchObject(none);

    const waiting = await makePlayer();
    await makeEntry({ roundId: (await makeRound({ startsAt: YEAR_START - DAY })).id, playerId: waiting.id, score: 48 });
    await makeEntry({ roundId: (await makeRound({ startsAt: YEAR_START + DAY })).id, playerId: waiting.id, score: 0 });
    expect(await getPlayer(db, waiting.id, YEAR_START)).toMatchObject({
      roundCount: 1,
      roundCountYear: 0,
      average: 48,
      thisYearAverage: null,
    });
  });

  it("getPlayer of an unknown id is AppError not_found", async () => {
    const err = await getPlayer(testDb(), 9_999_999, YEAR_START).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("not_found");
  });
});

describe("simple lists", () => {
  it("simpleList has every player as id and names sorted by last then first name; playersInRound only the round's", async () => {
    const db = testDb();
    const ln = `Ln${Date.now()}`;
    const b = await makePlayer({ firstName: "Bea", lastName: ln });
    const a = await makePlayer({ firstName: "Al", lastName: ln });
    const z = await makePlayer({ firstName: "Al", lastName: `${ln}z`, inactive: true });
    const mine = (await simpleList(db)).filter((p) => p.lastName.startsWith(ln));
    expect(mine).toEqual([
      { id: a.id, firstName: "Al", lastName: ln },
      { id: b.id, firstName: "Bea", lastName: ln },
      { id: z.id, firstName: "Al", lastName: `${ln}z` },
    ]);

    const round = await makeRound();
    await makeEntry({ roundId: round.id, playerId: z.id });
    await makeEntry({ roundId: round.id, playerId: b.id });
    expect(await playersInRound(db, round.id)).toEqual([
      { id: b.id, firstName: "Bea", lastName: ln },
      { id: z.id, firstName: "Al", lastName: `${ln}z` },
    ]);
  });
});
