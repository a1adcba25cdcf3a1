import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, makeTransfer, refusal, testDb, uniq, balanceOf } from "../fixtures";
import { entries, players, rounds } from "~/.server/db/schema";
import { addEntry, deleteEntry, updateEntries } from "~/.server/services/entries/entry-admin";
import { creditPayouts, syncPayouts } from "~/.server/services/entries/payouts";
import { saveRound } from "~/.server/services/entries/round-admin";
import type { NewEntryValues } from "~/schemas/entries";
import { fresh, versionOf, versionsOf } from "../version-fixtures";

const db = testDb;

const roundEntries = async (roundId: number) => db().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(entries.id);

const add = async (roundId: number, player: number, extra: Partial<NewEntryValues> = {}) =>
  (
    await addEntry(db(), {
      round_id: roundId,
      player,
      division: "MA1",
      ace: true,
      credit_added: 0,
      credit_used: 0,
      payoutAdjust: 0,
      ...extra,
    })
  ).value;

/** A round ($4.50 payout per entry) with `n` MA1 players entered, unscored. */
async function roundWith(n: number) {
  const round = await makeRound();
  const ps = await Promise.all(Array.from({ length: n }, () => makePlayer()));
  const ids: number[] = [];
  for (const p of ps) ids.push(await add(round.id, p.id));
  return { round, players: ps, ids };
}

const scores = async (ids: number[], values: number[]) =>
  updateEntries(db(), await fresh(ids.map((id, i) => ({ id, value: { score: values[i] } }))));

describe("adding entries", () => {
  it("takes the spec's defaults and refuses the same player twice (409), changing nothing", async () => {
    const round = await makeRound();
    const p = await makePlayer();
    const id = await add(round.id, p.id);
    const [row] = await roundEntries(round.id);
    expect(row).toMatchObject({
      id,
      playerId: p.id,
      ace: true,
      score: 0,
      payoutCents: 0,
      creditAddedCents: 0,
      creditUsedCents: 0,
      result: null,
    });
    const again = await refusal(add(round.id, p.id, { division: "MPO" }));
    expect([again.status, again.message]).toEqual([409, `${p.firstName} ${p.lastName} is already entered in this round.`]);
    expect(await roundEntries(round.id)).toHaveLength(1);
  });

  it("lets exactly one of 20 identical adds in", async () => {
    const round = await makeRound();
    const p = await makePlayer();
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => add(round.id, p.id)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toMatchObject({ status: 409 });
    expect(await roundEntries(round.id)).toHaveLength(1);
  });

  it("creates the player of 'Add player: {text}' with the entry, in one write", async () => {
    const round = await makeRound();
    const ln = `Doe${uniq()}`;
    const { value: id } = await addEntry(db(), {
      round_id: round.id,
      newPlayer: { firstName: "Jane", lastName: ln, pdga: null },
      division: "FA1",
      ace: false,
      credit_added: 0,
      credit_used: 0,
      payoutAdjust: 0,
    });
    const [created] = await db().select().from(players).where(eq(players.lastName, ln));
    expect(created).toMatchObject({ firstName: "Jane", division: "FA1" });
    expect((await roundEntries(round.id)).map((e) => [e.id, e.playerId, e.ace])).toEqual([[id, created?.id, false]]);
  });

  it("answers 404 for a round or player that does not exist, and a new player cannot use credit", async () => {
    const round = await makeRound();
    const p = await makePlayer();
    expect((await refusal(add(987_654_321, p.id))).status).toBe(404);
    expect((await refusal(add(round.id, 987_654_321))).status).toBe(404);
    const ln = `Nocredit${uniq()}`;
    const broke = await refusal(
      addEntry(db(), {
        round_id: round.id,
        newPlayer: { firstName: "Al", lastName: ln, pdga: null },
        division: "MA1",
        ace: true,
        credit_added: 0,
        credit_used: 600,
        payoutAdjust: 0,
      }),
    );
    expect(broke.status).toBe(409);
    expect(await db().select().from(players).where(eq(players.lastName, ln))).toEqual([]);
  });
});

