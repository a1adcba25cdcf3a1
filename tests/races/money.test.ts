import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { balanceOf, testDb } from "../fixtures";
import { deliver } from "../job-fixtures";
import { expectBooksBalance, giveBacks, paidEntry, refundEvent, refundedOf } from "../money-fixtures";
import { adminToken, answersOf, expectPayoutsMatchScores, later, offsets, RUNS, withStatus } from "./race-fixtures";
import { entries, paymentRefunds, payments } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { moneyReport } from "~/.server/services/money/reports";
import { env } from "cloudflare:workers";

// The money of ADR 22 under concurrency: twenty withdrawals of one entry give its money back
// once (the transfer's unique payment index, and the round's guarded batch); a refund
// replayed at once counts once, and refunds racing never take back more than was paid;
// a withdrawal racing a refund or a cash record leaves the books flagging exactly what
// the player got twice, or nothing.

const withdraw = (entryId: number, token: string) => call("DELETE", `/api/entries/${entryId}`, { token });
const job = (event: ReturnType<typeof refundEvent>) => ({ body: { type: "paypal-event", id: crypto.randomUUID(), event } });
const flags = async () => (await moneyReport(testDb(), leagueFromEnv(env))).flags;

describe("twenty withdrawals of one entry at once", () => {
  it.each(RUNS)("run %i: one is done, the money comes back once, the rest are refused with words", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true, cashCents: 100 });
    const admin = await adminToken();
    // The player and an admin, ten each, interleaved.
    const answers = await answersOf(Array.from({ length: 20 }, (_, i) => withdraw(w.entry.id, i % 2 ? admin : w.token)));
    const done = withStatus(answers, 200);
    expect(done).toHaveLength(1);
    // $2 credit, $1 cash and the $3 rest through PayPal with its $0.15 fee: all of it back.
    expect(done[0]?.body).toMatchObject({ credit_back: 2 + 3.15 + 1, paid_back: { credit: 2, paypal: 3.15, cash: 1 } });
    for (const a of answers) if (a.status !== 200) expect([404, 409], JSON.stringify(a.body)).toContain(a.status);
    expect(await testDb().select().from(entries).where(eq(entries.id, w.entry.id))).toEqual([]);
    expect(await giveBacks(w.paypal!.id)).toHaveLength(1);
    expect(await giveBacks(w.cash!.id)).toHaveLength(1);
    expect(await balanceOf(w.player.id)).toBe(200 + 315 + 100);
    await expectPayoutsMatchScores(w.round.id);
    await expectBooksBalance();
  });
});

describe("a refund replayed at once", () => {
  it.each(RUNS)("run %i: twenty deliveries of one refund (new event ids too) make one row", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const event = refundEvent(w.paypal!.captureId!, 150, { refundId: `REF-RACE-${crypto.randomUUID()}` });
    // Ten batches at once: the same job, the same job under another event id (PayPal's resend), each twice.
    const jobs = Array.from({ length: 10 }, (_, i) => [job(event), job({ ...event, eventId: `${event.eventId}-${i}` })]);
    await Promise.all(jobs.map((batch) => deliver(batch)));
    expect(await refundedOf(w.paypal!.id)).toBe(150);
    const [payment] = await testDb().select().from(payments).where(eq(payments.id, w.paypal!.id));
    expect(payment?.status).toBe("completed");
  });

  it.each(RUNS)("run %i: three refunds of 3 dollars of a 6.21 dollar payment at once take back 6.21 at most", async () => {
    const w = await paidEntry({ paypal: true });
    await Promise.all([1, 2, 3].map(() => deliver([job(refundEvent(w.paypal!.captureId!, 300))])));
    expect(await refundedOf(w.paypal!.id)).toBe(621);
    const rows = await testDb().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, w.paypal!.id));
    expect(rows.map((r) => r.amountCents).sort()).toEqual([21, 300, 300]);
    const [payment] = await testDb().select().from(payments).where(eq(payments.id, w.paypal!.id));
    expect(payment?.status).toBe("refunded");
  });
});

describe("a withdrawal racing a refund or a cash record", () => {
  it.each(RUNS)("run %i: refund and withdrawal at once: the player gets what they paid, or the books flag the rest", async (run) => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const [first, second] = offsets(run);
    const [answers] = await Promise.all([
      answersOf([later(first, () => withdraw(w.entry.id, w.token))]),
      later(second, () => deliver([job(refundEvent(w.paypal!.captureId!, 150))]).then(() => new Response())),
    ]);
    expect(answers[0]?.status).toBe(200);
    const [given] = await giveBacks(w.paypal!.id);
    const refunded = await refundedOf(w.paypal!.id);
    expect(refunded).toBe(150);
    // Given back as credit + refunded by PayPal is what was paid, unless the refund came after: then flagged.
    const over = (given?.amountCents ?? 0) + refunded - 417;
    const flagged = (await flags()).filter((f) => f.kind === "overpaid" && f.paymentId === w.paypal!.id);
    expect(flagged.map((f) => f.cents)).toEqual(over > 0 ? [over] : []);
    expect(await balanceOf(w.player.id)).toBe(200 + (given?.amountCents ?? 0));
    await expectBooksBalance();
  });

  it.each(RUNS)("run %i: cash and withdrawal at once: cash recorded before is given back, after is refused", async (run) => {
    const w = await paidEntry({ creditCents: 100 });
    const admin = await adminToken();
    const [first, second] = offsets(run);
    const [cash, out] = await answersOf([
      later(first, () => call("POST", "/api/admin/entry/cash", { token: admin, body: { id: w.entry.id, amount: 5 } })),
      later(second, () => withdraw(w.entry.id, w.token)),
    ]);
    expect(out?.status).toBe(200);
    expect([201, 404]).toContain(cash?.status);
    const cashRows = await testDb().select().from(payments).where(eq(payments.roundId, w.round.id));
    expect(cashRows).toHaveLength(cash?.status === 201 ? 1 : 0);
    expect(out?.body.paid_back.cash).toBe(cash?.status === 201 ? 5 : 0);
    expect(await balanceOf(w.player.id)).toBe(100 + (cash?.status === 201 ? 500 : 0));
    expect((await flags()).filter((f) => f.roundId === w.round.id)).toEqual([]);
    await expectBooksBalance();
  });
});
