// An entry is paid once (ADR 22, ADR 25): a player's credit check-in and the organiser's
// cash for the same entry, at once or one after the other, pay what it owes and no more;
// a double tap of the cash form records it once; cash above what is owed is refused unless
// the admin says it is more than owed, and then the books check flags the entry.
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { balanceOf, testDb } from "../fixtures";
import { PRICE, expectBooksBalance } from "../money-fixtures";
import { playerEntry } from "../night-fixtures";
import { RUNS, adminToken, answersOf, withStatus } from "./race-fixtures";
import { leagueFromEnv } from "~/.server/league";
import { moneyReport } from "~/.server/services/money/reports";
import { roundMoneyOf, roundPayments } from "~/.server/services/money/round-money";
import { entryRow } from "../night-fixtures";
import { env } from "cloudflare:workers";

/** What paid for the entry, as the entries screen counts it. */
async function paidCents(w: Awaited<ReturnType<typeof playerEntry>>): Promise<number> {
  const entry = await entryRow(w.entry.id);
  const money = roundMoneyOf(w.round, [{ ...entry, sidePotsCents: 0 }], await roundPayments(testDb(), w.round.id));
  return money.byEntry.get(w.entry.id)?.paidCents ?? -1;
}

const checkIn = (w: Awaited<ReturnType<typeof playerEntry>>) =>
  call("POST", `/api/rounds/${w.round.id}/check-in`, { token: w.token, body: { use_credit: true } });
const cash = (token: string, entryId: number, dollars: number, more: object = {}) =>
  call("POST", "/api/admin/entry/cash", { token, body: { id: entryId, amount: dollars, ...more } });

describe("a credit check-in and the organiser's cash for the same entry", () => {
  it.each(RUNS)("run %i: at once, the entry is paid its price once", async () => {
    const w = await playerEntry({ balanceCents: 1000 });
    const token = await adminToken();
    const [byPlayer, byAdmin] = await answersOf([checkIn(w), cash(token, w.entry.id, PRICE / 100)]);
    expect(await paidCents(w)).toBe(PRICE);
    // Whichever came second saw the entry paid: the cash refused, or the check-in took no credit.
    if (byAdmin?.status === 201) expect(byPlayer?.body.credit_used ?? 0).toBe(0);
    else expect(byAdmin?.status).toBe(409);
    expect(await balanceOf(w.player.id)).toBe(byAdmin?.status === 201 ? 1000 : 1000 - PRICE);
    await expectBooksBalance();
  });

  it("one after the other: cash for an entry its credit already paid is refused, and nothing is recorded", async () => {
    const w = await playerEntry({ balanceCents: 1000 });
    const token = await adminToken();
    expect((await checkIn(w)).status).toBe(200);
    const [refused] = await answersOf([cash(token, w.entry.id, PRICE / 100)]);
    expect(refused?.status).toBe(409);
    expect(refused?.body.error).toMatch(/owes nothing|more than owed/);
    expect(await paidCents(w)).toBe(PRICE);
    expect(await roundPayments(testDb(), w.round.id)).toEqual([]);
  });
});

describe("a double tap on the cash form", () => {
  it.each(RUNS)("run %i: two records of what is owed, each with its own key: one is taken", async () => {
    const w = await playerEntry();
    const token = await adminToken();
    const answers = await answersOf(
      [1, 2].map((i) => cash(token, w.entry.id, PRICE / 100, { request_key: `tap-${i}-${crypto.randomUUID()}` })),
    );
    expect(withStatus(answers, 201)).toHaveLength(1);
    expect(withStatus(answers, 409)).toHaveLength(1);
    expect(await paidCents(w)).toBe(PRICE);
  });
});

describe("cash above what an entry owes", () => {
  it("is refused, saying what is owed; ticked 'more than owed' it is recorded and the books check flags the entry", async () => {
    const w = await playerEntry({ creditCents: 100 });
    const token = await adminToken();
    const [refused] = await answersOf([cash(token, w.entry.id, 18)]);
    expect(refused?.status).toBe(409);
    expect(refused?.body.error).toContain("$5.00");
    expect(await roundPayments(testDb(), w.round.id)).toEqual([]);

    const [taken] = await answersOf([cash(token, w.entry.id, 18, { more_than_owed: true })]);
    expect(taken?.status).toBe(201);
    expect(await paidCents(w)).toBe(1900);
    const report = await moneyReport(testDb(), leagueFromEnv(env));
    expect(report.flags).toContainEqual(
      expect.objectContaining({ kind: "overpaid-entry", entryId: w.entry.id, roundId: w.round.id, cents: 1300 }),
    );
    await expectBooksBalance();
  });
});
