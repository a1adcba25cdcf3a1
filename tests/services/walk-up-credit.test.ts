import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeAdmin } from "../auth-fixtures";
import { balanceOf, makePlayer, makeRound, makeTransfer, nowSec, refusal, testDb, uniq } from "../fixtures";
import { PRICE, expectBooksBalance } from "../money-fixtures";
import { entryRow } from "../night-fixtures";
import { payments } from "~/.server/db/schema";
import { walkUp } from "~/.server/services/night/walk-up";
import { playerNight } from "~/.server/services/night/player-night";

// A walk-up paid from league credit, or part credit part cash (ADR 25, amended by ADR 38):
// the entry's credit_used pays it in the round's guarded write, as a credit sign-up does;
// the balance guard refuses an overdraft, and a retry with the same key answers the same.

const db = testDb;
const key = () => `key-${crypto.randomUUID()}`;

async function regular(balanceCents: number) {
  const [round, admin, player] = await Promise.all([makeRound({ startsAt: nowSec() + 3600 }), makeAdmin(), makePlayer()]);
  if (balanceCents) await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: balanceCents });
  const input = (creditCents: number, cashCents: number, requestKey = key()) => ({
    roundId: round.id,
    player: { id: player.id },
    division: "MA2",
    ace: true,
    creditCents,
    cash: { amountCents: cashCents, note: null, requestKey },
    adminId: admin.id,
  });
  return { round, admin, player, input };
}

const roundPayments = (roundId: number) => db().select().from(payments).where(eq(payments.roundId, roundId));

describe("a walk-up paid from credit", () => {
  it("pays the whole entry from the player's credit and checks them in; a retry answers the same", async () => {
    const r = await regular(6000);
    const input = r.input(PRICE, 0);
    const done = await walkUp(db(), input);
    expect(done).toMatchObject({ playerId: r.player.id, creditCents: PRICE, amountCents: 0, checkedInAt: expect.any(Number) });
    expect(await entryRow(done.entryId)).toMatchObject({ creditUsedCents: PRICE, checkedInBy: r.admin.id, paymentId: done.paymentId });
    expect(await balanceOf(r.player.id)).toBe(6000 - PRICE);
    expect((await playerNight(db(), r.round.id, r.player.id))?.owedCents).toBe(0);
    // One payment of method credit, as a credit sign-up makes: it carries the request key.
    expect(await roundPayments(r.round.id)).toEqual([
      expect.objectContaining({ method: "credit", amountCents: 0, creditUsedCents: PRICE, requestKey: input.cash.requestKey }),
    ]);

    // A retry makes nothing, so it leaves nothing for after it.
    expect(await walkUp(db(), input)).toEqual({ ...done, followUps: [] });
    expect(await balanceOf(r.player.id)).toBe(6000 - PRICE);
    expect(await roundPayments(r.round.id)).toHaveLength(1);
    await expectBooksBalance();
  });

  it("takes half from credit and half in cash in one write; a retry answers the same", async () => {
    const r = await regular(300);
    const input = r.input(300, 300);
    const done = await walkUp(db(), input);
    expect(done).toMatchObject({ creditCents: 300, amountCents: 300 });
    expect((await entryRow(done.entryId))?.creditUsedCents).toBe(300);
    expect(await balanceOf(r.player.id)).toBe(0);
    const cash = (await roundPayments(r.round.id)).filter((p) => p.method === "cash");
    expect(cash).toEqual([expect.objectContaining({ status: "completed", amountCents: 300 })]);
    expect((await playerNight(db(), r.round.id, r.player.id))?.owedCents).toBe(0);

    // A retry makes nothing, so it leaves nothing for after it.
    expect(await walkUp(db(), input)).toEqual({ ...done, followUps: [] });
    expect(await roundPayments(r.round.id)).toHaveLength(2);
    expect(await balanceOf(r.player.id)).toBe(0);
    await expectBooksBalance();
  });

  it("refuses credit the player does not have, and changes nothing", async () => {
    const r = await regular(400);
    const err = await refusal(walkUp(db(), r.input(500, 100)));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/Credit cannot go below zero: .* has \$4\.00 of credit and this would take \$5\.00/);
    expect(await roundPayments(r.round.id)).toEqual([]);
    expect(await balanceOf(r.player.id)).toBe(400);
  });

  it("refuses more credit than the entry's price, and cash above what the credit leaves owed", async () => {
    const r = await regular(5000);
    const tooMuch = await refusal(walkUp(db(), r.input(PRICE + 100, 0)));
    expect([tooMuch.status, tooMuch.message]).toEqual([
      409,
      `${r.player.firstName} ${r.player.lastName}'s entry is $6.00: use at most $6.00 of credit.`,
    ]);
    const above = await refusal(walkUp(db(), r.input(400, 300)));
    expect(above.status).toBe(409);
    expect(above.message).toContain("owes $2.00, less than $3.00");
    expect(await roundPayments(r.round.id)).toEqual([]);
    expect(await balanceOf(r.player.id)).toBe(5000);
  });

  it("refuses credit for a new player (they have none) and a walk-up that pays nothing", async () => {
    const r = await regular(0);
    const fresh = { firstName: "Nia", lastName: `New${uniq()}`, pdga: null };
    const none = await refusal(walkUp(db(), { ...r.input(300, 300), player: fresh }));
    expect([none.status, none.message]).toEqual([409, `Nia ${fresh.lastName} is a new player: they have no credit to pay with.`]);
    const nothing = await refusal(walkUp(db(), r.input(0, 0)));
    expect(nothing.status).toBe(400);
    expect(
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.roundId, r.round.id))),
    ).toEqual([]);
  });
});
