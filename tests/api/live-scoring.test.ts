// Scoring a card live (ADR 26), over the POST a phone falls back to: order, resends,
// disagreements flagged and settled, corrections with their history, penalties and DNF,
// who may score, and the card's start in D1 that freezes it for the card editor.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, makeUser, tokenFor } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { change, liveState, makeLiveRound, post, postOk, publish, wholeCard, twoOnACard } from "../live-fixtures";
import { cards } from "~/.server/db/schema";

const startedAt = async (cardId: number) => (await testDb().select({ at: cards.startedAt }).from(cards).where(eq(cards.id, cardId)))[0].at;
const seqOf = (r: { status: string; seq?: number }) => r.seq ?? -1;

async function logOf(roundId: number, adminToken: string) {
  const res = await call("GET", `/api/admin/live/${roundId}/log`, { token: adminToken });
  expect(res.status).toBe(200);
  return ((await res.json()) as { changes: any[] }).changes;
}

describe("scoring a card", () => {
  it("a cardmate's batch is applied in its order, and the state and leaderboard show it", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([3]);
    const [a, b, c] = card.players;
    const results = await postOk(round.id, a.token, [
      change.strokes(a.entry.id, 1, 3),
      change.strokes(b.entry.id, 1, 4),
      change.strokes(c.entry.id, 1, 2),
    ]);
    const first = seqOf(results[0]);
    expect(results.map(seqOf)).toEqual([first, first + 1, first + 2]);
    const { state, leaderboard } = await liveState(round.id);
    expect(state.players.find((p) => p.entryId === b.entry.id)?.strokes[0]).toBe(4);
    expect(state.seq).toBe(first + 2);
    expect(
      leaderboard[0].rows.map((r: { entryId: number; place: string; thru: number; toPar: number }) => [
        r.entryId,
        r.place,
        r.thru,
        r.toPar,
      ]),
    ).toEqual([
      [c.entry.id, "1", 1, -1],
      [a.entry.id, "2", 1, 0],
      [b.entry.id, "3", 1, 1],
    ]);
  });

  it("within a batch the phone's own order holds: a hole entered twice ends as the later value", async () => {
    const { round, a } = await twoOnACard();
    await postOk(round.id, a.token, [change.strokes(a.entry.id, 4, 6), change.strokes(a.entry.id, 4, 3)]);
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === a.entry.id)?.strokes[3]).toBe(3);
  });

  it("the first accepted score starts the card in D1, once; a draft round's cards cannot be scored", async () => {
    const { card, round, a } = await twoOnACard({ published: false });
    const refused = await post(round.id, a.token, [change.strokes(a.entry.id, 1, 3)]);
    expect(refused.body.results[0]).toMatchObject({ status: "refused", code: "conflict", error: expect.stringContaining("not published") });
    await publish(round.id);
    expect(await startedAt(card.id)).toBeNull();
    await postOk(round.id, a.token, [change.strokes(a.entry.id, 1, 3)]);
    const first = await startedAt(card.id);
    expect(first).toEqual(expect.any(Number));
    await postOk(round.id, a.token, [change.strokes(a.entry.id, 2, 3)]);
    expect(await startedAt(card.id)).toBe(first);
  });

  it("a resend of the same change is a duplicate with the original outcome, applied once", async () => {
    const { round, adminToken, a } = await twoOnACard();
    const once = change.strokes(a.entry.id, 1, 4);
    const [first] = await postOk(round.id, a.token, [once]);
    // The same id, even with other values (a retried frame is the same change): nothing new.
    const [again] = await postOk(round.id, a.token, [{ ...once, strokes: 9 } as typeof once]);
    expect(again).toEqual({ id: once.id, status: "duplicate", seq: seqOf(first) });
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === a.entry.id)?.strokes[0]).toBe(4);
    expect(await logOf(round.id, adminToken)).toHaveLength(1);
  });

  it("a phone offline all round sends its 18 holes at the end: all applied in its order; sent again, all duplicates", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([4]);
    const batch = wholeCard(card, (p, h) => 2 + ((p + h) % 3));
    const results = await postOk(round.id, card.players[1].token, batch);
    expect(results).toHaveLength(72);
    const seqs = results.map(seqOf);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    const again = await postOk(round.id, card.players[1].token, batch);
    expect(again.every((r, i) => r.status === "duplicate" && r.seq === seqs[i])).toBe(true);
    const { leaderboard } = await liveState(round.id);
    expect(leaderboard[0].rows.every((r: { finished: boolean; thru: number }) => r.finished && r.thru === 18)).toBe(true);
  });

  it("two scorers who disagree on a hole: both values kept, the hole flagged, then settled by the card", async () => {
    const { round, adminToken, a, b } = await twoOnACard();
    await postOk(round.id, a.token, [change.strokes(b.entry.id, 5, 4)]);
    await postOk(round.id, b.token, [change.strokes(b.entry.id, 5, 5)]);
    const seen = await liveState(round.id, adminToken);
    expect(seen.state.players.find((p) => p.entryId === b.entry.id)?.strokes[4]).toBeNull();
    const [flag] = seen.state.flags;
    expect(flag).toMatchObject({ entryId: b.entry.id, hole: 5, field: "strokes" });
    expect(flag.values?.map((v) => [v.userId, v.value])).toEqual([
      [a.user.id, 4],
      [b.user.id, 5],
    ]);
    expect(seen.flags.flagged).toEqual([expect.objectContaining({ cardNumber: 1, entryId: b.entry.id, hole: 5 })]);
    // Spectators see that it is flagged, not who said what.
    expect((await liveState(round.id)).state.flags).toEqual([{ entryId: b.entry.id, hole: 5, field: "strokes" }]);
    await postOk(round.id, a.token, [change.strokes(b.entry.id, 5, 5, { settle: true })]);
    const settled = await liveState(round.id);
    expect(settled.state.flags).toEqual([]);
    expect(settled.state.players.find((p) => p.entryId === b.entry.id)?.strokes[4]).toBe(5);
  });

  it("a correction is a new value with who and when; the log keeps the old one", async () => {
    const { round, adminToken, a, b } = await twoOnACard();
    await postOk(round.id, a.token, [change.strokes(b.entry.id, 2, 7)]);
    await postOk(round.id, a.token, [change.strokes(b.entry.id, 2, 3)]);
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === b.entry.id)?.strokes[1]).toBe(3);
    const log = await logOf(round.id, adminToken);
    expect(log.map((l) => [l.entryId, l.hole, l.value, l.scorer.userId])).toEqual([
      [b.entry.id, 2, 7, a.user.id],
      [b.entry.id, 2, 3, a.user.id],
    ]);
    expect(log[1].serverAt).toBeGreaterThanOrEqual(log[0].serverAt);
  });

  it("penalty strokes add to a hole and DNF takes a player out of the ranking", async () => {
    const { round, a, b } = await twoOnACard({ pars: [3, 4, 5, 3, 3, 3, 3, 3, 3] });
    await postOk(round.id, a.token, [
      change.strokes(a.entry.id, 2, 4),
      change.penalty(a.entry.id, 2, 2),
      change.strokes(b.entry.id, 2, 3),
      change.dnf(b.entry.id, true),
    ]);
    const { state, leaderboard } = await liveState(round.id);
    expect(state.holes).toHaveLength(9);
    const rows = leaderboard[0].rows;
    expect(rows[0]).toMatchObject({ entryId: a.entry.id, strokes: 6, toPar: 2, thru: 1, place: "1" });
    expect(rows[1]).toMatchObject({ entryId: b.entry.id, dnf: true, place: "DNF" });
    expect((await post(round.id, a.token, [change.strokes(a.entry.id, 10, 3)])).body.results[0]).toMatchObject({
      status: "refused",
      code: "bad_request",
    });
  });
});

