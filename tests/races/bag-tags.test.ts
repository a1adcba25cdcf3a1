import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { holders, movesOfRound, saveScores, scene, tagsOf, tagsOn } from "../tags-fixtures";
import { assignTag } from "~/.server/services/tags/tag-admin";

// ADR 27: the same round saved twenty times at once makes one swap (its moves written
// once, never twice or mixed), and twenty admins giving the same tag make one holder.

const AT_ONCE = 20;

describe("bag tags under concurrent writes", () => {
  it("the same tags round's results saved 20 times at once: one swap", async () => {
    await tagsOn();
    const s = scene();
    const [a, b, c] = await holders([s.tag(1), s.tag(2), s.tag(3)]);
    const round = await makeRound({ startsAt: s.week(0), countsForTags: true });
    // The results are in the table before any save: every save below plans the same swap.
    const entries = await Promise.all([
      makeEntry({ roundId: round.id, playerId: a.id, score: 60 }),
      makeEntry({ roundId: round.id, playerId: b.id, score: 50 }),
      makeEntry({ roundId: round.id, playerId: c.id, score: 55 }),
    ]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: AT_ONCE }, () => saveScores(entries.map((e) => [e.id, e.score] as [number, number]))),
    );
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
    const moves = await movesOfRound(round.id);
    expect(moves.map((m) => [m.tag, m.toPlayerId]).sort(([x], [y]) => (x ?? 0) - (y ?? 0))).toEqual([
      [s.tag(1), b.id],
      [s.tag(2), c.id],
      [s.tag(3), a.id],
    ]);
    expect(await tagsOf([a, b, c])).toEqual([s.tag(3), s.tag(1), s.tag(2)]);
  });

  it("one tag given to 20 players at once: one holder, 19 refusals", async () => {
    await tagsOn();
    const s = scene();
    const players = await Promise.all(Array.from({ length: AT_ONCE }, () => makePlayer()));
    const outcomes = await Promise.allSettled(players.map((p) => assignTag(testDb(), { tag: s.tag(1), playerId: p.id })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ status: 409 });
    const held = (await tagsOf(players)).filter((t) => t !== null);
    expect(held).toEqual([s.tag(1)]);
  });
});
