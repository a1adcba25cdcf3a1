// Withdrawals on a league night (ADR 22 as amended by ADR 34): a player withdraws themself
// only before check-in; from check-in until their card's first score only the admin does,
// with a reason the audit log keeps; once the card has a score nobody does, and the admin
// marks them DNF through the live round instead. Whatever happens, the live round's copy
// of the cards, its leaderboard, Finalise's count and the results name the same players.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeAdmin, tokenFor } from "../auth-fixtures";
import { nowSec, testDb } from "../fixtures";
import { type LivePlayer, change, liveState, makeLiveRound, postOk, wholeCard } from "../live-fixtures";
import { paidEntry } from "../money-fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { entries, rounds } from "~/.server/db/schema";
import { roundTeams } from "~/.server/services/doubles/teams";
import { teamName } from "~/lib/doubles/doubles";
import * as nightPage from "~/routes/admin-round-night";

const db = () => testDb();
const nameOf = (p: { player: { firstName: string; lastName: string } }) => `${p.player.firstName} ${p.player.lastName}`;
const entryRow = async (id: number) => (await db().select().from(entries).where(eq(entries.id, id)))[0];
const roundEntries = (roundId: number) => db().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(asc(entries.id));
const checkIn = (...ids: number[]) =>
  Promise.all(ids.map((id) => db().update(entries).set({ checkedInAt: nowSec() }).where(eq(entries.id, id))));
const checkInAll = (players: LivePlayer[]) => checkIn(...players.map((p) => p.entry.id));

const adminDelete = (token: string, e: { id: number; version: number }, reason?: string) =>
  call("POST", "/api/admin/entry/delete", { token, body: { id: e.id, version: e.version, ...(reason ? { reason } : {}) } });

const finalize = async (roundId: number, token: string) =>
  expectStatus(await call("POST", `/api/admin/live/${roundId}/finalize`, { token, body: { confirmUnsigned: true } }), 200);

const night = async (roundId: number, form: Record<string, string>) =>
  outcome(nightPage.action(await argsFor("admin", `/admin/round/night/${roundId}`, form, { roundId: String(roundId) })));

describe("a player's own withdrawal", () => {
  it("works before check-in, and once checked in sends them to the organiser, changing nothing", async () => {
    const early = await paidEntry({ creditCents: 600 });
    await expectStatus(await call("DELETE", `/api/entries/${early.entry.id}`, { token: early.token }), 200);
    expect(await entryRow(early.entry.id)).toBeUndefined();

    const late = await paidEntry({ creditCents: 600 });
    await checkIn(late.entry.id);
    await expectError(
      await call("DELETE", `/api/entries/${late.entry.id}`, { token: late.token }),
      409,
      `You are checked in for ${late.round.name}, so you can no longer withdraw yourself. Ask the organiser to withdraw you.`,
    );
    expect(await entryRow(late.entry.id)).toMatchObject({ id: late.entry.id, creditUsedCents: 600 });
  });
});

describe("DELETE /api/entries/{id} as clients send it", () => {
  it("with no body, or an empty one under Content-Type JSON, withdraws; a body that is not JSON is refused", async () => {
    const [bare, empty, broken] = await Promise.all([paidEntry({ creditCents: 600 }), paidEntry({ creditCents: 600 }), paidEntry({})]);
    await expectStatus(await call("DELETE", `/api/entries/${bare.entry.id}`, { token: bare.token }), 200);
    const json = { "Content-Type": "application/json" };
    await expectStatus(await call("DELETE", `/api/entries/${empty.entry.id}`, { token: empty.token, headers: json }), 200);
    await expectStatus(await call("DELETE", `/api/entries/${broken.entry.id}`, { token: broken.token, body: "{reason" }), 400);
    expect(await testDb().select().from(entries).where(eq(entries.id, broken.entry.id))).toHaveLength(1);
  });
});

