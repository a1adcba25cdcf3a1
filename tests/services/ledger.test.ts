import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb, refusal, balanceOf } from "../fixtures";
import { aces, transfers } from "~/.server/db/schema";
import type { AppError } from "~/.server/errors";
import { acePotCents } from "~/.server/services/money/aces";
import { LEDGER_MESSAGES, addAce, addTransfer, deleteAce, deleteTransfer } from "~/.server/services/money/ledger";

const db = testDb;

/** A player holding `cents` of credit, bought in from the league. */
async function playerWithCredit(cents: number) {
  const p = await makePlayer();
  if (cents > 0) await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: cents });
  return p;
}

const transfer = (from: number | null, to: number | null, amtCents: number) =>
  addTransfer(db(), { date: nowSec(), fromPlayerId: from, toPlayerId: to, amountCents: amtCents, description: "test" });

describe("transfers", () => {
  it("move credit between players, and from or to the league", async () => {
    const [a, b] = await Promise.all([playerWithCredit(1_000), makePlayer()]);
    await transfer(a.id, b.id, 400);
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([600, 400]);
    await transfer(b.id, null, 400); // cashed out
    await transfer(null, b.id, 250); // bought in
    expect(await balanceOf(b.id)).toBe(250);
  });

  it("refuse the same player on both sides, no player at all, and a missing player, changing nothing", async () => {
    const a = await playerWithCredit(1_000);
    const same = await refusal(transfer(a.id, a.id, 100));
    expect([same.status, same.message]).toEqual([400, LEDGER_MESSAGES.sameSides]);
    expect((await refusal(transfer(null, null, 100))).status).toBe(400);
    expect((await refusal(transfer(a.id, 987_654_321, 100))).status).toBe(404);
    expect(await balanceOf(a.id)).toBe(1_000);
  });

  it("refuse taking a balance below zero (409) with the balance in the message", async () => {
    const [a, b] = await Promise.all([playerWithCredit(500), makePlayer()]);
    const err = await refusal(transfer(a.id, b.id, 501));
    expect(err.status).toBe(409);
    expect(err.message).toBe(`${a.firstName} ${a.lastName} has $5.00 of credit; a transfer of $5.01 would take it below zero.`);
    await transfer(a.id, b.id, 500); // exactly all of it is fine
    expect(await balanceOf(a.id)).toBe(0);
  });

  it("twenty racing transfers of the same credit: exactly one goes through", async () => {
    const [a, ...receivers] = await Promise.all([playerWithCredit(1_000), ...Array.from({ length: 20 }, () => makePlayer())]);
    const results = await Promise.allSettled(receivers.map((r) => transfer(a.id, r.id, 1_000)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as AppError).status).toBe(409);
    expect(await balanceOf(a.id)).toBe(0);
  });

  it("delete gives the credit back, unless the receiver already spent it (409)", async () => {
    const [a, b, c] = await Promise.all([playerWithCredit(1_000), makePlayer(), makePlayer()]);
    const first = await transfer(a.id, b.id, 600);
    await deleteTransfer(db(), first);
    expect([await balanceOf(a.id), await balanceOf(b.id)]).toEqual([1_000, 0]);

    const second = await transfer(a.id, b.id, 600);
    await transfer(b.id, c.id, 300); // b spends half
    const err = await refusal(deleteTransfer(db(), second));
    expect(err.status).toBe(409);
    expect(err.message).toContain("would take it below zero");
    expect(await db().select().from(transfers).where(eq(transfers.id, second))).toHaveLength(1);
    expect((await refusal(deleteTransfer(db(), 987_654_321))).status).toBe(404);
  });

  it("a receiver's spending and the delete of what they received, racing: the balance never goes below zero", async () => {
    const [a, b, c] = await Promise.all([playerWithCredit(1_000), makePlayer(), makePlayer()]);
    const id = await transfer(a.id, b.id, 800);
    await Promise.allSettled([deleteTransfer(db(), id), transfer(b.id, c.id, 800)]);
    expect(await balanceOf(b.id)).toBeGreaterThanOrEqual(0);
    expect(await balanceOf(a.id)).toBeGreaterThanOrEqual(0);
  });
});

describe("aces", () => {
  it("pay out of the pot, tie to the round played that day, and refuse more than the pot (409)", async () => {
    const round = await makeRound({ startsAt: nowSec() - 3_600, aceCents: 100 });
    const players = await Promise.all(Array.from({ length: 3 }, () => makePlayer()));
    for (const p of players) await makeEntry({ roundId: round.id, playerId: p.id, ace: true });
    const pot = await acePotCents(db());
    expect(pot).toBeGreaterThanOrEqual(300);

    const tooMuch = await refusal(addAce(db(), { date: nowSec(), playerId: players[0]!.id, amountCents: pot + 1 }));
    expect(tooMuch.status).toBe(409);
    expect(await acePotCents(db())).toBe(pot);

    const id = await addAce(db(), { date: nowSec(), playerId: players[0]!.id, amountCents: 200 });
    const [row] = await db().select().from(aces).where(eq(aces.id, id));
    expect(row).toMatchObject({ playerId: players[0]!.id, amountCents: 200, roundId: round.id });
    expect(await acePotCents(db())).toBe(pot - 200);

    await deleteAce(db(), id);
    expect(await acePotCents(db())).toBe(pot);
    expect((await refusal(deleteAce(db(), id))).status).toBe(404);
    expect((await refusal(addAce(db(), { date: nowSec(), playerId: 987_654_321, amountCents: 1 }))).status).toBe(404);
  });

  it("twenty racing aces for the whole pot: exactly one is paid and the pot ends at zero", async () => {
    const pot = await acePotCents(db());
    expect(pot).toBeGreaterThan(0);
    const p = await makePlayer();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => addAce(db(), { date: nowSec(), playerId: p.id, amountCents: pot })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await acePotCents(db())).toBe(0);
  });
});
