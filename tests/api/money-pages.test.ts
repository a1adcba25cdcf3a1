import { versionOf } from "../version-fixtures";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { balanceOf, makeEntry, makePlayer, makeRound, nowSec, testDb, uniq } from "../fixtures";
import { giveBacks, makePayment, paidEntry, refundEvent } from "../money-fixtures";
import { argsFor, argsWith, outcome } from "../route-fixtures";
import type { Session } from "~/.server/auth/current-user";
import { entries, payments, transfers } from "~/.server/db/schema";
import { PAYMENTS_PAGE_SIZE } from "~/.server/services/money/payments";
import { recordRefund } from "~/.server/services/money/refunds";
import { WITHDRAW_MESSAGES } from "~/.server/services/entries/withdrawal";
import { PAGE_ERROR } from "~/lib/shared/paging";
import * as paymentsPage from "~/routes/admin-payments";
import * as playPage from "~/routes/admin-round-play";
import * as roundPage from "~/routes/round";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// The pages of ADR 22 through their route modules: the admin's entries screen (what paid,
// what is owed, the money actions) and the round page's Withdraw for a signed-in player.

const entryRow = async (id: number) => (await testDb().select().from(entries).where(eq(entries.id, id)))[0];

/** A signed-in player's session, linked to `playerId` by an approved claim. */
const playerSession = (userId: number, playerId: number): Session => ({
  user: {
    id: userId,
    name: "Player",
    email: `${uniq()}@example.com`,
    isOperator: false,
    linkedPlayerId: playerId,
    claimStatus: "approved",
  },
  leagueId: 1,
  leagueRole: null,
  loginKind: "user",
  sessionId: uniq(),
  expiresAt: nowSec() + 3600,
});

const post = (path: string, form: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.append(k, v);
  return new Request(`http://localhost${path}`, { method: "POST", body });
};

