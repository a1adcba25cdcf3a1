import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, makeUser } from "../auth-fixtures";
import { balanceOf, makePlayer, makeRound, makeTransfer, nowSec, testDb, uniq } from "../fixtures";
import { PRICE, expectBooksBalance, paidEntry } from "../money-fixtures";
import { checkedInRound, entryRow, playerEntry } from "../night-fixtures";
import { RUNS, adminToken, answersOf, expectPayoutsMatchScores, oneWayOrTheOther, withStatus } from "./race-fixtures";
import { claims, entries, messageRecipients, messages, payments, players, rounds } from "~/.server/db/schema";
import { CARDS_CHANGED } from "~/.server/services/cards/card-sql";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// League night under concurrency (ADR 25): twenty taps of Check in check in once and take
// the credit once; twenty retries of one walk-up or one cash record make one payment and
// answer alike; two admins saving the cards have one winner; twenty publishes publish once
// and mail each player once.

describe("twenty check-ins of one entry at once", () => {
  it.each(RUNS)("run %i: checked in once, the credit taken once, every answer 200", async () => {
    const w = await playerEntry({ balanceCents: 1000 });
    const answers = await answersOf(
      Array.from({ length: 20 }, () => call("POST", `/api/rounds/${w.round.id}/check-in`, { token: w.token, body: { use_credit: true } })),
    );
    expect(withStatus(answers, 200)).toHaveLength(20);
    expect(answers.filter((a) => a.body.changed)).toHaveLength(1);
    expect(answers.map((a) => a.body.credit_used).sort()).toEqual([...Array(19).fill(0), PRICE / 100]);
    expect(await entryRow(w.entry.id)).toMatchObject({ creditUsedCents: PRICE, checkedInBy: w.user.id });
    expect(await balanceOf(w.player.id)).toBe(1000 - PRICE);
    await expectPayoutsMatchScores(w.round.id);
    await expectBooksBalance();
  });
});

describe("twenty retries of one walk-up at once", () => {
  it.each(RUNS)("run %i: one player, one entry, one payment; every answer the same walk-up", async () => {
    const round = await makeRound({ startsAt: nowSec() + 3600 });
    const token = await adminToken();
    const lastName = `Walk${uniq()}`;
    const body = { new_player: { fn: "Wes", ln: lastName }, division: "MA2", amount: 6, request_key: `k-${crypto.randomUUID()}` };
    const answers = await answersOf(
      Array.from({ length: 20 }, () => call("POST", `/api/admin/rounds/${round.id}/walk-up`, { token, body })),
    );
    expect(withStatus(answers, 201)).toHaveLength(20);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await testDb().select().from(players).where(eq(players.lastName, lastName))).toHaveLength(1);
    expect(await testDb().select().from(entries).where(eq(entries.roundId, round.id))).toHaveLength(1);
    expect(await testDb().select().from(payments).where(eq(payments.roundId, round.id))).toHaveLength(1);
    await expectBooksBalance();
  });
});

describe("walk-ups paid from one player's credit at once (ADR 38)", () => {
  it.each(RUNS)("run %i: twenty retries of one take the credit once; two rounds' walk-ups on one balance, one is refused", async () => {
    const token = await adminToken();
    const [here, there] = await Promise.all([makeRound({ startsAt: nowSec() + 3600 }), makeRound({ startsAt: nowSec() + 3600 })]);
    const player = await makePlayer();
    await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: PRICE + 100 });
    const body = { player_id: player.id, division: "MA2", credit: PRICE / 100, request_key: `k-${crypto.randomUUID()}` };
    const retries = await answersOf(
      Array.from({ length: 20 }, () => call("POST", `/api/admin/rounds/${here.id}/walk-up`, { token, body })),
    );
    expect(withStatus(retries, 201)).toHaveLength(20);
    expect(new Set(retries.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await balanceOf(player.id)).toBe(100);

    const other = await makePlayer();
    await makeTransfer({ fromPlayerId: null, toPlayerId: other.id, amountCents: PRICE });
    const spend = (roundId: number) =>
      call("POST", `/api/admin/rounds/${roundId}/walk-up`, {
        token,
        body: { player_id: other.id, division: "MA2", credit: PRICE / 100, request_key: `k-${crypto.randomUUID()}` },
      });
    const both = await answersOf([spend(here.id), spend(there.id)]);
    expect(oneWayOrTheOther(both, 201, /Credit cannot go below zero/)).toHaveLength(1);
    expect(await balanceOf(other.id)).toBe(0);
    await expectPayoutsMatchScores(here.id);
    await expectBooksBalance();
  });
});

