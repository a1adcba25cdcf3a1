// Finalising a live round (ADR 26): the players' totals become their entries' scores
// through the round's one write, with payouts and places; twice changes nothing; unsigned
// cards need the admin's say-so; a finalised round takes only an admin's edit with a reason,
// which finalises again through the same path.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { type LiveRoundFixture, change, liveState, makeLiveRound, post, postOk, wholeCard } from "../live-fixtures";
import { auditLog, entries } from "~/.server/db/schema";

const finalize = async (f: LiveRoundFixture, body: object = {}) => {
  const res = await call("POST", `/api/admin/live/${f.round.id}/finalize`, { token: f.adminToken, body });
  return { status: res.status, body: (await res.json()) as any };
};
const entriesOf = (roundId: number) => testDb().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(asc(entries.id));

/** Scores both cards (player i of a card: 3 + i on every hole, so card totals 54, 72, 90…) and signs them all. */
async function playAndSign(f: LiveRoundFixture) {
  for (const card of f.cards) {
    await postOk(
      f.round.id,
      card.players[0].token,
      wholeCard(card, (p) => 3 + p),
    );
    for (const p of card.players) await postOk(f.round.id, p.token, [change.signoff(p.entry.id)]);
  }
}

describe("finalising", () => {
  it("writes each total (penalties in) as the entry's score, with payouts and places; a DNF last and unpaid", async () => {
    const f = await makeLiveRound([3]);
    const [a, b, c] = f.cards[0].players;
    await postOk(f.round.id, a.token, [
      ...wholeCard(f.cards[0], (p) => 3 + p).filter((x) => x.entryId !== c.entry.id),
      change.penalty(a.entry.id, 9, 2),
      change.dnf(c.entry.id, true),
    ]);
    for (const p of [a, b, c]) await postOk(f.round.id, p.token, [change.signoff(p.entry.id)]);
    const { status, body } = await finalize(f);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ again: false, players: 3, changed: 3, unsigned: [], notStarted: [] });
    const rows = await entriesOf(f.round.id);
    expect(rows.map((e) => [e.score, e.dnf, e.result])).toEqual([
      [56, false, "1/3|(MA1)"],
      [72, false, "2/3|(MA1)"],
      [0, true, "3/3|(MA1)"],
    ]);
    // The three entries' pool goes to the two finishers' one paid place; the DNF gets nothing.
    expect(rows.map((e) => e.payoutCents)).toEqual([1350, 0, 0]);
    // The payout is money: the audit log names the admin who finalised (ADR 20).
    const audited = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.roundId, f.round.id), eq(auditLog.tableName, "entries"), eq(auditLog.action, "update")));
    expect(audited.map((r) => [r.playerId, r.actorUserId, r.actorRole])).toEqual([[a.player.id, f.admin.id, "admin"]]);
    expect((await liveState(f.round.id)).state.finalizedAt).toEqual(expect.any(Number));
  });

  it("a second finalise changes nothing", async () => {
    const f = await makeLiveRound([2, 2]);
    await playAndSign(f);
    expect((await finalize(f)).status).toBe(200);
    const before = await entriesOf(f.round.id);
    const again = await finalize(f);
    expect(again.body).toMatchObject({ again: true, changed: 0 });
    expect(await entriesOf(f.round.id)).toEqual(before);
  });

  it("cards not all signed, or not started, need the admin's confirmation; an unfinished card is refused outright", async () => {
    const f = await makeLiveRound([2, 2, 2]);
    const [one, two] = f.cards;
    await postOk(
      f.round.id,
      one.players[0].token,
      wholeCard(one, () => 3),
    );
    await postOk(f.round.id, two.players[0].token, wholeCard(two, () => 3).slice(0, -1));
    expect((await finalize(f, { confirmUnsigned: true })).body).toMatchObject({
      code: "conflict",
      error: expect.stringContaining("Card 2 is not finished"),
    });
    await postOk(f.round.id, two.players[0].token, [change.dnf(two.players[1].entry.id, true)]);
    const refused = await finalize(f);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: "cards 1, 2 not signed by every player; card 3 not started: confirm to finalise them as they stand." },
    });
    expect((await entriesOf(f.round.id)).every((e) => e.score === 0)).toBe(true);
    // One card waiting is "it".
    const lone = await makeLiveRound([2]);
    await postOk(
      lone.round.id,
      lone.cards[0].players[0].token,
      wholeCard(lone.cards[0], () => 3),
    );
    expect((await finalize(lone)).body).toMatchObject({
      error: "card 1 not signed by every player: confirm to finalise it as it stands.",
    });
    const done = await finalize(f, { confirmUnsigned: true });
    expect(done.body).toMatchObject({ players: 4, unsigned: [1, 2], notStarted: [3] });
    expect((await entriesOf(f.round.id)).map((e) => [e.score, e.dnf])).toEqual([
      [54, false],
      [54, false],
      [54, false],
      [0, true],
      [0, false],
      [0, false],
    ]);
  });

  it("a finalised round refuses changes but an admin's edit with a reason, which finalises again and is audited", async () => {
    const f = await makeLiveRound([2]);
    await playAndSign(f);
    await finalize(f);
    const [a, b] = f.cards[0].players;
    expect((await post(f.round.id, a.token, [change.strokes(b.entry.id, 1, 2)])).body.results[0]).toMatchObject({
      status: "refused",
      error: "This round is finalised: only an admin can change a score now, with a reason.",
    });
    await postOk(f.round.id, f.adminToken, [change.strokes(b.entry.id, 1, 2, { reason: "Scorecard recount" })]);
    const rows = await entriesOf(f.round.id);
    expect(rows.map((e) => e.score)).toEqual([54, 70]);
    const res = await call("GET", `/api/admin/audit?round=${f.round.id}`, { token: f.adminToken });
    const log = (await res.json()) as {
      entries: { what: string; actor: { name: string }; changes: { field: string; before: string; after: string }[] }[];
    };
    const live = log.entries.find((e) => e.what.startsWith("Live score"));
    expect(live).toMatchObject({
      // One row per player a save changed, each hole it changed a field of its own (ADR 37).
      what: `Live score · ${b.player.firstName} ${b.player.lastName} in ${f.round.name}`,
      actor: { name: f.admin.name },
      changes: expect.arrayContaining([
        { field: "hole 1", before: "4", after: "2" },
        { field: "reason", before: "none", after: "Scorecard recount" },
      ]),
    });
  });
});
