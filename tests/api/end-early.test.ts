// Ending a round early (ADR 50): rain stops play; when every published card completed the
// league's holes (end_early_holes, 9 by default) each player's result is their score to par
// over the holes their card completed, stored as the layout's par plus it, with places and
// payouts as usual; otherwise the round can only be cancelled, and the refusal says so.
import { env } from "cloudflare:workers";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { type LiveCardFixture, type LiveRoundFixture, change, liveState, makeLiveRound, post, postOk } from "../live-fixtures";
import { auditLog, cards, entries, leagueSettings, rounds } from "~/.server/db/schema";
import { getDb } from "~/.server/db/client";
import { recomputeRatings } from "~/.server/services/ratings/round-ratings";
import { ENDED_EARLY_AUDIT_TABLE } from "~/.server/services/live/live-results";
import { END_EARLY_MESSAGES } from "~/.server/services/rainouts/end-early";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { argsFor, outcome } from "../route-fixtures";
import * as roundPage from "~/routes/round";

// 18 holes, par 62: the first nine 31, the second nine 31.
const PARS = [3, 3, 4, 3, 3, 4, 3, 3, 5, 3, 3, 4, 3, 3, 4, 3, 3, 5];
const LAYOUT_PAR = PARS.reduce((s, p) => s + p, 0);

const endEarly = async (roundId: number, token: string, body: unknown = {}, base = "") => {
  const res = await call("POST", `${base}/api/admin/rounds/${roundId}/end-early`, { token, body: body as object });
  return { status: res.status, body: (await res.json()) as any };
};
const entriesOf = (roundId: number) => testDb().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(asc(entries.id));
const roundOf = async (roundId: number) => (await testDb().select().from(rounds).where(eq(rounds.id, roundId)))[0];

/** The holes a card plays, in order from its start hole (wrapping). */
const holesFrom = (start: number, count: number) => Array.from({ length: count }, (_, i) => ((start - 1 + i) % 18) + 1);

/** The card's players' strokes on `count` holes from its start: par plus `over(player, hole)`. */
const play = (card: LiveCardFixture, start: number, count: number, over: (player: number, hole: number) => number) =>
  holesFrom(start, count).flatMap((hole) => card.players.map((p, i) => change.strokes(p.entry.id, hole, PARS[hole - 1] + over(i, hole))));

/** A shotgun start: card n tees off on `starts[n]`. */
async function shotgun(f: LiveRoundFixture, starts: number[]) {
  for (const [i, card] of f.cards.entries()) await testDb().update(cards).set({ startHole: starts[i] }).where(eq(cards.id, card.id));
}

