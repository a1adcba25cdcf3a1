import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { expectBooksBalance } from "../money-fixtures";
import { ctpPot, marksOf, scoredRound, winsOf } from "../sidepot-fixtures";
import { RUNS } from "./race-fixtures";
import { creditPayouts } from "~/.server/services/rounds/entry-admin";
import { markCtp } from "~/.server/services/sidepots/marks";

// The same CTP twice (ADR 30): a phone retrying its mark twenty times leaves one mark, and
// twenty cardmates marking the same hole at once leave exactly one holder; twenty "Credit
// payouts" at once pay each pot once.

describe("one hole's CTP from many phones at once", () => {
  it.each(RUNS)("run %i: the same mark twenty times is one mark", async () => {
    const user = await makeUser();
    const { round, list } = await scoredRound(2, { creditCents: 1_000 });
    const potId = await ctpPot(
      round.id,
      list.map((x) => x.entry.id),
      { holes: [3] },
    );
    const me = list[0];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        markCtp(
          testDb(),
          round.id,
          { potId, hole: 3, entryId: me.entry.id, distanceCm: 150 },
          { userId: user.id, admin: false, playerId: me.player.id },
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    expect((await marksOf(potId)).map((m) => [m.entryId, m.distanceCm])).toEqual([[me.entry.id, 150]]);
  });

  it.each(RUNS)("run %i: twenty players marking at once leave one holder, paid once", async () => {
    const user = await makeUser();
    const { round, list } = await scoredRound(20, { creditCents: 1_000 });
    const potId = await ctpPot(
      round.id,
      list.map((x) => x.entry.id),
      { holes: [3], buyInCents: 100 },
    );
    await Promise.allSettled(
      list.map((x) =>
        markCtp(
          testDb(),
          round.id,
          { potId, hole: 3, entryId: x.entry.id, distanceCm: null },
          { userId: user.id, admin: false, playerId: x.player.id },
        ),
      ),
    );
    expect(await marksOf(potId)).toHaveLength(1);
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => creditPayouts(testDb(), round.id)));
    expect(answers.some((a) => a.status === "fulfilled")).toBe(true);
    const wins = await winsOf(potId);
    expect(wins).toHaveLength(1);
    expect(wins[0]?.amountCents).toBe(2_000);
    await expectBooksBalance();
  });
});
