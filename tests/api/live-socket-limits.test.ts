// A live round's sockets under abuse (ADR 26): a spectator asking for the whole round over
// and over, too many sockets from one address or one user, and a socket that keeps sending
// frames the server refuses. None of them may hold up a scorer's ack.
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LiveSocket, makeLiveRound, openSocket, socketOf, stubOf, twoOnACard } from "../live-fixtures";
import { change } from "../live-fixtures";
import { LIVE_LIMITS } from "~/schemas/live";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (s: LiveSocket, type: string) => s.frames.filter((f) => f.type === type).length;

describe("a spectator asking for the whole round", () => {
  it("gets one state answer at once and one more when 5 s are up, however many it asked for", async () => {
    const { round } = await twoOnACard();
    const spectator = await socketOf(round.id, { spectator: true });
    for (let i = 0; i < 10; i++) spectator.send({ type: "state" });
    await spectator.next("state");
    await sleep(1_000);
    expect(count(spectator, "state")).toBe(1);
    const second = await spectator.next("state", spectator.frames.findIndex((f) => f.type === "state") + 1, 6_000);
    expect(second.state.roundId).toBe(round.id);
    await sleep(500);
    expect(count(spectator, "state")).toBe(2);
    expect(count(spectator, "error")).toBe(0);
    expect(spectator.closedWith).toBeNull();
    spectator.close();
  }, 15_000);
});

describe("sockets per address and per user", () => {
  it("takes 50 spectator sockets from one address per round and refuses the 51st (429); other addresses and rounds go on", async () => {
    const { round } = await twoOnACard();
    const other = await twoOnACard();
    const ip = "203.0.113.9";
    const open: LiveSocket[] = [];
    for (let i = 0; i < 50; i++) open.push(await socketOf(round.id, { spectator: true, ip }));
    expect(await openSocket(round.id, { spectator: true, ip })).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    open.push(await socketOf(round.id, { spectator: true, ip: "203.0.113.10" }));
    open.push(await socketOf(other.round.id, { spectator: true, ip }));
    for (const s of open) s.close();
  }, 30_000);

  it("takes 3 scorer sockets per user per round and refuses a 4th (429) until one closes; the cardmate's go on", async () => {
    const { round, a, b } = await twoOnACard();
    const mine = [await socketOf(round.id, { token: a.token }), await socketOf(round.id, { token: a.token })];
    mine.push(await socketOf(round.id, { token: a.token }));
    expect(await openSocket(round.id, { token: a.token })).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    const theirs = await socketOf(round.id, { token: b.token });
    mine[0].close();
    let again = await openSocket(round.id, { token: a.token });
    for (let i = 0; i < 40 && !(again instanceof LiveSocket); i++) {
      await sleep(100);
      again = await openSocket(round.id, { token: a.token });
    }
    expect(again).toBeInstanceOf(LiveSocket);
    for (const s of [...mine, theirs, again as LiveSocket]) s.close();
  });
});

describe("refused frames", () => {
  it("a scorer's socket is closed (1008) at its 20th refused frame in a minute, not before, and its user waits to open another", async () => {
    const {
      round,
      cards: [one, two],
    } = await makeLiveRound([1, 1]);
    const phone = await socketOf(round.id, { token: one.players[0].token });
    const refused = [
      "{not json",
      JSON.stringify({ type: "shout" }),
      "x".repeat(LIVE_LIMITS.messageBytes + 1),
      `{"type":"changes","changes":[${"9,".repeat(100_000)}9]}`,
      // A change for another card is answered on its own in an ack, not a refused frame (ADR 26): a change of no kind is.
      JSON.stringify({ type: "changes", changes: [{ ...change.strokes(one.players[0].entry.id, 1, 3), kind: "eagle" }] }),
    ];
    for (let i = 0; i < 19; i++) {
      const error = await phone.ask(refused[i % refused.length], "error");
      if (i % refused.length >= 2 && i % refused.length <= 3) expect(error.code).toBe("payload_too_large");
    }
    await phone.ask("ping", "pong");
    expect((await phone.ask({ type: "changes", changes: [change.strokes(one.players[0].entry.id, 1, 3)] }, "ack")).results).toHaveLength(1);
    expect(phone.closedWith).toBeNull();
    phone.send("{not json");
    expect(await phone.closed()).toMatchObject({ code: 1008 });
    // Each new socket costs the round a whole state: its user waits 10 s to open another; a cardmate does not.
    expect(await openSocket(round.id, { token: one.players[0].token })).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    (await socketOf(round.id, { token: two.players[0].token })).close();
  });

  it("a spectator's socket sending changes is closed (1008) at the 20th", async () => {
    const { round, a } = await twoOnACard();
    const spectator = await socketOf(round.id, { spectator: true });
    for (let i = 0; i < 19; i++) {
      expect((await spectator.ask({ type: "changes", changes: [change.strokes(a.entry.id, 1, 3)] }, "error")).code).toBe("forbidden");
    }
    spectator.send({ type: "changes", changes: [change.strokes(a.entry.id, 1, 3)] });
    expect(await spectator.closed()).toMatchObject({ code: 1008 });
  });
});

describe("hibernation", () => {
  it("keeps every count: a user's sockets, a spectator's last state, a socket's refused frames", async () => {
    const { round, a } = await twoOnACard();
    const mine = [await socketOf(round.id, { token: a.token }), await socketOf(round.id, { token: a.token })];
    const spectator = await socketOf(round.id, { spectator: true });
    await spectator.ask({ type: "state" }, "state");
    for (let i = 0; i < 19; i++) await mine[0].ask("{not json", "error");
    await evictDurableObject(stubOf(round.id));
    mine.push(await socketOf(round.id, { token: a.token }));
    expect(await openSocket(round.id, { token: a.token })).toMatchObject({ status: 429 });
    spectator.send({ type: "state" });
    await sleep(1_000);
    expect(count(spectator, "state")).toBe(1);
    mine[0].send("{not json");
    expect(await mine[0].closed()).toMatchObject({ code: 1008 });
    for (const s of [...mine, spectator]) s.close();
  }, 15_000);
});
