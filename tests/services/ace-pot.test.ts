import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, makeAce, makeEntry, makePlayer, makeRound, refusal, testDb, uniq } from "../fixtures";
import { fresh, roundVersionOf, versionOf } from "../version-fixtures";
import { lowestPotFrom } from "../pot-fixtures";
import { aces, entries, rounds } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { loweredSpans } from "~/.server/services/money/ace-pot";
import { acePotCents } from "~/.server/services/money/aces";
import { deleteEntry, updateEntries } from "~/.server/services/entries/entry-admin";
import { addAce, deleteAce } from "~/.server/services/money/ledger";
import { type RoundValues, saveRound, saveRounds } from "~/.server/services/entries/round-admin";
import { formatCents } from "~/lib/shared/money";
import { formatDate } from "~/lib/shared/time";

// The ace pot as of a moment (ADR 21), and the rule that no write takes it below zero at
// any moment. Tests in this file share one database: each works in its own month, later
// than every earlier test's, so the moments a test's writes lower hold only rows it made
// or rows dated before it; pots are read live, and amounts are taken from them.

const db = testDb;
const HOUR = 3_600;
const month = (k: number) => 2_200_000_000 + k * 30 * DAY;
const on = (t: number) => formatDate(t, leagueFromEnv(env).timeZone);
const potAt = (t: number) => acePotCents(db(), undefined, t);
const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** A round with `optedIn` entries paying its ace fee (and `optedOut` not), each by a new player. */
async function roundWith(d: number, optedIn: number, optedOut = 0, aceCents = 100) {
  const round = await makeRound({ startsAt: d, aceCents });
  const made = [];
  for (let i = 0; i < optedIn + optedOut; i++) {
    const player = await makePlayer();
    const entry = await makeEntry({ roundId: round.id, playerId: player.id, ace: i < optedIn });
    made.push({ player, entry });
  }
  return { round, made };
}

const roundValues = (r: { startsAt: number; aceCents: number }, extra: Partial<RoundValues> = {}): RoundValues => ({
  startsAt: r.startsAt,
  name: `Week ${uniq()}`,
  location: "Oak Hollow",
  fee_pdga: 50,
  fee_course: 0,
  fee_other: 0,
  ace: r.aceCents,
  payout: 450,
  pdga_url: null,
  ...extra,
});

describe("the pot as of a moment", () => {
  it("the demo league's two pots: /aces is the pot now, a round's at stake the pot as of its start with its own fees", async () => {
    const base = month(1);
    await roundWith(base, 4);
    const tonight = (await roundWith(base + 7 * DAY, 3)).round;
    const now = tonight.startsAt + 2 * HOUR; // league night, the round under way
    const next = (await roundWith(base + 14 * DAY, 2)).round; // prepaid
    await roundWith(base + 21 * DAY, 1); // prepaid

    const potNow = await potAt(now);
    // What /aces showed before: every fee ever paid in, prepaid ones included.
    const [old] = await db().all<{ pot: number }>(
      sql`select (select sum(r.ace_cents) from entries e join rounds r on r.id = e.round_id where e.ace = 1) - coalesce((select sum(amt_cents) from aces), 0) as pot`,
    );
    expect(old!.pot - potNow).toBe(2 * 100 + 1 * 100);
    // Now: the same pot on /aces and on tonight's round, and next week's adds only its own fees.
    expect(await acePotCents(db(), tonight.id)).toBe(potNow);
    expect(await acePotCents(db(), next.id)).toBe(potNow + 2 * 100);

    // Paying out the whole pot tonight leaves next week's round its own fees, never less.
    const p = await makePlayer();
    await addAce(db(), { date: now, playerId: p.id, amountCents: potNow });
    expect(await potAt(now)).toBe(0);
    expect(await acePotCents(db(), next.id)).toBe(2 * 100);
    expect(await lowestPotFrom(base)).toBe(0);
  });

  it("names the moments a change lowers the pot at", () => {
    expect(loweredSpans([{ t: 10, cents: -100, kind: "ace" }])).toEqual([[10, null]]);
    // A round moved from 10 to 20: its fees are missing in between.
    expect(
      loweredSpans([
        { t: 10, cents: -300, kind: "fees" },
        { t: 20, cents: 300, kind: "fees" },
      ]),
    ).toEqual([[10, 20]]);
    // Moved earlier, or a higher fee: lowers nothing.
    expect(
      loweredSpans([
        { t: 20, cents: -300, kind: "fees" },
        { t: 10, cents: 300, kind: "fees" },
      ]),
    ).toEqual([]);
    // Moved later with a lower fee: lower from the old date on.
    expect(
      loweredSpans([
        { t: 10, cents: -300, kind: "fees" },
        { t: 20, cents: 200, kind: "fees" },
      ]),
    ).toEqual([[10, null]]);
  });
});