describe("ending a round early", () => {
  it("a shotgun start with every card past the holes: results to par over each card's holes, places and payouts", async () => {
    const f = await makeLiveRound([2, 2, 2], { pars: PARS });
    const [one, two, three] = f.cards;
    await shotgun(f, [1, 7, 13]);
    // Card 1: holes 1–10; its first player 1 under (a birdie on hole 2), the second 2 over.
    await postOk(f.round.id, one.players[0].token, [
      ...play(one, 1, 10, (p, hole) => (p === 0 ? (hole === 2 ? -1 : 0) : hole <= 2 ? 1 : 0)),
      // A penalty stroke on a completed hole counts; hole 11 (started by one player only) does not.
      change.strokes(one.players[0].entry.id, 11, 9),
    ]);
    // Card 2: holes 7–15 (9); its first player level, the second 2 under.
    await postOk(
      f.round.id,
      two.players[0].token,
      play(two, 7, 9, (p, hole) => (p === 1 && (hole === 8 || hole === 9) ? -1 : 0)),
    );
    await postOk(f.round.id, two.players[0].token, [change.penalty(two.players[0].entry.id, 10, 1)]);
    // Card 3: holes 13–18 and 1–3 (9, across the wrap); its first player 3 over, the second stopped (DNF) after two holes.
    await postOk(f.round.id, three.players[0].token, [
      ...play(three, 13, 9, () => 0).filter((c) => c.entryId === three.players[0].entry.id),
      ...play(three, 13, 2, () => 0).filter((c) => c.entryId === three.players[1].entry.id),
      change.strokes(three.players[0].entry.id, 1, PARS[0] + 3),
      change.dnf(three.players[1].entry.id, true),
    ]);
    const { status, body } = await endEarly(f.round.id, f.adminToken);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({
      cards: [
        { number: 1, holes: 10 },
        { number: 2, holes: 9 },
        { number: 3, holes: 9 },
      ],
      players: 6,
      changed: 6,
    });
    const rows = await entriesOf(f.round.id);
    const toPar = rows.map((e) => (e.dnf ? "DNF" : e.score - LAYOUT_PAR));
    // Card 3's first: the strokes on hole 1 were entered twice; the last (3 over) stands.
    expect(toPar).toEqual([-1, 2, 1, -2, 3, "DNF"]);
    expect(rows.map((e) => e.result)).toEqual(["2/6|(MA1)", "4/6|(MA1)", "3/6|(MA1)", "1/6|(MA1)", "5/6|(MA1)", "6/6|(MA1)"]);
    // Paid as any round: the best to par takes the most, the DNF nothing, the pool paid out.
    const pool = rows.length * f.round.payoutCents;
    const paid = rows.map((e) => e.payoutCents);
    expect(paid[3]).toBe(Math.max(...paid));
    expect(paid[5]).toBe(0);
    expect(paid.reduce((s, c) => s + c, 0)).toBe(pool);
    // The round says it ended early, the audit log who ended it, the live round stops.
    expect((await roundOf(f.round.id)).endedEarlyAt).toEqual(expect.any(Number));
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.roundId, f.round.id), eq(auditLog.tableName, ENDED_EARLY_AUDIT_TABLE)));
    expect(audit.map((a) => [a.actorUserId, a.actorName, JSON.parse(a.after ?? "{}")])).toEqual([
      [f.admin.id, f.admin.name, { holes: "card 1: 10, card 2: 9, card 3: 9", min_holes: 9 }],
    ]);
    const words = await call("GET", `/api/admin/audit?round=${f.round.id}`, { token: f.adminToken });
    const log = (await words.json()) as { entries: { what: string; actor: { name: string } }[] };
    expect(log.entries.find((e) => e.what.startsWith("Round ended early"))).toMatchObject({
      what: `Round ended early · ${f.round.name}`,
      actor: { name: f.admin.name },
    });
    expect((await liveState(f.round.id)).state.finalizedAt).toEqual(expect.any(Number));
    const late = await post(f.round.id, one.players[0].token, [change.strokes(one.players[0].entry.id, 12, 3)]);
    expect(late.body.results[0]).toMatchObject({ status: "refused", code: "conflict" });
    // Finalising after it changes nothing: the results stand as it ended.
    const finalize = await call("POST", `/api/admin/live/${f.round.id}/finalize`, { token: f.adminToken, body: {} });
    expect(finalize.status).toBe(409);
    expect(await entriesOf(f.round.id)).toEqual(rows);
    // An admin's correction with a reason rescores over the same holes.
    await postOk(f.round.id, f.adminToken, [change.strokes(two.players[0].entry.id, 7, PARS[6] - 1, { reason: "Card recount" })]);
    expect((await entriesOf(f.round.id))[2].score - LAYOUT_PAR).toBe(0);
    // The round's page says so, with the holes its cards finished and what its scores are.
    const { data } = await outcome(
      roundPage.loader(await argsFor("nobody", `/rounds/${f.round.id}`, undefined, { roundId: String(f.round.id) })),
    );
    expect(data.early).toEqual({
      line: "Ended early after 9\u201310 holes",
      note: `Rain stopped play: each result is the player's score to par over the holes their card finished, shown as the layout's par (${LAYOUT_PAR}) plus it.`,
    });
    // No ratings from a partial round.
    await recomputeRatings(getDb(env.DB, DEFAULT_LEAGUE_ID));
    expect((await entriesOf(f.round.id)).map((e) => e.rating)).toEqual([null, null, null, null, null, null]);
  });

  it("is refused, naming the short card, when a card finished fewer holes: nothing changes and play goes on", async () => {
    const f = await makeLiveRound([2, 2, 2], { pars: PARS });
    const [one, two, three] = f.cards;
    await shotgun(f, [1, 7, 13]);
    await postOk(
      f.round.id,
      one.players[0].token,
      play(one, 1, 9, () => 0),
    );
    await postOk(
      f.round.id,
      two.players[0].token,
      play(two, 7, 12, () => 0),
    );
    // Card 3 finished 6 holes; a seventh has one player's score only.
    await postOk(f.round.id, three.players[0].token, [...play(three, 13, 6, () => 0), change.strokes(three.players[0].entry.id, 1, 3)]);
    const before = await entriesOf(f.round.id);
    const refused = await endEarly(f.round.id, f.adminToken, { confirm: true });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: "conflict", error: "Card 3 has finished 6 holes; ending early needs 9 on every card. Cancel the round instead." },
    });
    expect(await entriesOf(f.round.id)).toEqual(before);
    expect((await roundOf(f.round.id)).endedEarlyAt).toBeNull();
    await postOk(f.round.id, three.players[0].token, [change.strokes(three.players[1].entry.id, 1, 3)]);
    // Two short cards are both named.
    const g = await makeLiveRound([2, 2], { pars: PARS });
    await postOk(
      g.round.id,
      g.cards[0].players[0].token,
      play(g.cards[0], 1, 1, () => 0),
    );
    expect((await endEarly(g.round.id, g.adminToken)).body.error).toBe(
      "Card 1 has finished 1 hole and card 2 has finished 0 holes; ending early needs 9 on every card. Cancel the round instead.",
    );
  });

  it("two organisers ending it at once end it once", async () => {
    const f = await makeLiveRound([2, 2], { pars: PARS });
    for (const card of f.cards)
      await postOk(
        f.round.id,
        card.players[0].token,
        play(card, 1, 9, (p) => p),
      );
    const both = await Promise.all([endEarly(f.round.id, f.adminToken), endEarly(f.round.id, f.adminToken)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.error).toBe(END_EARLY_MESSAGES.ended);
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.roundId, f.round.id), eq(auditLog.tableName, ENDED_EARLY_AUDIT_TABLE)));
    expect(audit).toHaveLength(1);
    expect((await entriesOf(f.round.id)).map((e) => e.score - LAYOUT_PAR)).toEqual([0, 9, 0, 9]);
    expect((await endEarly(f.round.id, f.adminToken)).body.error).toBe(END_EARLY_MESSAGES.ended);
  });

  it("is refused for a cancelled round, a finalised one and one without published cards", async () => {
    const cancelled = await makeLiveRound([2], { pars: PARS });
    await postOk(
      cancelled.round.id,
      cancelled.cards[0].players[0].token,
      play(cancelled.cards[0], 1, 9, () => 0),
    );
    await testDb().update(rounds).set({ cancelledAt: 1, cancelReason: "weather" }).where(eq(rounds.id, cancelled.round.id));
    expect(await endEarly(cancelled.round.id, cancelled.adminToken)).toMatchObject({
      status: 409,
      body: { error: END_EARLY_MESSAGES.cancelled },
    });
    const finalised = await makeLiveRound([2], { pars: PARS });
    await postOk(
      finalised.round.id,
      finalised.cards[0].players[0].token,
      play(finalised.cards[0], 1, 18, () => 0),
    );
    const done = await call("POST", `/api/admin/live/${finalised.round.id}/finalize`, {
      token: finalised.adminToken,
      body: { confirmUnsigned: true },
    });
    expect(done.status).toBe(200);
    expect(await endEarly(finalised.round.id, finalised.adminToken)).toMatchObject({
      status: 409,
      body: { error: "This round is finalised: its results stand." },
    });
    const draft = await makeLiveRound([2], { published: false });
    expect(await endEarly(draft.round.id, draft.adminToken)).toMatchObject({
      status: 409,
      body: { error: "This round has no published cards with players: there is nothing to end." },
    });
    expect((await roundOf(draft.round.id)).endedEarlyAt).toBeNull();
  });
});

