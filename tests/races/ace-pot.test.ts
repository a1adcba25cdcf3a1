import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { lowestPotFrom } from "../pot-fixtures";
import { versionOf } from "../version-fixtures";
import { adminToken, answersOf, later, offsets, oneWayOrTheOther, RUNS } from "./race-fixtures";
import { aces, entries } from "~/.server/db/schema";
import { acePotCents } from "~/.server/services/money/aces";

// Aces paid from one pot at once, and an ace racing an entry's delete (POST /api/ace/add,
// /api/admin/entry/delete): the pot guard runs inside each write's batch (ADR 21), so
// whatever the order, the pot is never below zero at any moment and only what fits is paid.

const HOUR = 3_600;
const REFUSED =
  /^(On \d\d\/\d\d\/\d\d the ace pot holds -?\$[\d,]+\.\d\d; an ace of \$[\d,]+\.\d\d would take it below zero|The ace pot cannot go below zero: .+)\.$/;

/** A round in month `run` with `optedIn` entries paying $1 into the pot. */
async function round(run: number, optedIn: number) {
  const r = await makeRound({ startsAt: 2_300_000_000 + run * 30 * DAY, aceCents: 100 });
  const made = [];
  for (let i = 0; i < optedIn; i++) made.push(await makeEntry({ roundId: r.id, playerId: (await makePlayer()).id, ace: true }));
  return { round: r, made };
}

const addAce = (token: string, d: number, player: number, cents: number) =>
  call("POST", "/api/ace/add", { token, body: { values: { d, player, amt: (cents / 100).toFixed(2) } } });

describe("twenty aces against one pot", () => {
  it.each(RUNS)("run %i: as many are paid as the pot holds, on the round's day or later, and it never goes below zero", async (run) => {
    const [token, p] = await Promise.all([adminToken(), makePlayer()]);
    const { round: r } = await round(run, 5);
    const pot = await acePotCents(testDb(), r.id);
    const amount = Math.floor(pot / 3) + 1; // three would be more than the pot: two fit
    // Half at the round, half two days on (no round then): the later ones must respect the earlier ones.
    const answers = await answersOf(
      Array.from({ length: 20 }, (_, i) => addAce(token, i % 2 ? r.startsAt + 2 * DAY : r.startsAt + HOUR, p.id, amount)),
    );
    expect(oneWayOrTheOther(answers, 201, REFUSED)).toHaveLength(2);
    const paid = await testDb().select().from(aces).where(eq(aces.playerId, p.id));
    expect(paid.map((a) => a.amountCents)).toEqual([amount, amount]);
    expect(await lowestPotFrom(r.startsAt)).toBeGreaterThanOrEqual(0);
  });
});

describe("an ace for the whole pot against the delete of an entry that paid into it", () => {
  it.each(RUNS)("run %i: exactly one goes through, and the pot never goes below zero", async (run) => {
    const [token, p] = await Promise.all([adminToken(), makePlayer()]);
    const { round: r, made } = await round(100 + run, 3);
    const pot = await acePotCents(testDb(), r.id);
    const [first, second] = offsets(run);
    const version = await versionOf(made[0]!.id);
    const answers = await answersOf([
      later(first, () => addAce(token, r.startsAt + HOUR, p.id, pot)),
      later(second, () => call("POST", "/api/admin/entry/delete", { token, body: { id: made[0]!.id, version } })),
    ]);
    const [ace, deleted] = answers;
    // One wins; the other is refused with the pot's words, whichever arrived first.
    expect([ace?.status, deleted?.status].filter((s) => s === 409)).toHaveLength(1);
    for (const a of answers) if (a.status === 409) expect(a.body.error).toMatch(REFUSED);
    expect(ace?.status === 201 || deleted?.status === 200).toBe(true);
    const entryLeft = await testDb().select().from(entries).where(eq(entries.id, made[0]!.id));
    expect(entryLeft).toHaveLength(ace?.status === 201 ? 1 : 0);
    expect(await lowestPotFrom(r.startsAt)).toBeGreaterThanOrEqual(0);
  });
});
