// The rounds page (/ and /rounds) reads in one D1 batch: it must answer what the separate
// reads answered — the seasons, the season's rounds and their low scores — and refuse a
// season that is malformed or has no rounds.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { currentSeason, leagueFromEnv, seasonSpan } from "~/.server/league";
import { listRounds, listSeasons, lowScoresBetween, roundsBetween } from "~/.server/services/rounds/rounds";
import * as page from "~/routes/home";

const league = leagueFromEnv(env);

describe("rounds page", () => {
  it("this season: every round from its start, with low scores until now, as the separate reads give them", async () => {
    const [round, player] = await Promise.all([makeRound({ startsAt: nowSec() - 60 }), makePlayer()]);
    await makeEntry({ roundId: round.id, playerId: player.id, score: 41 });
    const { data, status } = await outcome(page.loader(await argsFor("nobody", "/")));
    expect(status).toBe(200);
    const now = nowSec();
    const { from } = seasonSpan(league, currentSeason(league, now));
    const rounds = await listRounds(testDb(), from);
    expect(data.seasons).toEqual(await listSeasons(testDb(), league.timeZone));
    expect([...data.past, ...data.future].map((r: { id: number }) => r.id).sort()).toEqual(rounds.map((r) => r.id).sort());
    expect(data.lows).toEqual(Object.fromEntries(await lowScoresBetween(testDb(), from, now)));
    expect(data.lows[round.id].score).toBeGreaterThan(0);
  });

  it("an earlier season with rounds: its rounds newest first and their low scores", async () => {
    const earlier = currentSeason(league, nowSec()) - 1;
    const [round, player] = await Promise.all([makeRound({ startsAt: seasonSpan(league, earlier).from + DAY }), makePlayer()]);
    await makeEntry({ roundId: round.id, playerId: player.id, score: 44 });
    const { data } = await outcome(page.loader(await argsFor("nobody", `/rounds?season=${earlier}`)));
    const { from, to } = seasonSpan(league, earlier);
    expect(data.past.map((r: { id: number }) => r.id)).toEqual((await roundsBetween(testDb(), from, to)).map((r) => r.id).reverse());
    expect(data.lows).toEqual(Object.fromEntries(await lowScoresBetween(testDb(), from, to)));
    expect(data.lows[round.id].score).toBeGreaterThan(0);
  });

  it("a malformed season, or one without rounds, is a 404 that lists the seasons there are", async () => {
    for (const season of ["abc", "1800"]) {
      const answer = await outcome(page.loader(await argsFor("nobody", `/rounds?season=${season}`)));
      expect(answer.status).toBe(404);
      expect(answer.data.seasons).toEqual(await listSeasons(testDb(), league.timeZone));
    }
  });
});
