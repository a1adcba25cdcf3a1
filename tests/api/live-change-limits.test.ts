// Limits on what scorers' changes may cost a live round (ADR 26): a change naming a player
// the round's copy of its cards does not know reads the cards from D1 again at most once
// every 10 s (frames naming unknown players meanwhile are refused), and a card takes at
// most 20 changes per cell and 3,000 in all, while the change log keeps every one.
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { makeEntry, makePlayer, testDb } from "../fixtures";
import { change, liveState, makeLiveRound, post, postOk, socketOf, twoOnACard } from "../live-fixtures";
import { cardPlayers } from "~/.server/db/schema";
import type { Change } from "~/schemas/live";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const TOO_MANY = "too many changes on this card: ask the organiser";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function logLength(roundId: number, adminToken: string): Promise<number> {
  let total = 0;
  for (let after = 0, more = true; more; ) {
    const res = await call("GET", `/api/admin/live/${roundId}/log?after=${after}`, { token: adminToken });
    const page = (await res.json()) as { changes: { seq: number }[]; more: boolean };
    total += page.changes.length;
    more = page.more;
    after = page.changes.at(-1)?.seq ?? after;
  }
  return total;
}

describe("a change naming a player the round does not know", () => {
  it("reads the cards again at most once in 10 s; frames naming unknown players meanwhile are refused, others go on", async () => {
    const {
      round,
      cards: [one, two],
      adminToken,
    } = await makeLiveRound([1, 1]);
    const admin = await socketOf(round.id, { token: adminToken });
    const first = await admin.ask({ type: "changes", changes: [change.strokes(2_000_000_001, 1, 3)] }, "ack");
    const readAt = Date.now();
    expect(first.results[0]).toMatchObject({ status: "refused", code: "not_found" });
    // A player seated on the card not yet started, after that read.
    const player = await makePlayer();
    const entry = await makeEntry({ roundId: round.id, playerId: player.id });
    await testDb().insert(cardPlayers).values({ leagueId: DEFAULT_LEAGUE_ID, entryId: entry.id, cardId: two.id, position: 1 });
    // Refused whole as "rate_limited": a phone keeps such changes and sends them again.
    const meanwhile = await admin.ask({ type: "changes", changes: [change.strokes(entry.id, 1, 3)] }, "error");
    expect(meanwhile.code).toBe("rate_limited");
    const known = await admin.ask({ type: "changes", changes: [change.strokes(one.players[0].entry.id, 1, 3)] }, "ack");
    expect(known.results[0].status).toBe("applied");
    await sleep(Math.max(0, readAt + 10_500 - Date.now()));
    const later = await admin.ask({ type: "changes", changes: [change.strokes(entry.id, 1, 4)] }, "ack");
    expect(later.results[0].status).toBe("applied");
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === entry.id)?.strokes[0]).toBe(4);
    admin.close();
  }, 20_000);
});

describe("changes per card", () => {
  it("takes 20 changes to one cell, refuses the 21st from a player, and still takes an admin's", async () => {
    const { round, adminToken, a, b } = await twoOnACard();
    const twenty = Array.from({ length: 20 }, (_, i) => change.strokes(a.entry.id, 1, 3 + (i % 2)));
    await postOk(round.id, a.token, twenty.slice(0, 12));
    await postOk(round.id, b.token, twenty.slice(12));
    const { body } = await post(round.id, b.token, [change.strokes(a.entry.id, 1, 5), change.strokes(a.entry.id, 2, 3)]);
    expect(body.results[0]).toMatchObject({ status: "refused", code: "rate_limited", error: TOO_MANY });
    expect(body.results[1].status).toBe("applied");
    await postOk(round.id, adminToken, [change.strokes(a.entry.id, 1, 5, { settle: true })]);
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === a.entry.id)?.strokes[0]).toBe(5);
    expect(await logLength(round.id, adminToken)).toBe(22);
  });

  it("takes 3,000 changes on a card, refuses the next from a player, still takes an admin's, and logs every one", async () => {
    const {
      round,
      cards: [card],
      adminToken,
    } = await makeLiveRound([5]);
    const [a] = card.players;
    // Every cell of the card (5 players × 18 holes × strokes and penalty) 17 times: 3,060 changes.
    const cells = card.players.flatMap((p) =>
      Array.from({ length: 18 }, (_, h) => [change.strokes(p.entry.id, h + 1, 3), change.penalty(p.entry.id, h + 1, 1)]).flat(),
    );
    const all: Change[] = Array.from({ length: 17 }, () =>
      cells.map((c) => ({ ...c, id: `${c.id}x${Math.random().toString(36).slice(2)}` })),
    ).flat();
    for (let i = 0; i < 3_000; i += 300) await postOk(round.id, a.token, all.slice(i, i + 300));
    const { body } = await post(round.id, a.token, all.slice(3_000, 3_001));
    expect(body.results[0]).toMatchObject({ status: "refused", code: "rate_limited", error: TOO_MANY });
    await postOk(round.id, adminToken, [change.strokes(a.entry.id, 18, 4, { settle: true })]);
    expect(await logLength(round.id, adminToken)).toBe(3_001);
  }, 60_000);
});

describe("a batch that waits for D1 while cards start", () => {
  it("waits for the starts before it holds the round: it is answered, and so is every card", async () => {
    const f = await makeLiveRound(Array.from({ length: 30 }, () => 1));
    const phones = await Promise.all(f.cards.map((c) => socketOf(f.round.id, { token: c.players[0].token })));
    // Thirty cards' first scores at once: their starts go to D1 one after another.
    for (const [i, p] of phones.entries()) p.send({ type: "changes", changes: [change.strokes(f.cards[i].players[0].entry.id, 1, 3)] });
    // An admin's change with a reason needs D1 first, so it waits for the starts.
    const entryId = f.cards[0].players[0].entry.id;
    const started = Date.now();
    const slow = await post(f.round.id, f.adminToken, [change.strokes(entryId, 2, 4, { reason: "Card photo" })]);
    expect(slow.status, JSON.stringify(slow.body)).toBe(200);
    expect(slow.body.results[0].status).toBe("applied");
    expect(Date.now() - started).toBeLessThan(10_000);
    const acks = await Promise.all(phones.map((p) => p.next("ack", 0, 10_000)));
    expect(acks.map((a) => a.results[0].status)).toEqual(phones.map(() => "applied"));
    for (const p of phones) p.close();
  }, 60_000);
});
