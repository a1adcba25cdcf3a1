// Credit that went stale (ADR 37): Credit payouts credited each entry its payout; a score
// corrected afterwards moves the payouts, and the entries screen, the night screen and the
// books check say how many entries' credit now differs from their payout, until Credit
// payouts runs again. Credit the admin set by hand is their own decision: never flagged.
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { entries } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { moneyReport } from "~/.server/services/money/reports";
import { nightScreen } from "~/.server/services/night/night-screen";
import { entriesScreen } from "~/.server/services/entries/entries-screen";
import { updateEntries } from "~/.server/services/entries/entry-admin";
import { creditPayouts, syncPayouts } from "~/.server/services/entries/payouts";
import { versionOf } from "../version-fixtures";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";

/** A finished round of four in MA1 (scores 50–53), its payouts credited. */
async function creditedRound() {
  const round = await makeRound({ startsAt: nowSec() - DAY });
  const list = [];
  for (let i = 0; i < 4; i++) {
    const player = await makePlayer({ division: "MA1" });
    list.push(await makeEntry({ roundId: round.id, playerId: player.id, division: "MA1", score: 50 + i }));
  }
  await syncPayouts(testDb(), round.id);
  await creditPayouts(testDb(), round.id);
  return { round, list };
}

const staleFlags = async (roundId: number) =>
  (await moneyReport(testDb(), leagueFromEnv(env))).flags.filter((f) => f.kind === "stale-credit" && f.roundId === roundId);

describe("credit that differs from the payout after a correction", () => {
  it("is counted on the entries screen, the night screen and the books check, until Credit payouts runs again", async () => {
    const { round, list } = await creditedRound();
    expect((await entriesScreen(testDb(), round.id)).staleCredit).toBe(0);
    expect(await staleFlags(round.id)).toEqual([]);

    // The last player's 53 was really a 49: first and second change places, payouts move.
    const last = list[3];
    await updateEntries(testDb(), [{ id: last.id, version: await versionOf(last.id), value: { score: 49 } }]);
    const screen = await entriesScreen(testDb(), round.id);
    const moved = screen.entries.filter((e) => e.creditAddedCents !== e.payoutCents + e.payoutAdjustCents);
    expect(moved.length).toBeGreaterThan(0);
    expect(screen.staleCredit).toBe(moved.length);
    expect((await nightScreen(testDb(), round.id)).staleCredit).toBe(moved.length);
    expect(await staleFlags(round.id)).toEqual([expect.objectContaining({ count: moved.length })]);
    expect((await staleFlags(round.id))[0]).toMatchObject({ kind: "stale-credit" });

    await creditPayouts(testDb(), round.id);
    expect((await entriesScreen(testDb(), round.id)).staleCredit).toBe(0);
    expect(await staleFlags(round.id)).toEqual([]);
  });

  it("leaves alone credit the admin set by hand (paid in cash), and a round never credited", async () => {
    const { round, list } = await creditedRound();
    const first = list[0];
    await updateEntries(testDb(), [{ id: first.id, version: await versionOf(first.id), value: { credit_added: 0 } }]);
    const [row] = await testDb().select().from(entries).where(eq(entries.id, first.id));
    expect(row?.creditAddedCents).toBe(0);
    expect((await entriesScreen(testDb(), round.id)).staleCredit).toBe(0);

    const never = await makeRound({ startsAt: nowSec() - DAY });
    for (let i = 0; i < 2; i++) await makeEntry({ roundId: never.id, playerId: (await makePlayer()).id, division: "MA1", score: 50 + i });
    await syncPayouts(testDb(), never.id);
    expect((await entriesScreen(testDb(), never.id)).staleCredit).toBe(0);
    expect(await staleFlags(never.id)).toEqual([]);
  });
});
