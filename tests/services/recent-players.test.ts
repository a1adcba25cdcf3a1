// The players /players lists before a search (services/players/recent-players.ts).
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb, uniq } from "../fixtures";
import { recentPlayers } from "~/.server/services/players/recent-players";
import { RECENT_ROUNDS } from "~/lib/players/constants";

describe("recentPlayers", () => {
  it("are the players of the latest rounds that have started, each once, by last and first name", async () => {
    const start = nowSec() + 500 * DAY;
    const tag = uniq("R");
    const made = await Promise.all(
      ["Zed", "Amy", "Bob", "Cal", "Dot", "Eve"].map((firstName, i) => makePlayer({ firstName, lastName: `${tag}${i % 3}` })),
    );
    const [early, ...latest] = await Promise.all(
      Array.from({ length: RECENT_ROUNDS + 1 }, (_, i) => makeRound({ startsAt: start + i * 7 * DAY })),
    );
    const future = await makeRound({ startsAt: start + 100 * DAY });
    const [zed, amy, bob, cal, dot, eve] = made;
    await makeEntry({ roundId: early.id, playerId: zed.id }); // only in a round before the latest four
    await makeEntry({ roundId: future.id, playerId: eve.id }); // only in one yet to start
    for (const round of latest) await makeEntry({ roundId: round.id, playerId: amy.id }); // in every one: listed once
    await makeEntry({ roundId: latest[0].id, playerId: cal.id });
    await makeEntry({ roundId: latest[2].id, playerId: bob.id });
    await makeEntry({ roundId: latest[3].id, playerId: dot.id });

    const list = await recentPlayers(testDb(), start + RECENT_ROUNDS * 7 * DAY + 60);
    // Last names by index: Zed and Cal end in 0, Amy and Dot in 1, Bob and Eve in 2.
    expect(list.map((p) => p.firstName)).toEqual(["Cal", "Amy", "Dot", "Bob"]);
    expect(list[0]).toMatchObject({ id: cal.id, balanceCents: 0, division: "MA1", inactive: false });
  });
});