describe("the admin's withdrawal", () => {
  it("needs a reason from check-in on, and the audit log keeps it; before check-in none is asked", async () => {
    const token = await tokenFor(await makeAdmin());
    const before = await paidEntry({ creditCents: 600 });
    await expectStatus(await adminDelete(token, before.entry), 200);

    const w = await paidEntry({ creditCents: 600 });
    await checkIn(w.entry.id);
    const needed = `${nameOf(w)} is checked in: give a reason to withdraw them.`;
    await expectError(await adminDelete(token, w.entry), 400, needed);
    await expectError(await call("DELETE", `/api/entries/${w.entry.id}`, { token }), 400, needed);
    expect(await entryRow(w.entry.id)).toBeDefined();

    const done = await expectStatus(await adminDelete(token, w.entry, "Hurt his wrist warming up"), 200);
    expect(done).toMatchObject({ success: true, withdrawn: { credit_back: 6 } });
    expect(await entryRow(w.entry.id)).toBeUndefined();
    const log = await expectStatus<{ entries: { what: string; changes: unknown[] }[] }>(
      await call("GET", `/api/admin/audit?round=${w.round.id}`, { token }),
      200,
    );
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        what: `Withdrawal · ${nameOf(w)} from ${w.round.name}`,
        changes: [{ field: "reason", before: null, after: "Hurt his wrist warming up" }],
      }),
    );
  });

  it("is refused for everyone once the player's card has a score: the admin is sent to DNF", async () => {
    const f = await makeLiveRound([3]);
    const [a, , c] = f.cards[0].players;
    await checkInAll(f.cards[0].players);
    await postOk(f.round.id, a.token, [change.strokes(a.entry.id, 1, 3)]);
    const why = `${nameOf(c)}'s card 1 has a score, so they can no longer be withdrawn. Mark them DNF instead: they stay on the card and in the results, win nothing, and their entry stays in the pool.`;
    await expectError(await adminDelete(f.adminToken, c.entry, "Left after one hole"), 409, why);
    await expectError(await call("DELETE", `/api/entries/${c.entry.id}`, { token: f.adminToken, body: { reason: "Left" } }), 409, why);
    expect(await entryRow(c.entry.id)).toBeDefined();
    expect((await liveState(f.round.id)).state.players.map((p) => p.entryId)).toContain(c.entry.id);
  });

  it("from a published card not started yet leaves the live round at once: its players, leaderboard and Finalise's count", async () => {
    const f = await makeLiveRound([3, 3]);
    const [one, two] = f.cards;
    await checkInAll([...one.players, ...two.players]);
    await postOk(f.round.id, one.players[0].token, [change.strokes(one.players[0].entry.id, 1, 3)]);
    expect((await liveState(f.round.id)).state.players).toHaveLength(6);

    const gone = two.players[2];
    await expectStatus(await adminDelete(f.adminToken, gone.entry, "Went home sick"), 200);
    const { state, leaderboard } = await liveState(f.round.id, f.adminToken);
    expect(state.players.map((p) => p.entryId)).not.toContain(gone.entry.id);
    expect(state.cards.find((c) => c.id === two.id)?.entryIds).toEqual(two.players.slice(0, 2).map((p) => p.entry.id));
    expect(leaderboard.flatMap((d: { rows: { entryId: number }[] }) => d.rows.map((r) => r.entryId))).not.toContain(gone.entry.id);

    await postOk(
      f.round.id,
      one.players[0].token,
      wholeCard(one, () => 3),
    );
    await postOk(
      f.round.id,
      two.players[0].token,
      wholeCard(two, () => 4).filter((x) => x.entryId !== gone.entry.id),
    );
    expect(await finalize(f.round.id, f.adminToken)).toMatchObject({ players: 5 });
    const results = await roundEntries(f.round.id);
    expect(results).toHaveLength(5);
    expect(results.every((e) => e.score > 0)).toBe(true);
  });
});

describe("an entry gone from a started card in D1", () => {
  it("(withdrawn before this rule) leaves the live copy at its next read: Finalise counts the results' players", async () => {
    const f = await makeLiveRound([4]);
    const [a, b, c, d] = f.cards[0].players;
    await postOk(f.round.id, a.token, [change.strokes(a.entry.id, 1, 3)]);
    expect((await liveState(f.round.id)).state.players).toHaveLength(4);
    // As the old admin withdrawal left it: the entry (and its place on the card) gone from D1 alone.
    await db().delete(entries).where(eq(entries.id, d.entry.id));
    await postOk(
      f.round.id,
      a.token,
      wholeCard(f.cards[0], () => 3).filter((x) => x.entryId !== d.entry.id),
    );
    expect(await finalize(f.round.id, f.adminToken)).toMatchObject({ players: 3 });
    expect((await liveState(f.round.id)).state.players.map((p) => p.entryId)).toEqual([a.entry.id, b.entry.id, c.entry.id]);
    expect(await roundEntries(f.round.id)).toHaveLength(3);
  });
});

