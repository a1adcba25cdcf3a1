import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus } from "../auth-fixtures";
import { balanceOf, creditSignUpBody, makeRound, testDb } from "../fixtures";
import { expectBooksBalance } from "../money-fixtures";
import { capture, createOrder, entriesOf, installPayPalApp, payingPlayer, paymentsOf } from "./app-harness";
import { sidePotPlayers, sidePots } from "~/.server/db/schema";
import { addPot } from "~/.server/services/sidepots/side-pots";

// Side pots bought with the sign-up (ADR 30): the buy-ins join the price the server
// computes, by credit or through PayPal, and the entry joins its pots in the batch that
// makes it; a pot of another round, or one already paid, refuses the whole sign-up.

const app = installPayPalApp();
const potsOf = (entryId: number) => testDb().select().from(sidePotPlayers).where(eq(sidePotPlayers.entryId, entryId));
const potFor = (roundId: number, name = "CTP", buyInCents = 200) =>
  addPot(testDb(), roundId, { name, kind: "ctp", buyInCents, holes: [3] });

describe("a sign-up with side pots", () => {
  it("by credit: pays the entry and the buy-ins, and joins the pots", async () => {
    const w = await payingPlayer(2_000);
    const [ctp, skins] = [await potFor(w.round.id), await potFor(w.round.id, "Skins", 300)];
    const res = await call("POST", "/api/entries", {
      token: w.token,
      body: creditSignUpBody(w.player.id, w.round.id, { credit_used: 11, side_pots: [ctp, skins] }),
    });
    const { entry } = await expectStatus<{ entry: { id: number; credit_used: number } }>(res, 201);
    // $6 with the ace fund, $2 and $3 of pots.
    expect(entry.credit_used).toBe(11);
    expect(await balanceOf(w.player.id)).toBe(2_000 - 1_100);
    expect((await potsOf(entry.id)).map((p) => p.potId).sort()).toEqual([ctp, skins].sort());
    await expectBooksBalance();
  });

  it("through PayPal: the order charges the buy-in, and the capture joins the pot", async () => {
    const w = await payingPlayer(200);
    const ctp = await potFor(w.round.id);
    const { orderID, amount } = await expectStatus<{ orderID: string; amount: number }>(await createOrder(w, { side_pots: [ctp] }), 201);
    // $6 + $2 − $2 of credit = $6, plus the convenience fee ($0.09 + 2 %).
    expect(amount).toBe(6.21);
    app.standIn.approve(orderID);
    await expectStatus(await capture(w, orderID), 201);
    const [entry] = await entriesOf(w.round.id);
    expect((await potsOf(entry?.id ?? 0)).map((p) => p.potId)).toEqual([ctp]);
    expect((await paymentsOf(w.round.id))[0]?.sidePotIds).toBe(JSON.stringify([ctp]));
    await expectBooksBalance();
  });

  it("refuses another round's pot and a paid pot, and enters nobody", async () => {
    const w = await payingPlayer(2_000);
    const other = await makeRound();
    const foreign = await potFor(other.id);
    const refused = await call("POST", "/api/entries", {
      token: w.token,
      body: creditSignUpBody(w.player.id, w.round.id, { credit_used: 8, side_pots: [foreign] }),
    });
    expect(refused.status).toBe(404);
    const paid = await potFor(w.round.id);
    // Paid out (as Credit payouts leaves it): it takes nobody more.
    await testDb().update(sidePots).set({ settledAt: 1 }).where(eq(sidePots.id, paid));
    const late = await call("POST", "/api/entries", {
      token: w.token,
      body: creditSignUpBody(w.player.id, w.round.id, { credit_used: 8, side_pots: [paid] }),
    });
    expect(late.status).toBe(409);
    expect(await entriesOf(w.round.id)).toEqual([]);
    expect(await balanceOf(w.player.id)).toBe(2_000);
    const bad = await call("POST", "/api/entries", {
      token: w.token,
      body: creditSignUpBody(w.player.id, w.round.id, { side_pots: "CTP" }),
    });
    expect(bad.status).toBe(400);
  });
});