describe("twenty retries of one cash record at once", () => {
  it.each(RUNS)("run %i: one payment, every answer the same", async () => {
    const w = await paidEntry();
    const token = await adminToken();
    const body = { id: w.entry.id, amount: 6, note: "flaky signal", request_key: `k-${crypto.randomUUID()}` };
    const answers = await answersOf(Array.from({ length: 20 }, () => call("POST", "/api/admin/entry/cash", { token, body })));
    expect(withStatus(answers, 201)).toHaveLength(20);
    expect(new Set(answers.map((a) => a.body.payment_id)).size).toBe(1);
    expect(
      await testDb()
        .select()
        .from(payments)
        .where(and(eq(payments.roundId, w.round.id), eq(payments.method, "cash"))),
    ).toHaveLength(1);
  });
});

describe("two admins saving the cards at once", () => {
  it.each(RUNS)("run %i: one save wins, the other is told the cards changed", async () => {
    const night = await checkedInRound(8);
    const [a, b] = [await adminToken(), await adminToken()];
    const base = `/api/admin/rounds/${night.round.id}/cards`;
    const made = (await (await call("POST", base, { token: a, body: { version: 0 } })).json()) as {
      version: number;
      cards: { number: number; start_hole: number; players: { entry_id: number }[] }[];
    };
    const ids = made.cards.map((c) => c.players.map((p) => p.entry_id));
    const save = (token: string, order: number[][]) =>
      call("PUT", base, {
        token,
        body: { version: made.version, cards: order.map((entryIds, i) => ({ number: i + 1, start_hole: i + 3, entry_ids: entryIds })) },
      });
    const answers = await answersOf([save(a, ids), save(b, [...ids].reverse())]);
    const won = oneWayOrTheOther(answers, 200, CARDS_CHANGED);
    expect(won).toHaveLength(1);
    const [row] = await testDb().select({ version: rounds.cardsVersion }).from(rounds).where(eq(rounds.id, night.round.id));
    expect(row?.version).toBe(made.version + 1);
  });
});

describe("twenty publishes at once", () => {
  it("published once, and each player on a card with an account told once", async () => {
    const night = await checkedInRound(6, { startsAt: nowSec() + 3600 });
    const accounts = [];
    for (const person of night.people.slice(0, 3)) {
      const user = await makeUser();
      await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: person.id, status: "approved" });
      accounts.push(user);
    }
    const token = await adminToken();
    const base = `/api/admin/rounds/${night.round.id}/cards`;
    const made = (await (await call("POST", base, { token, body: { version: 0 } })).json()) as { version: number };
    const answers = await answersOf(
      Array.from({ length: 20 }, () => call("POST", `${base}/publish`, { token, body: { version: made.version } })),
    );
    expect(withStatus(answers, 200)).toHaveLength(20);
    expect(answers.filter((a) => a.body.published_now)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.published_at)).size).toBe(1);
    // The one announcement reaches the real queue's consumer: one message, a copy per account, each mailed (ADR 49).
    const [round] = await testDb().select({ at: rounds.cardsPublishedAt }).from(rounds).where(eq(rounds.id, night.round.id));
    const copies = () =>
      testDb()
        .select({ userId: messageRecipients.userId, status: messageRecipients.status })
        .from(messageRecipients)
        .innerJoin(messages, and(eq(messages.id, messageRecipients.messageId), eq(messages.key, `cards:${night.round.id}:${round?.at}`)));
    const deadline = Date.now() + 15_000;
    while ((await copies()).filter((c) => c.status === "mailed").length < accounts.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const rows = await copies();
    expect(rows.map((r) => r.userId).sort()).toEqual(accounts.map((u) => u.id).sort());
    expect(rows.every((r) => r.status === "mailed")).toBe(true);
  });
});