describe("the entries screen", () => {
  it("shows per entry how it was paid and what it owes, the round's total owed, and money to sort out", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const walkUp = await makeEntry({ roundId: w.round.id, playerId: (await makePlayer()).id });
    const gone = await makePlayer();
    await makePayment({ roundId: w.round.id, playerId: gone.id, method: "cash", amountCents: 600, captureId: null, transactionId: null });
    await recordRefund(testDb(), refundEvent(w.paypal!.captureId!, 100));
    const { data } = await outcome(
      playPage.loader(await argsFor("admin", `/admin/round/play/${w.round.id}`, undefined, { roundId: String(w.round.id) })),
    );
    const byId = new Map(data.entries.map((e: { id: number }) => [e.id, e]));
    // $6: $2 credit, $4.17 PayPal of which $0.17 is the fee and $1.00 was refunded → $3.00 paid, $1.00 owed.
    expect(byId.get(w.entry.id)).toMatchObject({
      money: { paid: { creditCents: 200, paypalCents: 300, cashCents: 0 }, owedCents: 100, refundedCents: 100, unresolvedCents: 100 },
    });
    expect(byId.get(walkUp.id)).toMatchObject({ money: { paidCents: 0, owedCents: 600 } });
    expect(data.owedCents).toBe(700);
    expect(data.issues).toEqual([
      {
        kind: "unentered",
        paymentId: expect.any(Number),
        playerName: `${gone.firstName} ${gone.lastName}`,
        method: "cash",
        leftCents: 600,
      },
    ]);
  });

  it("records cash, keeps a refunded entry, withdraws, and gives back money without an entry, each saying what it did", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const path = `/admin/round/play/${w.round.id}`;
    const params = { roundId: String(w.round.id) };
    const act = async (form: Record<string, string>) => outcome(playPage.action(await argsFor("admin", path, form, params)));

    const bad = await act({ intent: "cash", id: String(w.entry.id), amount: "0" });
    expect(bad).toMatchObject({ status: 400, data: { fieldErrors: { amount: "Amount must be more than 0" } } });
    expect((await act({ intent: "cash", id: String(w.entry.id), amount: "1.00", note: "", more_than_owed: "on" })).data).toEqual({
      success: `Recorded $1.00 in cash from ${w.player.firstName} ${w.player.lastName}.`,
    });
    expect((await act({ intent: "keepEntry", id: String(w.entry.id) })).status).toBe(409);
    await recordRefund(testDb(), refundEvent(w.paypal!.captureId!, 200));
    expect((await act({ intent: "keepEntry", id: String(w.entry.id) })).data.success).toMatch(/^Kept .*'s entry/);
    // Withdraw: $2 credit + $2.17 left of PayPal + $1 cash.
    const out = await act({ intent: "deleteEntry", id: String(w.entry.id), version: String(await versionOf(w.entry.id)) });
    expect(out.data.success).toBe(
      `Withdrew ${w.player.firstName} ${w.player.lastName} from ${w.round.name}: $5.17 back as league credit (credit $2.00 · PayPal $2.17 · cash $1.00).`,
    );
    expect(await balanceOf(w.player.id)).toBe(517);

    const gone = await makePlayer();
    const paid = await makePayment({
      roundId: w.round.id,
      playerId: gone.id,
      method: "cash",
      amountCents: 450,
      captureId: null,
      transactionId: null,
    });
    expect((await act({ intent: "giveBack", payment: String(paid.id) })).data.success).toBe(
      `Gave $4.50 back to ${gone.firstName} ${gone.lastName} as league credit.`,
    );
    expect((await act({ intent: "giveBack", payment: String(paid.id) })).status).toBe(409);
    expect(await balanceOf(gone.id)).toBe(450);
    // PayPal refunds $1 of the withdrawn payment after all: the player got it twice; the admin takes it back.
    await recordRefund(testDb(), refundEvent(w.paypal!.captureId!, 100));
    const { data } = await outcome(playPage.loader(await argsFor("admin", path, undefined, params)));
    expect(data.issues).toEqual([
      { kind: "overpaid", paymentId: w.paypal!.id, playerName: `${w.player.firstName} ${w.player.lastName}`, overCents: 100 },
    ]);
    expect((await act({ intent: "takeBack", payment: String(w.paypal!.id) })).data.success).toMatch(/^Took \$1\.00 of credit back/);
    expect((await giveBacks(w.paypal!.id))[0]?.amountCents).toBe(117);
    expect(await balanceOf(w.player.id)).toBe(417);
  });

  it("answers 404 for another round's entry or payment and sends a player away", async () => {
    const [w, other] = await Promise.all([paidEntry({ cashCents: 600 }), paidEntry({})]);
    const params = { roundId: String(other.round.id) };
    const path = `/admin/round/play/${other.round.id}`;
    expect(
      (await outcome(playPage.action(await argsFor("admin", path, { intent: "cash", id: String(w.entry.id), amount: "1" }, params))))
        .status,
    ).toBe(404);
    expect(
      (await outcome(playPage.action(await argsFor("admin", path, { intent: "giveBack", payment: String(w.cash!.id) }, params)))).status,
    ).toBe(404);
    expect(
      await outcome(playPage.action(await argsFor("player", path, { intent: "cash", id: String(other.entry.id), amount: "1" }, params))),
    ).toMatchObject({
      status: 302,
      location: "/",
    });
    expect(await testDb().select().from(transfers).where(eq(transfers.toPlayerId, w.player.id))).toEqual([]);
  });
});

describe("the round page's Withdraw", () => {
  it("offers the signed-in player's entry with what would come back, until the round starts", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const session = playerSession(w.user.id, w.player.id);
    const url = `http://localhost/rounds/${w.round.id}`;
    const { data } = await outcome(roundPage.loader(argsWith(session, new Request(url), { roundId: String(w.round.id) })));
    expect(data.signUp).toMatchObject({
      entered: true,
      withdraw: { entryId: w.entry.id, back: { creditCents: 200, paypalCents: 417, cashCents: 0 } },
    });
    const late = await paidEntry({ creditCents: 600, startsIn: -60 });
    const lateData = await outcome(
      roundPage.loader(
        argsWith(playerSession(late.user.id, late.player.id), new Request(`http://localhost/rounds/${late.round.id}`), {
          roundId: String(late.round.id),
        }),
      ),
    );
    expect(lateData.data.signUp).toMatchObject({ entered: true, withdraw: null });
  });

  it("withdraws and says so; refuses someone else's entry and a started round; sends nobody to log in", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const path = `/rounds/${w.round.id}`;
    const params = { roundId: String(w.round.id) };
    const other = await paidEntry({ creditCents: 600 });
    const mine = playerSession(w.user.id, w.player.id);
    const refused = await outcome(roundPage.action(argsWith(mine, post(path, { intent: "withdraw", id: String(other.entry.id) }), params)));
    expect(refused).toMatchObject({ status: 404 }); // another round's entry
    const theirs = await outcome(
      roundPage.action(
        argsWith(mine, post(`/rounds/${other.round.id}`, { intent: "withdraw", id: String(other.entry.id) }), {
          roundId: String(other.round.id),
        }),
      ),
    );
    expect(theirs).toMatchObject({ status: 403, data: { formError: WITHDRAW_MESSAGES.notYours } });
    expect(
      await outcome(roundPage.action(argsWith(null, post(path, { intent: "withdraw", id: String(w.entry.id) }), params))),
    ).toMatchObject({
      status: 302,
      location: `/login?redirectTo=${encodeURIComponent(path)}`,
    });
    const done = await outcome(roundPage.action(argsWith(mine, post(path, { intent: "withdraw", id: String(w.entry.id) }), params)));
    expect(done).toMatchObject({
      status: 200,
      data: { success: `You withdrew from ${w.round.name}. $6.17 is back as your league credit.` },
    });
    expect(await entryRow(w.entry.id)).toBeUndefined();
    expect(await entryRow(other.entry.id)).toBeDefined();
  });
});

