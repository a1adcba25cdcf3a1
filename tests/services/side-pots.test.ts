import { beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { DAY, balanceOf, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, refusal, testDb } from "../fixtures";
import { expectBooksBalance, makePayment } from "../money-fixtures";
import {
  BUY_IN,
  ctpPot,
  entryRow,
  liveCtpRound,
  liveOf,
  marksOf,
  playHole,
  potRow,
  scoreAll,
  scoredRound,
  winsOf,
} from "../sidepot-fixtures";
import { creditPayouts } from "~/.server/services/entries/payouts";
import { addPot, deletePot } from "~/.server/services/sidepots/side-pots";
import { choosePot } from "~/.server/services/entries/pot-opt-in";
import { markCtp, settleHole } from "~/.server/services/sidepots/marks";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { payoutsByEntry } from "~/lib/rounds/payouts";
import { moneyReport } from "~/.server/services/money/reports";
import { leagueFromEnv } from "~/.server/league";
import { env } from "cloudflare:workers";

// Side pots (ADR 30): buy-ins are part of the entry's price, a closer CTP mark from a card
// beats the one before unless an admin settled the hole, "Credit payouts" pays the pots into the
// winners' credit with the payouts, ties split to the quarter, and what is left rolls over
// to the next pot of the same name; the books check balances after each step.

const db = () => testDb();
let userId = 0;
beforeAll(async () => {
  userId = (await makeUser()).id;
});
const player = (playerId: number) => ({ userId, admin: false, playerId });
const admin = () => ({ userId, admin: true, playerId: null });
const payoutOf = async (entryId: number) => {
  const e = await entryRow(entryId);
  return e ? e.payoutCents + e.payoutAdjustCents : 0;
};

describe("a CTP night", () => {
  it("takes the buy-ins from credit, lets a closer mark win, and pays the hole's share into credit", async () => {
    const f = await liveCtpRound([3, 1]);
    const [a, b, c] = f.cards[0].players;
    const [d] = f.cards[1].players;
    const potId = await ctpPot(f.round.id, [a.entry.id, b.entry.id, c.entry.id]);
    expect(await balanceOf(a.player.id)).toBe(1_000 - BUY_IN);
    expect((await entryRow(a.entry.id))?.creditUsedCents).toBe(BUY_IN);
    await expectBooksBalance();

    // A on hole 3, then B closer: B holds it. Nobody on hole 7.
    await playHole(f.round.id, f.cards[0], 3);
    await playHole(f.round.id, f.cards[1], 7);
    const live = await liveOf(f.round.id);
    await markCtp(db(), f.round.id, { potId, hole: 3, entryId: a.entry.id, distanceCm: 240 }, player(a.player.id), live);
    await markCtp(db(), f.round.id, { potId, hole: 3, entryId: b.entry.id, distanceCm: 90 }, player(b.player.id), live);
    expect((await marksOf(potId)).map((m) => m.entryId)).toEqual([b.entry.id]);
    // D never bought in: no CTP for them.
    const out = await refusal(
      markCtp(db(), f.round.id, { potId, hole: 7, entryId: d.entry.id, distanceCm: null }, player(d.player.id), live),
    );
    expect(out.status).toBe(409);
    // Nobody marks for a player off their card.
    expect(
      (await refusal(markCtp(db(), f.round.id, { potId, hole: 3, entryId: c.entry.id, distanceCm: 50 }, player(d.player.id), live))).status,
    ).toBe(403);

    await scoreAll(f.round.id);
    await creditPayouts(db(), f.round.id);
    // $6 of buy-ins over two holes: $3 to B for hole 3; hole 7's $3 rolls over.
    expect(await winsOf(potId)).toEqual([{ potId, hole: 3, entryId: b.entry.id, amountCents: 300 }]);
    expect(await potRow(potId)).toMatchObject({ prizeCents: 600, carriedInCents: 0 });
    expect((await entryRow(b.entry.id))?.creditAddedCents).toBe((await payoutOf(b.entry.id)) + 300);
    expect(await balanceOf(b.player.id)).toBe(1_000 - BUY_IN + (await payoutOf(b.entry.id)) + 300);
    await expectBooksBalance();

    // Crediting again changes nothing.
    await creditPayouts(db(), f.round.id);
    expect(await winsOf(potId)).toHaveLength(1);
    await expectBooksBalance();
    const { reconciliation } = await moneyReport(db(), leagueFromEnv(env));
    expect(reconciliation.sidePots.balanced).toBe(true);
  });

  it("rolls what nobody won into next week's pot of the same name", async () => {
    const name = `CTP ${Math.random()}`;
    const week1 = await scoredRound(2, { daysAgo: 8, creditCents: 1_000 });
    const pot1 = await ctpPot(
      week1.round.id,
      week1.list.map((x) => x.entry.id),
      { name, holes: [5] },
    );
    await creditPayouts(db(), week1.round.id);
    expect(await potRow(pot1)).toMatchObject({ prizeCents: 400 });
    expect(await winsOf(pot1)).toEqual([]);

    const week2 = await scoredRound(3, { daysAgo: 1, creditCents: 1_000 });
    const pot2 = await ctpPot(
      week2.round.id,
      week2.list.map((x) => x.entry.id),
      { name, holes: [5] },
    );
    const [first, second] = week2.list;
    await settleHole(db(), week2.round.id, { potId: pot2, hole: 5, entryIds: [first.entry.id, second.entry.id] }, userId);
    await creditPayouts(db(), week2.round.id);
    // $4 rolled in + $6 = $10, a tie: $5 each.
    expect(await potRow(pot2)).toMatchObject({ carriedInCents: 400, prizeCents: 1_000 });
    expect((await winsOf(pot2)).map((w) => w.amountCents)).toEqual([500, 500]);
    await expectBooksBalance();

    // Week 1's pot can no longer pay out differently: its rollover is in week 2's.
    await settleHole(db(), week1.round.id, { potId: pot1, hole: 5, entryIds: [week1.list[0].entry.id] }, userId);
    const refused = await refusal(creditPayouts(db(), week1.round.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain("its winners can no longer change");
    expect(await winsOf(pot1)).toEqual([]);
    await expectBooksBalance();
  });

  it("pays pots of a name in round order: an earlier unpaid one first", async () => {
    const name = `Skins ${Math.random()}`;
    const week1 = await scoredRound(1, { daysAgo: 8, creditCents: 1_000 });
    await ctpPot(week1.round.id, [week1.list[0].entry.id], { name, holes: [1] });
    const week2 = await scoredRound(1, { daysAgo: 1, creditCents: 1_000 });
    const pot2 = await ctpPot(week2.round.id, [week2.list[0].entry.id], { name, holes: [1] });
    const refused = await refusal(creditPayouts(db(), week2.round.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain(`Pay ${name} of ${week1.round.name} first`);
    expect((await potRow(pot2))?.settledAt).toBeNull();
    await creditPayouts(db(), week1.round.id);
    await creditPayouts(db(), week2.round.id);
    expect(await potRow(pot2)).toMatchObject({ carriedInCents: BUY_IN, prizeCents: 2 * BUY_IN });
  });

  it("stops players' marks on a hole an admin settled, and on a paid pot", async () => {
    const f = await liveCtpRound([2]);
    const [a, b] = f.cards[0].players;
    const roundId = f.round.id;
    const potId = await ctpPot(roundId, [a.entry.id, b.entry.id], { holes: [4] });
    await playHole(roundId, f.cards[0], 4);
    const live = await liveOf(roundId);
    await settleHole(db(), roundId, { potId, hole: 4, entryIds: [a.entry.id] }, userId);
    const refused = await refusal(
      markCtp(db(), roundId, { potId, hole: 4, entryId: b.entry.id, distanceCm: 10 }, player(b.player.id), live),
    );
    expect(refused).toMatchObject({ status: 409, message: "Hole 4 was settled by an admin: ask them to change it." });
    expect((await marksOf(potId)).map((m) => [m.entryId, m.settled])).toEqual([[a.entry.id, true]]);
    // The admin settles it; then the pot is paid and players' marks stop.
    await scoreAll(roundId);
    await creditPayouts(db(), roundId);
    await settleHole(db(), roundId, { potId, hole: 4, entryIds: [] }, userId);
    const paid = await refusal(markCtp(db(), roundId, { potId, hole: 4, entryId: b.entry.id, distanceCm: 10 }, player(b.player.id), live));
    expect(paid.message).toContain("is paid");
    // Nobody joins a paid pot.
    const late = await makeEntry({ roundId, playerId: (await makePlayer()).id, score: 60 });
    expect((await refusal(choosePot(db(), roundId, { potId, entryId: late.id, join: true, fromCredit: false }))).status).toBe(409);
    await expectBooksBalance();
  });

  it("refuses a hole off the pot, an unknown pot and a hole off the course", async () => {
    const f = await liveCtpRound([1]);
    const [a] = f.cards[0].players;
    const round = f.round;
    const potId = await ctpPot(round.id, [a.entry.id], { holes: [2] });
    const live = await liveOf(round.id);
    expect((await refusal(markCtp(db(), round.id, { potId, hole: 9, entryId: a.entry.id, distanceCm: null }, admin(), live))).status).toBe(
      400,
    );
    expect(
      (await refusal(markCtp(db(), round.id, { potId: potId + 999, hole: 2, entryId: a.entry.id, distanceCm: null }, admin(), live)))
        .status,
    ).toBe(404);
    expect((await refusal(addPot(db(), round.id, { name: "Far", kind: "ctp", buyInCents: 100, holes: [28] }))).status).toBe(400);
    const name = (await potRow(potId))?.name ?? "";
    expect(await refusal(addPot(db(), round.id, { name, kind: "ctp", buyInCents: 100, holes: [1] }))).toMatchObject({
      status: 409,
      message: `This round already has a side pot named ${name}.`,
    });
  });
});

describe("in and out of a pot", () => {
  it("owes the buy-in when not paid from credit, and a player leaving gets back what they paid for it", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY });
    const p = await makePlayer();
    const entry = await makeEntry({ roundId: round.id, playerId: p.id });
    // Paid $6 in cash for the entry and $2 more for the pot.
    await makePayment({ roundId: round.id, playerId: p.id, method: "cash", amountCents: 800, captureId: null, transactionId: null });
    const potId = await addPot(db(), round.id, { name: `CTP ${Math.random()}`, kind: "ctp", buyInCents: BUY_IN, holes: [1] });
    await choosePot(db(), round.id, { potId, entryId: entry.id, join: true, fromCredit: false });
    expect(await balanceOf(p.id)).toBe(0);
    const said = await choosePot(db(), round.id, { potId, entryId: entry.id, join: false, fromCredit: false });
    expect(said).toContain("$2.00 back as credit");
    expect(await balanceOf(p.id)).toBe(BUY_IN);
    // Now nobody is in: the pot can go.
    await deletePot(db(), round.id, potId);
    expect(await potRow(potId)).toBeUndefined();
    await expectBooksBalance();
  });

  it("gives the buy-in back with the entry when the player withdraws", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY });
    const p = await makePlayer();
    await makeTransfer({ fromPlayerId: null, toPlayerId: p.id, amountCents: 1_000 });
    const entry = await makeEntry({ roundId: round.id, playerId: p.id, creditUsedCents: 600 });
    const potId = await addPot(db(), round.id, { name: `Pot ${Math.random()}`, kind: "custom", buyInCents: 300, holes: [] });
    await choosePot(db(), round.id, { potId, entryId: entry.id, join: true, fromCredit: true });
    expect(await balanceOf(p.id)).toBe(100);
    expect((await refusal(deletePot(db(), round.id, potId))).status).toBe(409);
    await withdrawEntry(db(), entry.id, { admin: true });
    expect(await balanceOf(p.id)).toBe(1_000);
    await expectBooksBalance();
  });

  it("refuses a buy-in the player's credit does not cover, and changes nothing", async () => {
    const { round, list } = await scoredRound(1);
    const potId = await addPot(db(), round.id, { name: `CTP ${Math.random()}`, kind: "ctp", buyInCents: BUY_IN, holes: [1] });
    const refused = await refusal(choosePot(db(), round.id, { potId, entryId: list[0].entry.id, join: true, fromCredit: true }));
    expect(refused.status).toBe(409);
    expect((await entryRow(list[0].entry.id))?.creditUsedCents).toBe(0);
    await expectBooksBalance();
  });

  it("pays a custom pot's winners the admin chose, with the round's payouts", async () => {
    const { round, list } = await scoredRound(3, { creditCents: 1_000 });
    const potId = await addPot(db(), round.id, { name: `Basket ${Math.random()}`, kind: "custom", buyInCents: 500, holes: [] });
    for (const x of list) await choosePot(db(), round.id, { potId, entryId: x.entry.id, join: true, fromCredit: true });
    await settleHole(db(), round.id, { potId, hole: 0, entryIds: [list[2].entry.id] }, userId);
    await creditPayouts(db(), round.id);
    expect(await winsOf(potId)).toEqual([{ potId, hole: 0, entryId: list[2].entry.id, amountCents: 1_500 }]);
    const payouts = payoutsByEntry(
      list.map((x) => x.entry),
      450,
    );
    expect((await entryRow(list[2].entry.id))?.creditAddedCents).toBe((payouts.get(list[2].entry.id)?.payoutCents ?? 0) + 1_500);
    await expectBooksBalance();
  });

  it("lets an admin remove a paid pot's player, and crediting again re-pays the pot so the books balance", async () => {
    const { round, list } = await scoredRound(3, { creditCents: 1_000 });
    const potId = await ctpPot(
      round.id,
      list.map((x) => x.entry.id),
      { holes: [1] },
    );
    await settleHole(db(), round.id, { potId, hole: 1, entryIds: [list[0].entry.id] }, userId);
    await creditPayouts(db(), round.id);
    expect((await winsOf(potId)).map((w) => w.amountCents)).toEqual([600]);
    // The last player (no win) leaves after the night: their buy-in comes back with the entry.
    await withdrawEntry(db(), list[2].entry.id, { admin: true });
    await creditPayouts(db(), round.id);
    expect(await potRow(potId)).toMatchObject({ prizeCents: 400 });
    expect((await winsOf(potId)).map((w) => w.amountCents)).toEqual([400]);
    await expectBooksBalance();
  });
});
