import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { expectBooksBalance } from "../money-fixtures";
import { ctpPot, liveCtpRound, liveOf, marksOf, playHole, scoreAll, winsOf } from "../sidepot-fixtures";
import { RUNS } from "./race-fixtures";
import { creditPayouts } from "~/.server/services/entries/payouts";
import { markCtp } from "~/.server/services/sidepots/marks";

// The same CTP twice (ADR 30): a phone retrying its mark twenty times leaves one mark;
// twenty players marking the same hole at once leave exactly one holder (the first without
// a distance, the shortest with one); twenty "Credit payouts" at once pay each pot once.

describe("one hole's CTP from many phones at once", () => {
  it.each(RUNS)("run %i: the same mark twenty times is one mark", async () => {
    const user = await makeUser();
    const f = await liveCtpRound([2]);
    const list = f.cards[0].players;
    const potId = await ctpPot(
      f.round.id,
      list.map((x) => x.entry.id),
      { holes: [3] },
    );
    await playHole(f.round.id, f.cards[0], 3);
    const live = await liveOf(f.round.id);
    const me = list[0];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        markCtp(
          testDb(),
          f.round.id,
          { potId, hole: 3, entryId: me.entry.id, distanceCm: 150 },
          { userId: user.id, admin: false, playerId: me.player.id },
          live,
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    expect((await marksOf(potId)).map((m) => [m.entryId, m.distanceCm])).toEqual([[me.entry.id, 150]]);
  });

  it.each(RUNS)("run %i: twenty players marking at once leave one holder, the first, paid once", async () => {
    const user = await makeUser();
    const f = await liveCtpRound([5, 5, 5, 5]);
    const list = f.cards.flatMap((c) => c.players);
    const potId = await ctpPot(
      f.round.id,
      list.map((x) => x.entry.id),
      { holes: [3], buyInCents: 100 },
    );
    for (const card of f.cards) await playHole(f.round.id, card, 3);
    const live = await liveOf(f.round.id);
    const answers = await Promise.allSettled(
      list.map((x) =>
        markCtp(
          testDb(),
          f.round.id,
          { potId, hole: 3, entryId: x.entry.id, distanceCm: null },
          { userId: user.id, admin: false, playerId: x.player.id },
          live,
        ),
      ),
    );
    // Without a distance the first mark stands: every other is told who holds the hole.
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    for (const a of answers) if (a.status === "rejected") expect((a.reason as Error).message).toContain("marked first without a distance");
    expect(await marksOf(potId)).toHaveLength(1);
    await scoreAll(f.round.id);
    const paid = await Promise.allSettled(
      Array.from({ length: 20 }, () => creditPayouts(testDb(), f.round.id, { confirmUnmeasured: true })),
    );
    expect(paid.some((a) => a.status === "fulfilled")).toBe(true);
    const wins = await winsOf(potId);
    expect(wins).toHaveLength(1);
    expect(wins[0]?.amountCents).toBe(2_000);
    await expectBooksBalance();
  });

  it.each(RUNS)("run %i: twenty measured marks at once leave the shortest", async () => {
    const user = await makeUser();
    const f = await liveCtpRound([5, 5, 5, 5]);
    const list = f.cards.flatMap((c) => c.players);
    const potId = await ctpPot(
      f.round.id,
      list.map((x) => x.entry.id),
      { holes: [3], buyInCents: 100 },
    );
    for (const card of f.cards) await playHole(f.round.id, card, 3);
    const live = await liveOf(f.round.id);
    await Promise.allSettled(
      list.map((x, i) =>
        markCtp(
          testDb(),
          f.round.id,
          { potId, hole: 3, entryId: x.entry.id, distanceCm: 500 - i * 10 },
          { userId: user.id, admin: false, playerId: x.player.id },
          live,
        ),
      ),
    );
    expect((await marksOf(potId)).map((m) => [m.entryId, m.distanceCm])).toEqual([[list[19]?.entry.id, 310]]);
  });
});
