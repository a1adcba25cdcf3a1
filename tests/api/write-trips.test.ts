import { describe, expect, it } from "vitest";
import { call, expectStatus, makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { creditSignUpBody, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb, uniq } from "../fixtures";
import { eq } from "drizzle-orm";
import { claims, entries } from "~/.server/db/schema";
import { PRICE, cappedRound, claimedPlayer, fill, offeredRound } from "../waitlist-fixtures";
import { PRICE as ENTRY_PRICE, makePayment, paidEntry } from "../money-fixtures";
import { checkedInRound, playerEntry } from "../night-fixtures";
import { capture, createOrder, entriesOf, installPayPalApp, payingPlayer } from "../paypal/app-harness";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const app = installPayPalApp();

// A write's round trips (Server-Timing `d1rt`, ADR 41, 42): the write's own reads asked
// together beside the guard's session, then its one guarded batch (ADR 14) — 2; its effects
// wait for the guard's verdict. What follows the batch (the waitlist's settling, the tags'
// swap, mails, ratings marks: the "follow-ups") is counted separately in each case's
// comment; each case asserts its total as it is, so a regression shows.

const tripsOf = (res: Response) => Number(/d1rt;desc="(\d+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);

/** A user whose approved claim is a player holding `credit` cents, and an open round ($6 with the ace fund). */
async function claimedUser(credit = 1_000) {
  const [user, player, round] = await Promise.all([makeUser(), makePlayer({ division: "MA2" }), makeRound({ openForRegistration: true })]);
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  if (credit) await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: credit });
  return { user, player, round, token: await tokenFor(user) };
}

