import { env } from "cloudflare:workers";
import { and, eq, gt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, balanceOf, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, refusal, testDb } from "../fixtures";
import { PRICE, expectBooksBalance, giveBacks, paidEntry } from "../money-fixtures";
import { copiesOf, league, playerOf } from "../notice-fixtures";
import { withAuditActor } from "../../workers/audit-actor";
import { getDb } from "~/.server/db/client";
import { auditLog, entries, rounds, waitlist } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { WITHDRAW_MESSAGES, withdrawEntry } from "~/.server/services/entries/withdrawal";
import { WITHDRAW_NIGHT_MESSAGES } from "~/.server/services/entries/withdrawal-rules";
import { addAce } from "~/.server/services/money/ledger";
import { acePotCents } from "~/.server/services/money/aces";
import { makeNotice } from "~/.server/services/messages/notices";
import { postponedNotice } from "~/.server/services/messages/round-notices";
import { POSTPONE_MESSAGES, postponeRound } from "~/.server/services/rainouts/postpone";
import { choosePot } from "~/.server/services/entries/pot-opt-in";
import { addPot } from "~/.server/services/sidepots/side-pots";
import { NOTICE_WORDS } from "~/lib/messages/notice-words";
import { formatCents } from "~/lib/shared/money";
import { formatDate, formatDateLong, formatTime } from "~/lib/shared/time";

// Postponing a round (ADR 50) and what it leaves the players: until the new start a player
// withdraws as before any start, everything they paid — credit, the ace fee, a side pot's
// buy-in, cash at the course, PayPal with its fee — back as credit, each money row written
// in the player's name, the books balanced. The ace pot's rule holds for the move as for
// the editor's; the notice tells the entered and the waitlisted in the league's zone.

const db = testDb;
const HOUR = 3_600;
const version = async (id: number) => (await db().select({ v: rounds.version }).from(rounds).where(eq(rounds.id, id)))[0]!.v;
const lastAuditId = async () => (await db().all<{ id: number }>(sql`select coalesce(max(id), 0) as id from audit_log`))[0]!.id;

describe("withdrawing after a postponement", () => {
  it("a checked-in player of a round whose start passed withdraws after the move, with everything back as credit", async () => {
    // $6 entry ($1 of it the ace fee): $2 credit, $1 cash at the course, the rest by PayPal; and a $3 side pot from credit.
    const w = await paidEntry({ creditCents: 200, paypal: true, cashCents: 100 });
    await makeTransfer({ fromPlayerId: null, toPlayerId: w.player.id, amountCents: 300 });
    const potId = await addPot(db(), w.round.id, { name: `Skins ${Math.random()}`, kind: "custom", buyInCents: 300, holes: [] });
    await choosePot(db(), w.round.id, { potId, entryId: w.entry.id, join: true, fromCredit: true });
    expect(await balanceOf(w.player.id)).toBe(0);
    // The night came, the player checked in, and the rain: the round's start has passed.
    await db()
      .update(rounds)
      .set({ startsAt: nowSec() - 60 })
      .where(eq(rounds.id, w.round.id));
    await db().update(entries).set({ checkedInAt: nowSec(), checkedInBy: w.user.id }).where(eq(entries.id, w.entry.id));
    const asPlayer = getDb(
      withAuditActor(env.DB, () => ({ userId: w.user.id, role: "player", name: w.user.name })),
      DEFAULT_LEAGUE_ID,
    );
    // Checked in, and the start passed: only the organiser could withdraw them now.
    const late = await refusal(withdrawEntry(asPlayer, w.entry.id, { admin: false, userId: w.user.id }));
    expect([late.status, late.message]).toEqual([409, WITHDRAW_NIGHT_MESSAGES.checkedIn(w.round.name)]);

    const to = nowSec() + 2 * DAY;
    const moved = await postponeRound(db(), w.round.id, { startsAt: to, version: await version(w.round.id) });
    expect(moved.value).toMatchObject({ startsAt: to, checkInsCleared: 1 });

    const before = await lastAuditId();
    const out = await withdrawEntry(asPlayer, w.entry.id, { admin: false, userId: w.user.id });
    const paypalCents = w.paypal!.amountCents;
    // Credit $2 + the $3 buy-in, cash $1, PayPal what it charged ($3 of entry and its fee).
    expect(out).toMatchObject({ creditCents: 500, cashCents: 100, paypalCents, totalCents: 500 + 100 + paypalCents });
    expect(paypalCents).toBeGreaterThan(PRICE - 200 - 100);
    expect(await balanceOf(w.player.id)).toBe(out.totalCents);
    expect((await giveBacks(w.paypal!.id)).map((t) => t.amountCents)).toEqual([paypalCents]);
    expect((await giveBacks(w.cash!.id)).map((t) => t.amountCents)).toEqual([100]);
    // Every money row the withdrawal wrote (the entry, its pot place, both give-backs) names the player.
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, before), eq(auditLog.leagueId, DEFAULT_LEAGUE_ID)));
    expect(rows.map((r) => r.tableName).sort()).toEqual(["entries", "side_pot_players", "transfers", "transfers"]);
    for (const r of rows) expect(r).toMatchObject({ actorUserId: w.user.id, actorName: w.user.name, actorRole: "player" });
    await expectBooksBalance();
  });

  it("closes again at the new start: a player cannot withdraw once it passes", async () => {
    const w = await paidEntry({ creditCents: PRICE });
    const round = w.round;
    await postponeRound(db(), round.id, { startsAt: nowSec() + 2, version: await version(round.id) });
    await new Promise((r) => setTimeout(r, 3_000));
    const late = await refusal(withdrawEntry(db(), w.entry.id, { admin: false, userId: w.user.id }));
    expect([late.status, late.message]).toEqual([409, WITHDRAW_MESSAGES.started(round.name)]);
    expect(await balanceOf(w.player.id)).toBe(0);
  });
});

