// A player's best scores and score chart (the player page, ADR 36) on the real D1: best per
// layout played, with its par, singles and doubles apart; the chart plots singles rounds
// against their par, so a 9-hole round's 28 never reads as a best beside 18-hole 55s.
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb, uniq } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { courses, layoutHoles, layouts } from "~/.server/db/schema";
import * as playerPage from "~/routes/player";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

async function layout(course: string, name: string, pars: number[]): Promise<number> {
  const [c] = await testDb().insert(courses).values({ leagueId: DEFAULT_LEAGUE_ID, name: course }).returning();
  const [l] = await testDb()
    .insert(layouts)
    .values({ leagueId: DEFAULT_LEAGUE_ID, courseId: c.id, name, holeCount: pars.length })
    .returning();
  await testDb()
    .insert(layoutHoles)
    .values(pars.map((par, hole) => ({ leagueId: DEFAULT_LEAGUE_ID, layoutId: l.id, hole: hole + 1, par })));
  return l.id;
}

/** A player's rounds: two on a 9-hole layout (par 27), one on an 18-hole (par 54), one doubles round on the 18. */
async function mixedPlayer() {
  const tag = uniq();
  const [nine, eighteen] = [await layout(`Oak ${tag}`, "Nine", Array(9).fill(3)), await layout(`Elm ${tag}`, "Long", Array(18).fill(3))];
  const player = await makePlayer();
  const played = async (daysAgo: number, layoutId: number, score: number, doubles = false) => {
    const round = await makeRound({ startsAt: nowSec() - daysAgo * DAY, layoutId, doubles });
    await makeEntry({ roundId: round.id, playerId: player.id, score, ...(doubles ? { team: 1 } : {}) });
    return round;
  };
  await played(40, nine, 30);
  await played(30, eighteen, 57);
  await played(20, nine, 28);
  await played(10, eighteen, 50, true);
  return { player, tag };
}

const pageOf = async (id: number) =>
  (await outcome(playerPage.loader(await argsFor("nobody", `/players/${id}`, undefined, { playerId: String(id) })))).data;

describe("the player page's best scores", () => {
  it("are per layout played, with the score against its par; doubles listed apart", async () => {
    const { player, tag } = await mixedPlayer();
    const { best } = await pageOf(player.id);
    expect(best.singles).toEqual([
      expect.objectContaining({ layout: `Elm ${tag} · Long`, score: 57, toPar: 3 }),
      expect.objectContaining({ layout: `Oak ${tag} · Nine`, score: 28, toPar: 1 }),
    ]);
    expect(best.doubles).toEqual([expect.objectContaining({ layout: `Elm ${tag} · Long`, score: 50, toPar: -4 })]);
  });

  it("the chart plots the singles rounds against their par, oldest first; the doubles round is not in it", async () => {
    const { player } = await mixedPlayer();
    const { chart } = await pageOf(player.id);
    expect(chart.rows.map((r: { value: number }) => r.value)).toEqual([3, 3, 1]);
    expect(chart.summary).toMatch(/^Scores against par of 3 rounds, .*: best \+1, worst \+3 \(lower is better\)/);
  });
});
