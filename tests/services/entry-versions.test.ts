import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balanceOf, makePlayer, makeRound, refusal, testDb } from "../fixtures";
import { versionOf, versionsOf } from "../version-fixtures";
import { entries } from "~/.server/db/schema";
import { addEntry, deleteEntry, updateEntries } from "~/.server/services/entries/entry-admin";
import { creditPayouts } from "~/.server/services/entries/payouts";

// ADR 20: an edit carries the version of each entry it read; one against an entry that
// changed since is refused (409, naming the player) and writes nothing.

const db = testDb;
const STALE = "This entry changed since you opened it. Reload to see the new values.";
const rowsOf = async (roundId: number) => db().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(entries.id);

/** A round with two scored MA1 entries (50 and 52), payouts stored: the first wins $9.00. */
async function playedRound() {
  const round = await makeRound();
  const ps = await Promise.all([makePlayer(), makePlayer()]);
  const ids: number[] = [];
  for (const p of ps) {
    const added = await addEntry(db(), {
      round_id: round.id,
      player: p.id,
      division: "MA1",
      ace: true,
      credit_added: 0,
      credit_used: 0,
      payoutAdjust: 0,
    });
    ids.push(added.value);
  }
  const read = await versionsOf(ids);
  await updateEntries(
    db(),
    ids.map((id, i) => ({ id, version: read.get(id) ?? 0, value: { score: 50 + 2 * i } })),
  );
  return { round, ps, ids: ids as [number, number] };
}

describe("updateEntries with versions", () => {
  it("saves at the version read and moves the version on", async () => {
    const { round, ids } = await playedRound();
    const before = await versionOf(ids[1]);
    expect((await updateEntries(db(), [{ id: ids[1], version: before, value: { payoutAdjust: 25 } }])).value).toBe(1);
    expect((await rowsOf(round.id))[1]).toMatchObject({ payoutAdjustCents: 25, version: before + 1 });
  });

  it("refuses a bulk edit holding one entry read before a change: 409 naming its player, no row written", async () => {
    const { round, ps, ids } = await playedRound();
    const read = await versionsOf(ids);
    await updateEntries(db(), [{ id: ids[1], version: read.get(ids[1]) ?? 0, value: { credit_added: 300 } }]); // another admin
    const after = await rowsOf(round.id);
    const err = await refusal(
      updateEntries(db(), [
        { id: ids[0], version: read.get(ids[0]) ?? 0, value: { ace: false } },
        { id: ids[1], version: read.get(ids[1]) ?? 0, value: { credit_added: 0, credit_used: 100 } },
      ]),
    );
    expect([err.status, err.message]).toEqual([409, `${ps[1].firstName} ${ps[1].lastName}: ${STALE}`]);
    expect(await rowsOf(round.id)).toEqual(after);
  });

  it("lets a stale row through when it would write nothing (a form without JavaScript posts every row)", async () => {
    const { round, ids } = await playedRound();
    const read = await versionsOf(ids);
    await updateEntries(db(), [{ id: ids[1], version: read.get(ids[1]) ?? 0, value: { credit_added: 300 } }]);
    // Row 2 as the stale form shows it now would be a write (300 → 0): here it repeats the stored value.
    const n = await updateEntries(db(), [
      { id: ids[0], version: read.get(ids[0]) ?? 0, value: { payoutAdjust: 50 } },
      { id: ids[1], version: read.get(ids[1]) ?? 0, value: { credit_added: 300 } },
    ]);
    expect(n.value).toBe(1);
    expect((await rowsOf(round.id)).map((e) => [e.payoutAdjustCents, e.creditAddedCents])).toEqual([
      [50, 0],
      [0, 300],
    ]);
  });

  it("credit payouts, then a save carrying the pre-credit versions: 409, and the credited amounts stand", async () => {
    const { round, ps, ids } = await playedRound();
    const read = await versionsOf(ids); // the page as loaded, before "Credit payouts"
    expect(await creditPayouts(db(), round.id)).toBe(1);
    const credited = await rowsOf(round.id);
    expect(credited.map((e) => e.creditAddedCents)).toEqual([900, 0]);
    // The stale form's Save: every row as loaded (credit added 0.00), one score corrected.
    const err = await refusal(
      updateEntries(
        db(),
        ids.map((id, i) => ({ id, version: read.get(id) ?? 0, value: { score: 50 + 2 * i + (i === 1 ? 1 : 0), credit_added: 0 } })),
      ),
    );
    expect([err.status, err.message]).toEqual([409, `${ps[0].firstName} ${ps[0].lastName}: ${STALE}`]);
    expect(await rowsOf(round.id)).toEqual(credited);
    expect(await balanceOf(ps[0].id)).toBe(900);
  });

  it("a race of two saves read at one version: one is written whole, the other is refused", async () => {
    const { round, ids } = await playedRound();
    const read = await versionsOf(ids);
    const at = (id: number) => read.get(id) ?? 0;
    const outcomes = await Promise.allSettled([
      updateEntries(db(), [
        { id: ids[0], version: at(ids[0]), value: { payoutAdjust: 100, credit_added: 1_000 } },
        { id: ids[1], version: at(ids[1]), value: { ace: false } },
      ]),
      updateEntries(db(), [{ id: ids[0], version: at(ids[0]), value: { payoutAdjust: -100, credit_used: 0, credit_added: 800 } }]),
    ]);
    const won = outcomes.findIndex((o) => o.status === "fulfilled");
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const lost = outcomes[1 - won];
    expect(lost?.status === "rejected" && lost.reason).toMatchObject({ status: 409, message: expect.stringContaining(STALE) });
    const [first, second] = await rowsOf(round.id);
    if (won === 0) {
      expect([first?.payoutAdjustCents, first?.creditAddedCents, second?.ace]).toEqual([100, 1_000, false]);
    } else {
      expect([first?.payoutAdjustCents, first?.creditAddedCents, second?.ace]).toEqual([-100, 800, true]);
    }
  });
});

describe("deleteEntry with a version", () => {
  it("deletes at the version read; refuses one read before a change (409) and keeps the entry", async () => {
    const { round, ps, ids } = await playedRound();
    const read = await versionOf(ids[1]);
    await updateEntries(db(), [{ id: ids[1], version: read, value: { credit_added: 200 } }]);
    const err = await refusal(deleteEntry(db(), ids[1], read));
    expect([err.status, err.message]).toEqual([409, `${ps[1].firstName} ${ps[1].lastName}: ${STALE}`]);
    expect(await rowsOf(round.id)).toHaveLength(2);
    await deleteEntry(db(), ids[1], await versionOf(ids[1]));
    expect((await rowsOf(round.id)).map((e) => e.id)).toEqual([ids[0]]);
  });
});
