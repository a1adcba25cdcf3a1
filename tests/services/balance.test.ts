import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { getPlayer, listPlayersWithStats, searchPlayers } from "~/.server/services/players/players";

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const YEAR_START = 0;

/** The balance of one player through all three read paths, which must agree. */
async function balancesOf(id: number, fullName: string) {
  const db = testDb();
  const detail = await getPlayer(db, id, YEAR_START);
  const listed = (await listPlayersWithStats(db, YEAR_START)).find((p) => p.id === id);
  const found = (await searchPlayers(db, fullName)).find((p) => p.id === id);
  return [detail.balanceCents, listed?.balanceCents, found?.balanceCents];
}

describe("balance = Σ credit_added − Σ credit_used + Σ transfers in − Σ transfers out", () => {
  it("sums entries and transfers both ways, league sides included, without another player's rows", async () => {
    const me = await makePlayer();
    const other = await makePlayer();
    const t0 = nowSec() - 30 * DAY;
    const roundsList = await Promise.all([0, 1, 2].map((i) => makeRound({ startsAt: t0 + i * 7 * DAY })));

    // My entries: a credited prize, a sign-up paid by credit, and both at once.
    const added = [450, 0, 1275];
    const used = [0, 600, 100];
    for (const [i, round] of roundsList.entries()) {
      await makeEntry({ roundId: round.id, playerId: me.id, creditAddedCents: added[i], creditUsedCents: used[i] });
    }
    // The other player's entries in the same rounds must not count for me.
    await makeEntry({ roundId: roundsList[0].id, playerId: other.id, creditAddedCents: 9_900, creditUsedCents: 5 });
    await makeEntry({ roundId: roundsList[1].id, playerId: other.id, creditAddedCents: 0, creditUsedCents: 700 });

    const transfersIn = [
      await makeTransfer({ fromPlayerId: other.id, toPlayerId: me.id, amountCents: 300 }),
      await makeTransfer({ fromPlayerId: null, toPlayerId: me.id, amountCents: 1_000 }), // cash bought in
    ];
    const transfersOut = [
      await makeTransfer({ fromPlayerId: me.id, toPlayerId: other.id, amountCents: 250 }),
      await makeTransfer({ fromPlayerId: me.id, toPlayerId: null, amountCents: 500 }), // cashed out
    ];
    // The other player's league-side transfers: not mine.
    await makeTransfer({ fromPlayerId: null, toPlayerId: other.id, amountCents: 4_000 });
    await makeTransfer({ fromPlayerId: other.id, toPlayerId: null, amountCents: 1_200 });

    const inSum = sum(transfersIn.map((t) => t.amountCents));
    const outSum = sum(transfersOut.map((t) => t.amountCents));
    const myCents = sum(added) - sum(used) + inSum - outSum;
    expect(myCents).toBe(1_575); // the rule worked by hand: 1725 − 700 + 1300 − 750
    expect(await balancesOf(me.id, `${me.firstName} ${me.lastName}`)).toEqual([myCents, myCents, myCents]);

    const otherCents = 9_900 - 5 + (0 - 700) + 250 - 300 + 4_000 - 1_200;
    expect(await balancesOf(other.id, `${other.firstName} ${other.lastName}`)).toEqual(Array(3).fill(otherCents));
  });

  it("is 0 for a player with no entries and no transfers, and can show a debt as negative", async () => {
    const fresh = await makePlayer();
    expect(await balancesOf(fresh.id, `${fresh.firstName} ${fresh.lastName}`)).toEqual([0, 0, 0]);

    // Data written by hand (an admin edit) may leave a negative balance; it must show as such, not as 0.
    const debtor = await makePlayer();
    const round = await makeRound();
    await makeEntry({ roundId: round.id, playerId: debtor.id, creditAddedCents: 25, creditUsedCents: 600 });
    expect(await balancesOf(debtor.id, `${debtor.firstName} ${debtor.lastName}`)).toEqual([-575, -575, -575]);
  });

  it("is whole cents, single cents included", async () => {
    const p = await makePlayer();
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 1 });
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 449 });
    expect(await balancesOf(p.id, `${p.firstName} ${p.lastName}`)).toEqual([450, 450, 450]);
  });
});