describe("who may score", () => {
  it("a batch that also names another card: each change answered on its own, the caller's applied, the other card's refused", async () => {
    const {
      round,
      cards: [one, two],
    } = await makeLiveRound([2, 2]);
    const mine = change.strokes(two.players[0].entry.id, 1, 3);
    const theirs = change.strokes(one.players[0].entry.id, 1, 3);
    const alsoMine = change.strokes(two.players[1].entry.id, 1, 4);
    const res = await post(round.id, two.players[0].token, [mine, theirs, alsoMine]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => [r.id, r.status])).toEqual([
      [mine.id, "applied"],
      [theirs.id, "refused"],
      [alsoMine.id, "applied"],
    ]);
    expect(res.body.results[1]).toMatchObject({ code: "forbidden", error: "Only the players of card 1 and admins can score it." });
    const { state } = await liveState(round.id);
    expect(state.players.find((p) => p.entryId === two.players[1].entry.id)?.strokes[0]).toBe(4);
    expect(state.players.find((p) => p.entryId === one.players[0].entry.id)?.strokes[0]).toBeNull();
    // The refused card did not start: its editor still changes it.
    expect(state.cards.find((c) => c.id === one.id)?.startedAt).toBeNull();
  });

  it("a batch made under another login on this phone is refused whole (401) and nothing of it applied", async () => {
    const { round, a, b } = await twoOnACard();
    const res = await call("POST", `/api/live/${round.id}/changes`, {
      token: b.token,
      body: { by: a.user.id, changes: [change.strokes(a.entry.id, 1, 3)] },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "unauthorized", error: expect.stringContaining("another login") });
    expect((await liveState(round.id)).state.seq).toBe(0);
    // Sent by the login that made it, it is taken.
    const own = await call("POST", `/api/live/${round.id}/changes`, {
      token: a.token,
      body: { by: a.user.id, changes: [change.strokes(a.entry.id, 1, 3)] },
    });
    expect(own.status).toBe(200);
  });

  it("no login is 401, a user with no player on the round 403, an admin scores any card", async () => {
    const {
      round,
      cards: [card],
      adminToken,
    } = await makeLiveRound([2]);
    const entryId = card.players[0].entry.id;
    expect((await post(round.id, undefined, [change.strokes(entryId, 1, 3)])).status).toBe(401);
    const stranger = await tokenFor(await makeUser());
    expect((await post(round.id, stranger, [change.strokes(entryId, 1, 3)])).status).toBe(403);
    await postOk(round.id, adminToken, [change.strokes(entryId, 1, 3)]);
  });

  it("only an admin gives a reason; a round that does not exist is 404", async () => {
    const { round, a } = await twoOnACard();
    const res = await post(round.id, a.token, [change.strokes(a.entry.id, 1, 3, { reason: "Fixing it" })]);
    expect(res.body.results[0]).toMatchObject({ status: "refused", code: "forbidden" });
    expect((await post(2_147_483_000, a.token, [change.strokes(a.entry.id, 1, 3)])).status).toBe(404);
  });
});