describe("an ace is paid from the pot as of its date", () => {
  it("refuses an ace larger than that pot, saying what it holds, and writes nothing", async () => {
    const { round, made } = await roundWith(month(2), 3);
    const pot = await potAt(round.startsAt);
    const hitter = made[0]!.player;
    const err = await refusal(addAce(db(), { date: round.startsAt + HOUR, playerId: hitter.id, amountCents: pot + 1 }));
    expect(err.status).toBe(409);
    expect(err.message).toBe(
      `On ${on(round.startsAt + HOUR)} the ace pot holds ${formatCents(pot)}; an ace of ${formatCents(pot + 1)} would take it below zero.`,
    );
    expect(await db().select().from(aces).where(eq(aces.playerId, hitter.id))).toEqual([]);
  });

  it("refuses an ace back-dated before the fees it would be paid from; on the round's day it is paid, dated at the round's start", async () => {
    const { round, made } = await roundWith(month(3), 3);
    const whole = await potAt(round.startsAt);
    expect(await potAt(round.startsAt - 3 * DAY)).toBe(whole - 300);
    const hitter = made[0]!.player;
    const early = await refusal(addAce(db(), { date: round.startsAt - 3 * DAY, playerId: hitter.id, amountCents: whole }));
    expect(early.message).toBe(
      `On ${on(round.startsAt - 3 * DAY)} the ace pot holds ${formatCents(whole - 300)}; an ace of ${formatCents(whole)} would take it below zero.`,
    );
    // The form's noon of league night comes before the round: recorded after the round
    // started, the ace is tied to it and dated at its start.
    const afterwards = round.startsAt + 3 * HOUR;
    const id = await addAce(db(), { date: round.startsAt - 6 * HOUR, playerId: hitter.id, amountCents: whole }, afterwards);
    const [row] = await db().select().from(aces).where(eq(aces.id, id));
    expect(row).toMatchObject({ date: round.startsAt, roundId: round.id, amountCents: whole });
    expect(await lowestPotFrom(round.startsAt)).toBe(0);
  });

  it("an ace recorded on league night before the round starts is not the round's: dated as given, paid from the pot then", async () => {
    await roundWith(month(3) + 7 * DAY, 3);
    const { round, made } = await roundWith(month(3) + 14 * DAY, 3);
    const morning = round.startsAt - 8 * HOUR;
    const before = await potAt(morning);
    const id = await addAce(db(), { date: morning, playerId: made[0]!.player.id, amountCents: 100 }, morning);
    const [row] = await db().select().from(aces).where(eq(aces.id, id));
    expect(row).toMatchObject({ date: morning, roundId: null, amountCents: 100 });
    expect(await potAt(morning)).toBe(before - 100);
    // More than the pot held that morning is refused, whatever the round's fees will add that evening.
    const err = await refusal(addAce(db(), { date: morning, playerId: made[1]!.player.id, amountCents: before }, morning));
    expect(err.status).toBe(409);
  });

  it("refuses an ace the pot holds on its date when a later moment would go below zero, naming that moment's ace", async () => {
    const first = (await roundWith(month(4), 2)).round;
    const { round: second, made } = await roundWith(month(4) + 7 * DAY, 2);
    const later = made[1]!.player;
    await addAce(db(), { date: second.startsAt, playerId: later.id, amountCents: await potAt(second.startsAt) });
    expect(await potAt(first.startsAt)).toBeGreaterThanOrEqual(100);
    const err = await refusal(addAce(db(), { date: first.startsAt, playerId: made[0]!.player.id, amountCents: 100 }));
    expect(err.status).toBe(409);
    expect(err.message).toBe(
      `The ace pot cannot go below zero: after this ace it would hold ${formatCents(-100)} on ${on(second.startsAt)}, when ${name(later)}'s ace was paid.`,
    );
  });
});