describe("payouts follow every change of scores, divisions and entries", () => {
  it("are written when a division's last score comes in, and withdrawn when a score goes back to 0", async () => {
    const { round, ids } = await roundWith(4); // pool 4 × $4.50 = $18, 2 places paid
    await scores(ids.slice(0, 3), [50, 48, 52]);
    expect((await roundEntries(round.id)).every((e) => e.payoutCents === 0 && e.result === null)).toBe(true);
    await scores([ids[3] as number], [55]);
    const paid = await roundEntries(round.id);
    expect(paid.map((e) => e.result)).toEqual(["2/4|(MA1)", "1/4|(MA1)", "3/4|(MA1)", "4/4|(MA1)"]);
    expect(paid.reduce((s, e) => s + e.payoutCents, 0)).toBeGreaterThan(1_700);
    expect(paid[1]?.payoutCents).toBeGreaterThan(paid[0]?.payoutCents ?? 0);
    expect(paid[2]?.payoutCents).toBe(0);
    await scores([ids[0] as number], [0]);
    expect((await roundEntries(round.id)).every((e) => e.payoutCents === 0 && e.result === null)).toBe(true);
  });

  it("are recomputed when an entry moves division, is deleted, or the round's payout changes", async () => {
    const { round, ids } = await roundWith(3);
    await scores(ids, [50, 48, 52]);
    await updateEntries(db(), await fresh([{ id: ids[2] as number, value: { division: "MA2" } }]));
    const moved = await roundEntries(round.id);
    expect(moved.map((e) => e.result)).toEqual(["2/2|(MA1)", "1/2|(MA1)", "1/1|(MA2)"]);
    expect(moved[2]?.payoutCents).toBe(450);
    await deleteEntry(db(), ids[1] as number, await versionOf(ids[1] as number));
    expect((await roundEntries(round.id)).map((e) => [e.result, e.payoutCents])).toEqual([
      ["1/1|(MA1)", 450],
      ["1/1|(MA2)", 450],
    ]);
    const [r] = await db().select().from(rounds).where(eq(rounds.id, round.id));
    if (!r) throw new Error("round missing");
    await saveRound(
      db(),
      round.id,
      {
        startsAt: r.startsAt,
        name: r.name,
        location: r.location,
        fee_pdga: 50,
        fee_course: 0,
        fee_other: 0,
        ace: 100,
        payout: 500,
        pdga_url: null,
      },
      r.version,
    );
    expect((await roundEntries(round.id)).map((e) => e.payoutCents)).toEqual([500, 500]);
  });

  it("sync writes only the rows that differ from the computed ones", async () => {
    const { round, ids } = await roundWith(2);
    await scores(ids, [50, 51]);
    expect(await syncPayouts(db(), round.id)).toBe(0);
    await db()
      .update(entries)
      .set({ payoutCents: 1, result: "9/9|old" })
      .where(eq(entries.id, ids[0] as number));
    expect(await syncPayouts(db(), round.id)).toBe(1);
    expect((await roundEntries(round.id))[0]).toMatchObject({ payoutCents: 900, result: "1/2|(MA1)" });
    expect(await syncPayouts(db(), round.id)).toBe(0);
  });

  it("keep an admin's payout adjust", async () => {
    const { round, ids } = await roundWith(2);
    await updateEntries(db(), await fresh([{ id: ids[1] as number, value: { payoutAdjust: -125 } }]));
    await scores(ids, [50, 51]);
    expect((await roundEntries(round.id)).map((e) => [e.payoutCents, e.payoutAdjustCents])).toEqual([
      [900, 0],
      [0, -125],
    ]);
  });

  it("stay right when two admins save different entries of one round at once", async () => {
    const { round, ids } = await roundWith(6);
    // Each admin read the round before any of them saved: each edits only its own entry.
    const read = await versionsOf(ids);
    await Promise.all(ids.map((id, i) => updateEntries(db(), [{ id, version: read.get(id) ?? 0, value: { score: 50 + i } }])));
    const rows = await roundEntries(round.id);
    expect(rows.map((e) => e.score)).toEqual([50, 51, 52, 53, 54, 55]);
    expect(rows.map((e) => e.result)).toEqual(ids.map((_, i) => `${i + 1}/6|(MA1)`));
    expect(await syncPayouts(db(), round.id)).toBe(0);
  });
});

describe("edits", () => {
  it("refuse a bulk change with an entry of another round or an unknown id, writing nothing", async () => {
    const a = await roundWith(1);
    const b = await roundWith(1);
    const mixed = await refusal(scores([a.ids[0] as number, b.ids[0] as number], [50, 50]));
    expect(mixed.status).toBe(400);
    const unknown = await refusal(scores([a.ids[0] as number, 987_654_321], [50, 50]));
    expect(unknown.status).toBe(404);
    expect((await roundEntries(a.round.id))[0]?.score).toBe(0);
  });
});