describe("a write's round trips", () => {
  it("POST /api/entries by credit: reads beside the session, then the batch", async () => {
    const { player, round, token } = await claimedUser();
    const res = await call("POST", "/api/entries", { token, body: creditSignUpBody(player.id, round.id) });
    await expectStatus(res, 201);
    // Its follow-up: the Worker's check for waitlist notices to mail after a write to entries (1 trip).
    expect(tripsOf(res)).toBe(2 + 1);
  });

  it("DELETE /api/entries/:id by the player: reads beside the session, then the batch, and the waitlist's settling", async () => {
    const { player, round, token } = await claimedUser(0);
    const entry = await makeEntry({ roundId: round.id, playerId: player.id });
    const res = await call("DELETE", `/api/entries/${entry.id}`, { token });
    await expectStatus(res, 200);
    // Its follow-up (ADR 44): the freed place's settling (ADR 28) on an open round with no
    // list — the lapsed offers' expiry, the round, the field, the queue (4). Nothing settled,
    // so no news to mail.
    expect(tripsOf(res)).toBe(2 + 4);
  });

  it("POST /api/admin/entry/add: reads beside the session, then the batch, and answers the entry its batch read back", async () => {
    const [admin, player, round] = await Promise.all([
      makeAdmin(),
      makePlayer({ division: "MA2" }),
      makeRound({ openForRegistration: true }),
    ]);
    await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: 1_000 });
    const token = await tokenFor(admin);
    const values = { round_id: round.id, player: player.id, division: "MA2", ace: true, credit_used: "6" };
    const res = await call("POST", "/api/admin/entry/add", { token, body: { values } });
    const body = await expectStatus(res, 201);
    expect(body.newEntry).toMatchObject({ round_id: round.id, player_id: player.id, division: "MA2", credit_used: 6 });
    // Its follow-up: the waitlist notices' check (1 trip).
    expect(tripsOf(res)).toBe(2 + 1);
    const fresh = { round_id: round.id, newPlayer: { fn: "Wren", ln: "Okafor" }, division: "MA3" };
    const added = await call("POST", "/api/admin/entry/add", { token, body: { values: fresh } });
    const made = await expectStatus(added, 201);
    expect(made.newEntry).toMatchObject({ round_id: round.id, fn: "Wren", ln: "Okafor", division: "MA3" });
    expect(made.newEntry.player_id).not.toBe(player.id);
    expect(tripsOf(added)).toBe(2 + 1);
  });

  it("POST /api/entries by PayPal: the capture's batch planned from what was read before capturing", async () => {
    const w = await payingPlayer(200);
    const order = await createOrder(w);
    const { orderID } = await expectStatus<{ orderID: string }>(order, 201);
    // The order: session, the plan's reads, PayPal's create (not a D1 trip; it needs the
    // plan's price), the payment's batch. No follow-up.
    expect(tripsOf(order)).toBe(2);
    app.standIn.approve(orderID);
    const res = await capture(w, orderID);
    const body = await expectStatus(res, 201);
    const [entry] = await entriesOf(w.round.id);
    expect(body.entry).toMatchObject({ id: entry?.id, player_id: w.player.id, credit_used: 2 });
    // Before PayPal: the session with the order's payment and the plan's reads (keyed by what
    // the body says is paid for, the payment checked to agree; the round's state among them,
    // kept for the batch); the payment claimed for capture (a write that must land before
    // PayPal is called, ADR 23). PayPal's capture (not a D1 trip). After it: the payment looked
    // at again (the webhook may have settled it meanwhile); the batch, which reads the entry
    // back. Follow-up: the waitlist notices' check (1 trip).
    expect(tripsOf(res)).toBe(4 + 1);

    // A body that names another division than the order's: the payment's decides, read again.
    const other = await payingPlayer(200);
    const { orderID: second } = await expectStatus<{ orderID: string }>(await createOrder(other), 201);
    app.standIn.approve(second);
    const body2 = {
      method: "paypal",
      payment_data: { orderID: second },
      player_id: other.player.id,
      round_id: other.round.id,
      division: "FA1",
    };
    const res2 = await call("POST", "/api/entries", { token: other.token, body: body2 });
    expect((await expectStatus(res2, 201)).entry).toMatchObject({ player_id: other.player.id, division: "MA2" });
    expect(tripsOf(res2)).toBe(5 + 1);
  });

  it("the waitlist: join, leave and confirm in reads, then batch", async () => {
    const round = await cappedRound(1);
    await fill(round.id, 1);
    const a = await claimedPlayer();
    const token = await tokenFor(a.user);
    const joined = await call("POST", `/api/rounds/${round.id}/waitlist`, { token, body: { division: "MA2" } });
    expect((await expectStatus(joined, 201)).waitlist).toMatchObject({ status: "waiting", position: 1 });
    // The insert and the place it made read back are one batch. No follow-up: nothing settled.
    expect(tripsOf(joined)).toBe(2);
    const left = await call("DELETE", `/api/rounds/${round.id}/waitlist`, { token });
    await expectStatus(left, 200);
    // The claim beside one batch (the leave, then a look for a lapsed offer): 2. No offer lapsed
    // or declined, so no settling. Follow-up: the leave's news, the notices' check (1).
    expect(tripsOf(left)).toBe(2 + 1);

    const offered = await offeredRound(PRICE);
    const confirmed = await call("POST", `/api/rounds/${offered.round.id}/waitlist/confirm`, { token: await tokenFor(offered.a.user) });
    expect(await expectStatus(confirmed, 201)).toMatchObject({ entry: { player_id: offered.a.player.id } });
    // The session with the claim, the offer, the refusals' facts and the sign-up's own reads
    // (keyed by the offer's division in SQL); the batch. Follow-up: the notices' check (1).
    expect(tripsOf(confirmed)).toBe(2 + 1);
  });

  it("the admin's entry update, bulk, cash, payouts and delete", async () => {
    const [admin, player, round] = await Promise.all([
      makeAdmin(),
      makePlayer({ division: "MA2" }),
      makeRound({ openForRegistration: true }),
    ]);
    const token = await tokenFor(admin);
    const entry = await makeEntry({ roundId: round.id, playerId: player.id });
    const versionOf = async () => (await testDb().select().from(entries).where(eq(entries.id, entry.id)))[0]?.version ?? 0;
    const post = (path: string, body: unknown) => call("POST", `/api/admin/entry/${path}`, { token, body });

    const updated = await post("update", { id: entry.id, version: await versionOf(), values: { score: 50 } });
    // The answer's entry is read at the end of the batch, after the payouts it rewrote.
    expect((await expectStatus(updated, 200)).entry).toMatchObject({ id: entry.id, score: 50, version: await versionOf() });
    // Follow-up: the re-rating, a queued job (no D1 trip).
    expect(tripsOf(updated)).toBe(2);
    const bulk = await post("bulk", { data: [{ id: entry.id, version: await versionOf(), value: { score: 51 } }] });
    await expectStatus(bulk, 200);
    expect(tripsOf(bulk)).toBe(2);
    const cash = await post("cash", { id: entry.id, amount: "6" });
    await expectStatus(cash, 201);
    // No follow-up: it writes payments only.
    expect(tripsOf(cash)).toBe(2);
    const payouts = await post("payouts", { round_id: round.id });
    await expectStatus(payouts, 200);
    expect(tripsOf(payouts)).toBe(2);
    const deleted = await post("delete", { id: entry.id, version: await versionOf() });
    expect((await expectStatus(deleted, 200)).withdrawn).toMatchObject({ paid_back: { cash: 6 } });
    // Follow-up as a player's withdrawal: the settling (4).
    expect(tripsOf(deleted)).toBe(2 + 4);
  });

  it("check-in by the player and by the admin: reads beside the session, then the batch", async () => {
    const w = await paidEntry({ startsIn: 3600, cashCents: ENTRY_PRICE });
    const own = await call("POST", `/api/rounds/${w.round.id}/check-in`, { token: w.token, body: {} });
    expect(await expectStatus(own, 200)).toMatchObject({ checked_in: true, changed: true });
    // No follow-up: a check-in makes no entry and moves no place on the list (ADR 44).
    expect(tripsOf(own)).toBe(2);
    const out = await call("DELETE", `/api/rounds/${w.round.id}/check-in`, { token: w.token });
    expect(await expectStatus(out, 200)).toMatchObject({ checked_in: false, changed: true });
    expect(tripsOf(out)).toBe(2);
    const token = await tokenFor(await makeAdmin());
    const byAdmin = await call("POST", `/api/admin/rounds/${w.round.id}/check-in`, { token, body: { entry_id: w.entry.id } });
    expect(await expectStatus(byAdmin, 200)).toMatchObject({ checked_in: true });
    expect(tripsOf(byAdmin)).toBe(2);
  });

  it("POST /api/admin/rounds/:id/walk-up: reads beside the session, then the batch", async () => {
    const round = await makeRound({ startsAt: nowSec() + 3600 });
    const token = await tokenFor(await makeAdmin());
    const body = {
      new_player: { fn: "Wes", ln: `Walk${uniq()}`, pdga: null },
      division: "MA3",
      ace: true,
      amount: "6.00",
      note: "",
      request_key: `k-${crypto.randomUUID()}`,
    };
    const res = await call("POST", `/api/admin/rounds/${round.id}/walk-up`, { token, body });
    expect(await expectStatus(res, 201)).toMatchObject({ amount: 6, checked_in_at: expect.any(Number) });
    // Follow-up: the waitlist notices' check (1).
    expect(tripsOf(res)).toBe(2 + 1);
  });

  it("POST /api/admin/rounds/:id/cards: the teams read with the board", async () => {
    const night = await checkedInRound(5);
    const token = await tokenFor(await makeAdmin());
    const res = await call("POST", `/api/admin/rounds/${night.round.id}/cards`, { token, body: { version: 0, mode: "rating" } });
    expect((await expectStatus(res, 200)).cards.length).toBeGreaterThan(0);
    // The session with the board (its players' ratings read beside its rows); the batch, the
    // board read again at its end for the answer. No follow-up.
    expect(tripsOf(res)).toBe(2);
  });

  it("the books check's fixes, voidCash and excessToCredit: reads beside the session, then the batch", async () => {
    const token = await tokenFor(await makeAdmin());
    const paidTwice = async () => {
      const w = await playerEntry({ creditCents: ENTRY_PRICE });
      const duplicate = await makePayment({
        roundId: w.round.id,
        playerId: w.player.id,
        method: "cash",
        amountCents: ENTRY_PRICE,
        captureId: null,
        transactionId: null,
      });
      return { ...w, duplicate };
    };
    const a = await paidTwice();
    const voided = await call("POST", "/api/admin/entry/voidCash", {
      token,
      body: { payment_id: a.duplicate.id, reason: "Entered twice" },
    });
    await expectStatus(voided, 200);
    expect(tripsOf(voided)).toBe(2);
    const b = await paidTwice();
    const back = await call("POST", "/api/admin/entry/excessToCredit", { token, body: { id: b.entry.id } });
    await expectStatus(back, 200);
    // No follow-up: it gives credit back, makes no entry (ADR 44).
    expect(tripsOf(back)).toBe(2);
  });

  it("POST /api/claims: reads beside the session, and the claim made and read back in one batch", async () => {
    const [user, player] = await Promise.all([makeUser(), makePlayer()]);
    const token = await tokenFor(user);
    const res = await call("POST", "/api/claims", { token, body: { player_id: player.id, note: "me" } });
    expect((await expectStatus(res, 201)).claim).toMatchObject({ player_id: player.id, status: "pending", note: "me" });
    expect(tripsOf(res)).toBe(2);
    // A retry answers the claim on file, read with the rest.
    const again = await call("POST", "/api/claims", { token, body: { player_id: player.id, note: "me" } });
    expect((await expectStatus(again, 201)).claim).toMatchObject({ player_id: player.id, status: "pending" });
    expect(tripsOf(again)).toBe(1);
  });
});
