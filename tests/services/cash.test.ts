import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, refusal, testDb } from "../fixtures";
import { PRICE, paidEntry, paymentRow } from "../money-fixtures";
import { recordCash } from "~/.server/services/entries/cash";
import { roundMoneyOf, roundPayments } from "~/.server/services/money/round-money";

// Cash at the course (ADR 22): a payment of method cash, owed going down by it.

const db = testDb;

describe("recordCash", () => {
  it("records a completed cash payment with the entry's round, player, linked user, division and ace, and the note", async () => {
    const w = await paidEntry({ creditCents: 100 });
    const cash = await recordCash(db(), { entryId: w.entry.id, amountCents: 500, note: "Paid at hole 1" });
    expect(cash).toEqual({ paymentId: expect.any(Number), playerName: `${w.player.firstName} ${w.player.lastName}`, amountCents: 500 });
    expect(await paymentRow(cash.paymentId)).toMatchObject({
      method: "cash",
      status: "completed",
      amountCents: 500,
      leagueFeeCents: 0,
      creditUsedCents: 0,
      roundId: w.round.id,
      playerId: w.player.id,
      userId: w.user.id,
      division: "MA2",
      aceOptIn: true,
      paymentData: JSON.stringify({ note: "Paid at hole 1" }),
    });
    const money = roundMoneyOf(w.round, [{ ...w.entry, sidePotsCents: 0 }], await roundPayments(db(), w.round.id));
    expect(money.byEntry.get(w.entry.id)).toMatchObject({ paid: { creditCents: 100, paypalCents: 0, cashCents: 500 }, owedCents: 0 });
    expect(money.owedCents).toBe(0);
  });

  it("takes a walk-up with no account (no user) and no note", async () => {
    const w = await paidEntry({});
    const walkUp = await makeEntry({ roundId: w.round.id, playerId: (await makePlayer()).id, ace: false });
    const cash = await recordCash(db(), { entryId: walkUp.id, amountCents: 250, note: null });
    expect(await paymentRow(cash.paymentId)).toMatchObject({ userId: null, paymentData: null, aceOptIn: false });
    const money = roundMoneyOf(
      w.round,
      [
        { ...w.entry, sidePotsCents: 0 },
        { ...walkUp, sidePotsCents: 0 },
      ],
      await roundPayments(db(), w.round.id),
    );
    // $5 without the ace fee, $2.50 paid; the other entry owes all $6.
    expect(money.byEntry.get(walkUp.id)?.owedCents).toBe(250);
    expect(money.owedCents).toBe(250 + PRICE);
  });

  it("answers 404 for an entry that does not exist or is of another round", async () => {
    expect((await refusal(recordCash(db(), { entryId: 2_147_483_647, amountCents: 100, note: null }))).status).toBe(404);
    const w = await paidEntry({});
    expect((await refusal(recordCash(db(), { entryId: w.entry.id, amountCents: 100, note: null, inRound: w.round.id + 1 }))).status).toBe(
      404,
    );
  });
});
