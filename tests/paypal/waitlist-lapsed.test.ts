import { describe, expect, it } from "vitest";
import { expectStatus, tokenFor } from "../auth-fixtures";
import { balanceOf } from "../fixtures";
import { lapse, listRows, offeredRound } from "../waitlist-fixtures";
import { approvedOrder, capture, entriesOf, installPayPalApp, paymentsOf, paypal } from "./app-harness";

// A place offered from the waitlist and paid through PayPal (ADR 28): when the offer lapses
// between the order and its capture, the capture settles the list first, so the place goes
// to the next player and the lapsed holder's order is never captured: no money moves.

const app = installPayPalApp();

describe("a PayPal capture after the offer lapsed", () => {
  it("is refused before PayPal is asked to capture; the place is offered to the next player", async () => {
    const { round, a } = await offeredRound(200);
    const payer = { ...a, round, token: await tokenFor(a.user) };
    const orderID = await approvedOrder(app, payer);
    const [offer] = await listRows(round.id);
    await lapse(offer!.id);

    const refused = await expectStatus(await capture(payer, orderID), 409);
    expect(refused.error).toBe("The round is full.");
    expect((await paypal().getOrder(orderID)).status).toBe("APPROVED");
    expect(await entriesOf(round.id)).toHaveLength(0);
    expect((await paymentsOf(round.id)).map((p) => p.status)).toEqual(["created"]);
    expect(await balanceOf(a.player.id)).toBe(200);
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["expired", "offered"]);
  });
});
