import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, tokenFor } from "../auth-fixtures";
import { balanceOf, creditSignUpBody, testDb } from "../fixtures";
import { expectBooksBalance } from "../money-fixtures";
import { PRICE, cappedRound, claimedPlayer, fill, listRows } from "../waitlist-fixtures";
import { RUNS, answersOf, oneWayOrTheOther, roundEntries } from "./race-fixtures";
import { payments } from "~/.server/db/schema";
import { SIGNUP_MESSAGES } from "~/.server/services/signup/signup";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { joinWaitlist } from "~/.server/services/signup/waitlist";
import { afterWrite } from "../after-write";

// The last place of a capped round (ADR 28): the field_full guard inside the sign-up's batch
// must let exactly one of twenty racers in, and one offer be confirmed once.

const creditPayments = (roundId: number) => testDb().select().from(payments).where(eq(payments.roundId, roundId));

describe("20 players racing for the last place", () => {
  it.each(RUNS)("run %i: exactly one entered, nineteen told the round is full, the books balance", async () => {
    const round = await cappedRound(3);
    await fill(round.id, 2);
    const racers = await Promise.all(Array.from({ length: 20 }, () => claimedPlayer(PRICE)));
    const tokens = await Promise.all(racers.map((r) => tokenFor(r.user)));
    const answers = await answersOf(
      racers.map((r, i) => call("POST", "/api/entries", { token: tokens[i], body: creditSignUpBody(r.player.id, round.id) })),
    );
    const won = oneWayOrTheOther(answers, 201, "The round is full.");
    expect(won).toHaveLength(1);
    expect(await roundEntries(round.id)).toHaveLength(3);
    expect(await creditPayments(round.id)).toHaveLength(1);
    const balances = await Promise.all(racers.map((r) => balanceOf(r.player.id)));
    expect(balances.filter((b) => b === 0)).toHaveLength(1);
    await expectBooksBalance();
  });
});

describe("20 confirms of one offer at once", () => {
  it.each(RUNS)("run %i: one entry, one payment, one debit", async () => {
    const round = await cappedRound(1);
    const [taken] = await fill(round.id, 1);
    const waiter = await claimedPlayer(3 * PRICE);
    await afterWrite(
      await joinWaitlist(testDb(), { userId: waiter.user.id, roundId: round.id, division: "MA2", ace: true, autoConfirm: false }),
    );
    await afterWrite(await withdrawEntry(testDb(), taken.id, { admin: true }));
    expect((await listRows(round.id))[0]?.status).toBe("offered");
    const token = await tokenFor(waiter.user);
    const answers = await answersOf(Array.from({ length: 20 }, () => call("POST", `/api/rounds/${round.id}/waitlist/confirm`, { token })));
    expect(oneWayOrTheOther(answers, 201, SIGNUP_MESSAGES.entered)).toHaveLength(1);
    expect(await roundEntries(round.id)).toMatchObject([{ playerId: waiter.player.id }]);
    expect(await creditPayments(round.id)).toHaveLength(1);
    expect(await balanceOf(waiter.player.id)).toBe(2 * PRICE);
    expect((await listRows(round.id))[0]?.status).toBe("entered");
    await expectBooksBalance();
  });
});
