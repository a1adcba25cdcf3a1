import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeAdmin } from "../auth-fixtures";
import { makePlayer, nowSec, refusal, testDb, balanceOf } from "../fixtures";
import { expectBooksBalance } from "../money-fixtures";
import { PRICE, cappedRound, claimedPlayer, fill, lapse, listRows, noticesOf, offeredRound } from "../waitlist-fixtures";
import { entries, payments } from "~/.server/db/schema";
import { signUpWithCredit } from "~/.server/services/signup/signup";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { addEntry } from "~/.server/services/entries/entry-admin";
import { walkUp } from "~/.server/services/night/walk-up";
import { saveFieldCaps } from "~/.server/services/waitlist/caps";
import { settleWaitlist } from "~/.server/services/entries/waitlist-promote";
import { WAITLIST_MESSAGES, confirmOffer, joinWaitlist, leaveWaitlist } from "~/.server/services/signup/waitlist";
import { waitlistPlace } from "~/.server/services/waitlist/place";
import { offerDeadline } from "~/lib/waitlist/hold-window";
import { playerWaitlists } from "~/.server/services/waitlist/waitlist-view";
import { afterWrite } from "../after-write";

// Field caps and the waitlist (ADR 28).

const db = testDb;
const signUp = (userId: number, roundId: number, division = "MA2") =>
  signUpWithCredit(db(), { userId, playerId: null, roundId, division, ace: true, creditRequestedCents: PRICE });
const join = (userId: number, roundId: number, autoConfirm = false, division = "MA2") =>
  joinWaitlist(db(), { userId, roundId, division, ace: true, autoConfirm });
const roundEntries = (roundId: number) => db().select().from(entries).where(eq(entries.roundId, roundId));

describe("caps", () => {
  it("refuse a sign-up when the round is full, and let one in while a place is free", async () => {
    const round = await cappedRound(2);
    await fill(round.id, 1);
    const [a, b] = await Promise.all([claimedPlayer(PRICE), claimedPlayer(PRICE)]);
    await signUp(a.user.id, round.id);
    const err = await refusal(signUp(b.user.id, round.id));
    expect(err.status).toBe(409);
    expect(err.message).toBe("The round is full.");
    expect(await roundEntries(round.id)).toHaveLength(2);
    expect(await balanceOf(b.player.id)).toBe(PRICE);
  });

  it("refuse a full division while the round has room", async () => {
    const round = await cappedRound(10, { divisions: { FPO: 1 } });
    await fill(round.id, 1, "FPO");
    const [a, b] = await Promise.all([claimedPlayer(PRICE, "FPO"), claimedPlayer(PRICE)]);
    expect((await refusal(signUp(a.user.id, round.id, "FPO"))).message).toBe("The FPO division is full.");
    await signUp(b.user.id, round.id, "MA2");
    expect(await roundEntries(round.id)).toHaveLength(2);
  });

  it("stop an admin's entry and a walk-up at the cap unless the admin overrides it", async () => {
    const [round, admin, p1, p2] = await Promise.all([cappedRound(1), makeAdmin(), makePlayer(), makePlayer()]);
    await fill(round.id, 1);
    const add = (player: number, over_cap: boolean) =>
      addEntry(db(), {
        round_id: round.id,
        player,
        division: "MA1",
        ace: true,
        credit_added: 0,
        credit_used: 0,
        payoutAdjust: 0,
        over_cap,
      });
    const err = await refusal(add(p1.id, false));
    expect(err.message).toMatch(/^The round is full\. To enter them anyway, tick “Over the cap”\.$/);
    await add(p1.id, true);
    const cash = { amountCents: PRICE, note: "", requestKey: `key-${crypto.randomUUID()}` };
    const walk = (overCap: boolean) =>
      walkUp(db(), { roundId: round.id, player: { id: p2.id }, division: "MA1", ace: true, cash, adminId: admin.id, overCap });
    expect((await refusal(walk(false))).status).toBe(409);
    await walk(true);
    expect(await roundEntries(round.id)).toHaveLength(3);
    await expectBooksBalance();
  });
});