describe("the admin's Payments page", () => {
  const load = async (who: "admin" | "player", query: string) =>
    outcome(paymentsPage.loader(await argsFor(who, `/admin/payments${query}`)));

  it("shows a page of 100 at a time, newest first, and the filters offer every round and user however old their payment", async () => {
    const [round, old, player, oldPayer] = await Promise.all([makeRound(), makeRound(), makePlayer(), makeUser()]);
    const now = nowSec();
    const oldest = await makePayment({ roundId: old.id, playerId: player.id, userId: oldPayer.id, createdAt: now - 400 * 86_400 });
    // D1 binds at most 100 values a statement: ten rows an insert, in one batch.
    const rows = Array.from({ length: PAYMENTS_PAGE_SIZE + 1 }, (_, i) => ({
      leagueId: DEFAULT_LEAGUE_ID,
      roundId: round.id,
      playerId: player.id,
      method: "cash" as const,
      status: "completed" as const,
      amountCents: 100 + i,
      division: "MA2",
      createdAt: now - 1000 + i,
    }));
    const db = testDb();
    const [head, ...rest] = Array.from({ length: Math.ceil(rows.length / 8) }, (_, i) =>
      db.insert(payments).values(rows.slice(i * 8, i * 8 + 8)),
    );
    await db.batch([head!, ...rest]);

    const first = await load("admin", `?round=${round.id}`);
    expect(first.data.paging).toEqual({ page: 1, pageSize: PAYMENTS_PAGE_SIZE, total: PAYMENTS_PAGE_SIZE + 1, pages: 2 });
    expect(first.data.payments).toHaveLength(PAYMENTS_PAGE_SIZE);
    expect(first.data.payments[0].amountCents).toBe(100 + PAYMENTS_PAGE_SIZE); // the newest
    const second = await load("admin", `?round=${round.id}&page=2`);
    expect(second.data.payments.map((p: { amountCents: number }) => p.amountCents)).toEqual([100]);

    // Unfiltered, the old payment is far past the first page, yet its round and user are offered.
    const all = await load("admin", "");
    expect(all.data.payments.some((p: { id: number }) => p.id === oldest.id)).toBe(false);
    expect(all.data.rounds).toEqual(
      expect.arrayContaining([
        { id: old.id, label: old.name },
        { id: round.id, label: round.name },
      ]),
    );
    expect(all.data.users).toEqual(expect.arrayContaining([{ id: oldPayer.id, label: oldPayer.name }]));
    const byUser = await load("admin", `?user=${oldPayer.id}`);
    expect(byUser.data.payments.map((p: { id: number }) => p.id)).toEqual([oldest.id]);
  });

  it("says when a page is past the end, refuses a page that is not a whole number from 1, and is for admins only", async () => {
    const [round, player] = await Promise.all([makeRound(), makePlayer()]);
    await makePayment({ roundId: round.id, playerId: player.id });
    const past = await load("admin", `?round=${round.id}&page=3`);
    expect(past.data).toMatchObject({ payments: [], paging: { page: 3, total: 1, pages: 1 } });
    for (const page of ["0", "x", "-1", "1.5", "9999999"]) {
      expect(await load("admin", `?page=${page}`), page).toMatchObject({ status: 400, data: { message: PAGE_ERROR } });
    }
    expect(await load("player", "")).toMatchObject({ status: 302, location: "/" });
  });
});