describe("balances never go below zero", () => {
  it("refuses credit used beyond the balance (409) and rolls back the whole bulk", async () => {
    const { round, ids, players: ps } = await roundWith(2);
    const rich = ps[0];
    if (!rich) throw new Error("no player");
    await makeTransfer({ fromPlayerId: null, toPlayerId: rich.id, amountCents: 500 });
    const over = await refusal(
      updateEntries(
        db(),
        await fresh([
          { id: ids[1] as number, value: { score: 60 } },
          { id: ids[0] as number, value: { credit_used: 600 } },
        ]),
      ),
    );
    expect(over.status).toBe(409);
    expect(over.message).toContain(`${rich.firstName} ${rich.lastName} has $5.00 of credit`);
    expect((await roundEntries(round.id)).map((e) => [e.score, e.creditUsedCents])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    await updateEntries(db(), await fresh([{ id: ids[0] as number, value: { credit_used: 500 } }]));
    expect(await balanceOf(rich.id)).toBe(0);
  });

  it("lets only as many of 20 racing spends through as the credit covers", async () => {
    const p = await makePlayer();
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 600 });
    const rs = await Promise.all(Array.from({ length: 20 }, () => makeRound()));
    const ids = await Promise.all(rs.map((r) => add(r.id, p.id)));
    const read = await versionsOf(ids);
    const outcomes = await Promise.allSettled(
      ids.map((id) => updateEntries(db(), [{ id, version: read.get(id) ?? 0, value: { credit_used: 200 } }])),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    expect(await balanceOf(p.id)).toBe(0);
  });

  it("refuses deleting or un-crediting an entry whose credit was already spent", async () => {
    const { round, ids, players: ps } = await roundWith(1);
    const p = ps[0];
    if (!p) throw new Error("no player");
    await updateEntries(db(), await fresh([{ id: ids[0] as number, value: { credit_added: 400 } }]));
    await makeTransfer({ fromPlayerId: p.id, toPlayerId: null, amountCents: 300 });
    expect((await refusal(deleteEntry(db(), ids[0] as number, await versionOf(ids[0] as number)))).status).toBe(409);
    expect((await refusal(updateEntries(db(), await fresh([{ id: ids[0] as number, value: { credit_added: 0 } }])))).status).toBe(409);
    expect(await roundEntries(round.id)).toHaveLength(1);
    expect(await balanceOf(p.id)).toBe(100);
  });
});

describe("credit payouts", () => {
  it("set credit added to payout + adjust for every entry, and wait for every score", async () => {
    const { round, ids, players: ps } = await roundWith(2);
    await scores([ids[0] as number], [50]);
    const early = await refusal(creditPayouts(db(), round.id));
    expect(early.status).toBe(409);
    // Who holds the payouts up, and what to do about it.
    expect(early.message).toBe(
      `Enter every score first: MA1 still has entries without a score. No score yet for ${ps[1]?.firstName} ${ps[1]?.lastName}: enter their score, or withdraw them if they did not play.`,
    );
    await scores([ids[1] as number], [52]);
    await updateEntries(db(), await fresh([{ id: ids[0] as number, value: { payoutAdjust: 100 } }]));
    expect(await creditPayouts(db(), round.id)).toBe(1);
    expect((await roundEntries(round.id)).map((e) => e.creditAddedCents)).toEqual([1_000, 0]);
    expect(await balanceOf(ps[0]?.id ?? 0)).toBe(1_000);
    expect(await creditPayouts(db(), round.id)).toBe(0);
  });

  it("refuses an empty round", async () => {
    const round = await makeRound();
    expect((await refusal(creditPayouts(db(), round.id))).status).toBe(409);
  });
});

describe("makeEntry still works beside the admin writes", () => {
  it("an entry written another way is seen by the next admin write", async () => {
    const { round, ids } = await roundWith(1);
    const other = await makePlayer();
    await makeEntry({ roundId: round.id, playerId: other.id, score: 49 });
    await scores(ids, [50]);
    expect((await roundEntries(round.id)).map((e) => e.result)).toEqual(["2/2|(MA1)", "1/2|(MA1)"]);
  });
});