describe("the waitlist", () => {
  it("is joined only when the player's division is full, in order, and left at any time", async () => {
    const round = await cappedRound(1);
    const [a, b, c] = await Promise.all([claimedPlayer(), claimedPlayer(), claimedPlayer()]);
    expect((await refusal(join(a.user.id, round.id))).message).toBe(WAITLIST_MESSAGES.notFull);
    await fill(round.id, 1);
    expect(await join(a.user.id, round.id)).toMatchObject({ status: "waiting", position: 1 });
    expect(await join(b.user.id, round.id)).toMatchObject({ status: "waiting", position: 2 });
    expect((await refusal(join(b.user.id, round.id))).message).toBe(WAITLIST_MESSAGES.already);
    await afterWrite(await leaveWaitlist(db(), a.user.id, round.id));
    expect(await waitlistPlace(db(), round.id, b.player.id)).toMatchObject({ position: 1 });
    expect((await refusal(leaveWaitlist(db(), c.user.id, round.id))).status).toBe(404);
  });

  it("offers a withdrawn place to the first waiting, for the hold window, and the player confirms by credit", async () => {
    const round = await cappedRound(1);
    const [first] = await fill(round.id, 1);
    const [a, b] = await Promise.all([claimedPlayer(PRICE), claimedPlayer(PRICE)]);
    await join(a.user.id, round.id);
    await join(b.user.id, round.id);
    const before = nowSec();
    await afterWrite(await withdrawEntry(db(), first.id, { admin: true }));
    const [rowA, rowB] = await listRows(round.id);
    expect(rowA).toMatchObject({ status: "offered" });
    expect(rowA.offerExpiresAt).toBeGreaterThanOrEqual(offerDeadline(before, round.startsAt) ?? 0);
    expect(rowB).toMatchObject({ status: "waiting" });
    // The held place is theirs alone: the next on the list cannot take it by signing up.
    expect((await refusal(signUp(b.user.id, round.id))).message).toBe("The round is full.");
    await confirmOffer(db(), a.user.id, round.id);
    expect(await roundEntries(round.id)).toMatchObject([{ playerId: a.player.id }]);
    expect(await noticesOf(rowA.id)).toEqual(["offered", "entered"]);
    expect(await balanceOf(a.player.id)).toBe(0);
    expect((await refusal(confirmOffer(db(), b.user.id, round.id))).message).toBe(WAITLIST_MESSAGES.noOffer);
    await expectBooksBalance();
  });

  it("passes a lapsed offer to the next on the list", async () => {
    const { round } = await offeredRound();
    const [rowA, rowB] = await listRows(round.id);
    await lapse(rowA.id);
    expect(await settleWaitlist(db(), round.id)).toMatchObject({ expired: 1, offered: 1 });
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["expired", "offered"]);
    expect(await noticesOf(rowA.id)).toEqual(["offered", "expired"]);
    expect(await noticesOf(rowB.id)).toEqual(["offered"]);
  });

  it("passes a declined offer on when the player leaves", async () => {
    const { round, a } = await offeredRound();
    const left = await leaveWaitlist(db(), a.user.id, round.id);
    expect(left.declinedOffer).toBe(true);
    await afterWrite(left);
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["left", "offered"]);
  });

  it("enters at once, paid by credit, a player who asked for it and whose credit covers the fee", async () => {
    const round = await cappedRound(1);
    const [first] = await fill(round.id, 1);
    const [poor, rich] = await Promise.all([claimedPlayer(PRICE - 1), claimedPlayer(PRICE)]);
    await join(poor.user.id, round.id, true);
    await join(rich.user.id, round.id, true);
    await afterWrite(await withdrawEntry(db(), first.id, { admin: true }));
    // The first could not pay from credit: offered. One place: the second waits.
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["offered", "waiting"]);
    await afterWrite(await leaveWaitlist(db(), poor.user.id, round.id));
    const [, rowRich] = await listRows(round.id);
    expect(rowRich.status).toBe("auto_entered");
    expect(await noticesOf(rowRich.id)).toEqual(["auto_entered"]);
    const [entry] = await roundEntries(round.id);
    expect(entry).toMatchObject({ playerId: rich.player.id, creditUsedCents: PRICE });
    const [paid] = await db()
      .select()
      .from(payments)
      .where(eq(payments.id, entry.paymentId ?? 0));
    expect(paid).toMatchObject({ method: "credit", status: "completed", creditUsedCents: PRICE });
    expect(await balanceOf(rich.player.id)).toBe(0);
    await expectBooksBalance();
  });

  it("fills places freed by a raised cap, by division", async () => {
    const round = await cappedRound(1, { divisions: { FPO: 0 } });
    await fill(round.id, 1);
    const [a, b] = await Promise.all([claimedPlayer(0, "FPO"), claimedPlayer()]);
    await join(a.user.id, round.id, false, "FPO");
    await join(b.user.id, round.id);
    await afterWrite(await saveFieldCaps(db(), round.id, { version: round.version, total: 3, divisions: { FPO: 0 } }));
    // FPO stays closed: the place goes to the next in line whose division has room.
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["waiting", "offered"]);
    expect((await refusal(saveFieldCaps(db(), round.id, { version: round.version, total: 3, divisions: {} }))).status).toBe(409);
  });

  it("shows the player their offer and its news on their home page", async () => {
    const round = await cappedRound(1);
    const [first] = await fill(round.id, 1);
    const a = await claimedPlayer();
    await join(a.user.id, round.id);
    expect((await playerWaitlists(db(), a.player.id, nowSec())).places).toMatchObject([
      { roundId: round.id, status: "waiting", position: 1 },
    ]);
    await afterWrite(await withdrawEntry(db(), first.id, { admin: true }));
    const home = await playerWaitlists(db(), a.player.id, nowSec());
    expect(home.places).toMatchObject([{ roundId: round.id, roundName: round.name, status: "offered" }]);
    expect(home.notices).toMatchObject([{ kind: "offered", roundId: round.id, roundName: round.name }]);
  });
});