describe("the ace pot and a postponement", () => {
  it("moves the round's ace fees with its start, refused like the editor's save when an ace paid meanwhile would leave the pot below zero", async () => {
    const start = 2_600_000_000;
    const round = await makeRound({ startsAt: start });
    const players = [await makePlayer(), await makePlayer()];
    for (const p of players) await makeEntry({ roundId: round.id, playerId: p.id, ace: true });
    const pot = (t: number) => acePotCents(db(), undefined, t);
    const hitter = players[0]!;
    await addAce(db(), { date: start + HOUR, playerId: hitter.id, amountCents: await pot(start + HOUR) });
    const refused = await refusal(postponeRound(db(), round.id, { startsAt: start + 7 * DAY, version: await version(round.id) }));
    expect([refused.status, refused.message]).toEqual([
      409,
      `The ace pot cannot go below zero: after this change it would hold ${formatCents(-200)} on ${formatDate(start + HOUR, league.timeZone)}, when ${hitter.firstName} ${hitter.lastName}'s ace was paid.`,
    ]);
    expect((await db().select().from(rounds).where(eq(rounds.id, round.id)))[0]).toMatchObject({ startsAt: start, postponedFrom: null });
    // A night earlier holds the fees sooner: allowed.
    const earlier = await postponeRound(db(), round.id, { startsAt: start - DAY, version: await version(round.id) });
    expect(earlier.value).toMatchObject({ startsAt: start - DAY, postponedFrom: start });
    await expectBooksBalance();
  });
});

describe("the postponed notice", () => {
  it("tells the entered they may withdraw until the new start, and the waitlisted the new start, in the league's zone", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY });
    const entered = await playerOf(round.id);
    const noAccount = await playerOf(round.id, { account: false });
    const waiting = await playerOf(null);
    await db().insert(waitlist).values({
      leagueId: DEFAULT_LEAGUE_ID,
      roundId: round.id,
      playerId: waiting.player.id,
      userId: waiting.user!.id,
      division: "MA1",
      status: "waiting",
    });
    const to = nowSec() + 8 * DAY;
    const done = await postponeRound(db(), round.id, { startsAt: to, version: await version(round.id) });
    const notice = postponedNotice(round.id, round.startsAt, to);
    expect(done.followUps).toContainEqual({ kind: "notify", notice });
    const key = await makeNotice(db(), notice, league);
    expect(key).toBe(`postponed:${round.id}:${round.startsAt}:${to}`);
    const when = `${formatDateLong(to, league.timeZone)} at ${formatTime(to, league.timeZone)}`;
    const said = `${round.name} is postponed to ${when}.`;
    expect(said).toBe(NOTICE_WORDS.postponed(round.name, when));
    const copies = await copiesOf(key!);
    expect(copies.map((c) => [c.kind, c.userId, c.body])).toEqual([
      ["cancelled", entered.user!.id, `${said} You may withdraw until then, with everything you paid back as credit.`],
      ["cancelled", waiting.user!.id, said],
    ]);
    expect(noAccount.user).toBeNull();
    // Moved again since: the old notice makes nothing; the new one has its own key.
    await postponeRound(db(), round.id, { startsAt: to + DAY, version: await version(round.id) });
    expect(await makeNotice(db(), postponedNotice(round.id, round.startsAt, to + 3 * DAY), league)).toBeNull();
    const again = await makeNotice(db(), postponedNotice(round.id, to, to + DAY), league);
    expect(again).toBe(`postponed:${round.id}:${to}:${to + DAY}`);
  });

  it("refuses, changing nothing, a round with a score or one cancelled", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY });
    const p = await makePlayer();
    const entry = await makeEntry({ roundId: round.id, playerId: p.id, score: 54 });
    const scored = await refusal(postponeRound(db(), round.id, { startsAt: nowSec() + 3 * DAY, version: await version(round.id) }));
    expect([scored.status, scored.message]).toEqual([409, POSTPONE_MESSAGES.scored]);
    await db().update(entries).set({ score: 0 }).where(eq(entries.id, entry.id));
    await db().update(rounds).set({ cancelledAt: nowSec(), cancelReason: "weather" }).where(eq(rounds.id, round.id));
    const cancelled = await refusal(postponeRound(db(), round.id, { startsAt: nowSec() + 3 * DAY, version: await version(round.id) }));
    expect([cancelled.status, cancelled.message]).toEqual([409, POSTPONE_MESSAGES.cancelled]);
    expect((await db().select().from(rounds).where(eq(rounds.id, round.id)))[0]).toMatchObject({
      startsAt: round.startsAt,
      postponedFrom: null,
    });
  });
});