describe("the admin's DNF on a started card", () => {
  it("goes through the live round: its state, leaderboard, Finalise and the results agree", async () => {
    const f = await makeLiveRound([3]);
    const [a, b, c] = f.cards[0].players;
    await checkInAll(f.cards[0].players);
    await postOk(
      f.round.id,
      a.token,
      wholeCard(f.cards[0], (p) => 3 + p).filter((x) => x.entryId !== c.entry.id || (x.kind === "strokes" && x.hole <= 4)),
    );

    const marked = await night(f.round.id, { intent: "markDnf", entry_id: String(c.entry.id) });
    expect(marked.data).toEqual({ success: `${nameOf(c)} is marked DNF: they stay on card 1 and in the results, and win nothing.` });
    const { state, leaderboard } = await liveState(f.round.id);
    expect(state.players.find((p) => p.entryId === c.entry.id)?.dnf).toBe(true);
    expect(leaderboard[0].rows.at(-1)).toMatchObject({ entryId: c.entry.id, place: "DNF" });

    expect(await finalize(f.round.id, f.adminToken)).toMatchObject({ players: 3 });
    const rows = await roundEntries(f.round.id);
    expect(rows.map((e) => [e.id, e.dnf, e.payoutCents])).toEqual([
      [a.entry.id, false, expect.any(Number)],
      [b.entry.id, false, 0],
      [c.entry.id, true, 0],
    ]);
    // Their entry stays in the pool: the two finishers' one paid place takes all three entries' payout.
    expect(rows[0]?.payoutCents).toBe(3 * f.round.payoutCents);
  });

  it("is refused for a player whose card has not started: they can still be withdrawn", async () => {
    const f = await makeLiveRound([2]);
    const [, b] = f.cards[0].players;
    const refused = await night(f.round.id, { intent: "markDnf", entry_id: String(b.entry.id) });
    expect(refused.status).toBe(409);
    expect(refused.data.formError).toBe(`Card 1 has no score yet: withdraw ${nameOf(b)} instead of marking them DNF.`);
  });
});

describe("a doubles round after the draw", () => {
  it("withdrawing a partner before their card starts leaves the other as the team's cali, in D1 and in the live round", async () => {
    const f = await makeLiveRound([4]);
    const [a, b, c, d] = f.cards[0].players;
    await db().update(rounds).set({ doubles: true }).where(eq(rounds.id, f.round.id));
    for (const [p, team] of [
      [a, 1],
      [b, 1],
      [c, 2],
      [d, 2],
    ] as const) {
      await db()
        .update(entries)
        .set({ team, checkedInAt: nowSec() })
        .where(and(eq(entries.id, p.entry.id)));
    }
    expect((await liveState(f.round.id)).state.players).toHaveLength(4);

    await expectStatus(await adminDelete(f.adminToken, a.entry, "Car broke down"), 200);
    const { teams } = await roundTeams(db(), f.round.id);
    expect(teams.map((t) => teamName(t.members.map((m) => m.name)))).toEqual([`${nameOf(b)} (cali)`, `${nameOf(c)} & ${nameOf(d)}`]);
    const { state } = await liveState(f.round.id);
    expect(state.players.map((p) => p.entryId)).toEqual([b.entry.id, c.entry.id, d.entry.id]);

    // The cali's team plays on: its score is B's, and its payout is B's whole.
    await postOk(f.round.id, b.token, [
      ...wholeCard(f.cards[0], () => 3).filter((x) => x.entryId === b.entry.id),
      ...wholeCard(f.cards[0], () => 4).filter((x) => x.entryId === c.entry.id || x.entryId === d.entry.id),
    ]);
    expect(await finalize(f.round.id, f.adminToken)).toMatchObject({ players: 3 });
    const rows = await roundEntries(f.round.id);
    expect(rows.map((e) => [e.id, e.result, e.payoutCents])).toEqual([
      [b.entry.id, "1/2|(Doubles)", 3 * f.round.payoutCents],
      [c.entry.id, "2/2|(Doubles)", 0],
      [d.entry.id, "2/2|(Doubles)", 0],
    ]);
  });
});