describe("a change to a round's entries or its date that would take the pot below zero", () => {
  it("refuses taking an ace flag off or deleting an opted-in entry once the pot was paid out; other edits go through", async () => {
    const { round, made } = await roundWith(month(5), 3, 1);
    const hitter = made[2]!.player;
    const aceId = await addAce(db(), { date: round.startsAt + HOUR, playerId: hitter.id, amountCents: await potAt(round.startsAt + HOUR) });
    const [a, , , out] = made;
    const message = `The ace pot cannot go below zero: after this change it would hold ${formatCents(-100)} on ${on(round.startsAt + HOUR)}, when ${name(hitter)}'s ace was paid.`;

    const flagOff = await refusal(updateEntries(db(), await fresh([{ id: a!.entry.id, value: { ace: false } }])));
    expect([flagOff.status, flagOff.message]).toEqual([409, message]);
    expect((await refusal(deleteEntry(db(), a!.entry.id, await versionOf(a!.entry.id)))).message).toBe(message);
    const [still] = await db().select().from(entries).where(eq(entries.id, a!.entry.id));
    expect(still?.ace).toBe(true);

    // Edits that leave the pot alone: a score, and deleting the entry that did not pay in.
    await updateEntries(db(), await fresh([{ id: a!.entry.id, value: { score: 54 } }]));
    await deleteEntry(db(), out!.entry.id, await versionOf(out!.entry.id));
    // Deleting the ace puts its amount back: the flag may then come off.
    await deleteAce(db(), aceId);
    await updateEntries(db(), await fresh([{ id: a!.entry.id, value: { ace: false } }]));
    expect(await lowestPotFrom(round.startsAt)).toBeGreaterThanOrEqual(0);
  });

  it("refuses moving a paid-out round later or lowering its ace fee, by the round form and the multi-editor; earlier is fine", async () => {
    const { round, made } = await roundWith(month(6), 2);
    const hitter = made[0]!.player;
    await addAce(db(), { date: round.startsAt + HOUR, playerId: hitter.id, amountCents: await potAt(round.startsAt + HOUR) });
    const message = `The ace pot cannot go below zero: after this change it would hold ${formatCents(-200)} on ${on(round.startsAt + HOUR)}, when ${name(hitter)}'s ace was paid.`;

    const moved = await refusal(
      saveRound(db(), round.id, roundValues(round, { startsAt: round.startsAt + 7 * DAY }), await roundVersionOf(round.id)),
    );
    expect([moved.status, moved.message]).toEqual([409, message]);
    const cheaper = await refusal(saveRound(db(), round.id, roundValues(round, { ace: 50 }), await roundVersionOf(round.id)));
    expect(cheaper.message).toBe(
      `The ace pot cannot go below zero: after this change it would hold ${formatCents(-100)} on ${on(round.startsAt + HOUR)}, when ${name(hitter)}'s ace was paid.`,
    );
    const multi = await refusal(
      saveRounds(db(), [
        {
          kind: "save",
          id: round.id,
          version: await roundVersionOf(round.id),
          values: roundValues(round, { startsAt: round.startsAt + 7 * DAY }),
          label: "Row 1",
        },
      ]),
    );
    expect([multi.status, multi.message]).toEqual([409, message]);
    expect((await db().select().from(rounds).where(eq(rounds.id, round.id)))[0]).toMatchObject({ startsAt: round.startsAt, aceCents: 100 });

    await saveRound(db(), round.id, roundValues(round, { startsAt: round.startsAt - DAY }), await roundVersionOf(round.id));
    await saveRounds(db(), [
      {
        kind: "save",
        id: round.id,
        version: await roundVersionOf(round.id),
        values: roundValues(round, { startsAt: round.startsAt - 2 * DAY, ace: 150 }),
        label: "Row 1",
      },
    ]);
    expect((await db().select().from(rounds).where(eq(rounds.id, round.id)))[0]).toMatchObject({
      startsAt: round.startsAt - 2 * DAY,
      aceCents: 150,
    });
  });
});

describe("a pot already below zero in the past (legacy data)", () => {
  it("blocks only changes that lower it where it is below zero", async () => {
    const { round: early, made: earlyEntries } = await roundWith(month(7), 1);
    const p = await makePlayer();
    // An ace written before this rule, paying more than the pot held: below zero until the next round.
    const legacy = await makeAce({ playerId: p.id, date: early.startsAt + HOUR, amountCents: (await potAt(early.startsAt)) + 500 });
    const { round: late, made: lateEntries } = await roundWith(month(7) + 7 * DAY, 10);
    expect(await potAt(early.startsAt + HOUR)).toBe(-500);
    expect(await potAt(late.startsAt)).toBe(500);

    // Unrelated: a score where the pot is below zero, a flag off and an ace after it recovered.
    await updateEntries(db(), await fresh([{ id: earlyEntries[0]!.entry.id, value: { score: 51 } }]));
    await updateEntries(db(), await fresh([{ id: lateEntries[0]!.entry.id, value: { ace: false } }]));
    await addAce(db(), { date: late.startsAt + HOUR, playerId: p.id, amountCents: 100 });
    expect(await potAt(late.startsAt + HOUR)).toBe(300);

    // Lowering it further where it is below zero is refused, as an overdrawn balance is.
    const deeper = await refusal(deleteEntry(db(), earlyEntries[0]!.entry.id, await versionOf(earlyEntries[0]!.entry.id)));
    expect(deeper.message).toBe(
      `The ace pot cannot go below zero: after this change it would hold ${formatCents(-600)} on ${on(early.startsAt + HOUR)}, when ${name(p)}'s ace was paid.`,
    );
    const between = await refusal(addAce(db(), { date: early.startsAt + 2 * DAY, playerId: p.id, amountCents: 1 }));
    expect(between.message).toBe(
      `On ${on(early.startsAt + 2 * DAY)} the ace pot holds ${formatCents(-500)}; an ace of ${formatCents(1)} would take it below zero.`,
    );
    await deleteAce(db(), legacy.id);
  });
});