describe("who may end a round early", () => {
  const SLUG = "end-early-other";
  let other: number;
  beforeAll(async () => {
    const row = await env.DB.prepare("insert into leagues (slug, name, time_zone) values (?, 'Rainy League', 'UTC') returning id")
      .bind(SLUG)
      .first<{ id: number }>();
    other = row!.id;
  });

  it("a player is refused (403), a visitor (401), and nothing changes", async () => {
    const f = await makeLiveRound([2], { pars: PARS });
    await postOk(
      f.round.id,
      f.cards[0].players[0].token,
      play(f.cards[0], 1, 9, () => 0),
    );
    expect((await endEarly(f.round.id, f.cards[0].players[0].token)).status).toBe(403);
    expect((await call("POST", `/api/admin/rounds/${f.round.id}/end-early`, { body: {} })).status).toBe(401);
    expect((await roundOf(f.round.id)).endedEarlyAt).toBeNull();
    expect((await entriesOf(f.round.id)).every((e) => e.score === 0)).toBe(true);
  });

  it("another league's round is 404 under this league's path, and ends under its own with its own setting", async () => {
    const f = await makeLiveRound([2], { pars: PARS, leagueId: other });
    await testDb().insert(leagueSettings).values({ leagueId: other, endEarlyHoles: 12 });
    const scored = await call("POST", `/l/${SLUG}/api/live/${f.round.id}/changes`, {
      token: f.cards[0].players[0].token,
      body: { changes: play(f.cards[0], 1, 10, () => 0) },
    });
    expect(scored.status).toBe(200);
    expect((await endEarly(f.round.id, f.adminToken)).status).toBe(404);
    expect((await roundOf(f.round.id)).endedEarlyAt).toBeNull();
    // The league's own 12 holes: 10 are short.
    expect((await endEarly(f.round.id, f.adminToken, {}, `/l/${SLUG}`)).body.error).toBe(
      "Card 1 has finished 10 holes; ending early needs 12 on every card. Cancel the round instead.",
    );
  });

  it("hostile bodies are 400 and change nothing", async () => {
    const f = await makeLiveRound([2], { pars: PARS });
    await postOk(
      f.round.id,
      f.cards[0].players[0].token,
      play(f.cards[0], 1, 9, () => 0),
    );
    for (const body of [{ confirm: "yes" }, { confirm: 1 }, { confirm: null }, { holes: 3 }, { confirm: true, minHoles: 1 }, [], "x"]) {
      const res = await endEarly(f.round.id, f.adminToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const malformed = await call("POST", `/api/admin/rounds/${f.round.id}/end-early`, { token: f.adminToken, body: "{not json" });
    expect(malformed.status).toBe(400);
    for (const id of ["0", "-1", "abc", "1.5"]) {
      expect((await call("POST", `/api/admin/rounds/${id}/end-early`, { token: f.adminToken, body: {} })).status).toBe(400);
    }
    expect((await call("POST", "/api/admin/rounds/999999999/end-early", { token: f.adminToken, body: {} })).status).toBe(404);
    expect((await roundOf(f.round.id)).endedEarlyAt).toBeNull();
    expect((await entriesOf(f.round.id)).every((e) => e.score === 0)).toBe(true);
  });
});
