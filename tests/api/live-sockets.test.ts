// The live round's WebSockets (ADR 26): who may open one and what each may do, updates to
// every socket within a second, frames that are malformed, oversize or of the wrong type
// answered with an error (never a crash or a closed socket), the heartbeat, and
// hibernation: the object evicted between two messages keeps every socket and score.
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeUser, tokenFor } from "../auth-fixtures";
import { change, liveState, makeLiveRound, openSocket, post, postOk, socketOf, stubOf, wholeCard, twoOnACard } from "../live-fixtures";
import { applyUpdate } from "~/lib/live/live-update";
import { LIVE_LIMITS, type ServerMessage } from "~/schemas/live";

describe("opening a socket", () => {
  it("anyone may watch without logging in; the welcome holds the public state", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([2]);
    const spectator = await openSocket(round.id, { spectator: true, origin: null });
    if (!("frames" in spectator)) throw new Error(JSON.stringify(spectator));
    const welcome = await spectator.next("welcome");
    expect(welcome.you).toEqual({ role: "spectator", userId: null, playerId: null, cardIds: [] });
    expect(welcome.state.players.map((p) => p.entryId)).toEqual(card.players.map((p) => p.entry.id));
    spectator.close();
  });

  it("scoring takes a login (401), a place on a published card of the round (403), and the app's own Origin (403)", async () => {
    const { card, round, a } = await twoOnACard();
    expect(await openSocket(round.id)).toMatchObject({ status: 401, body: { code: "unauthorized" } });
    const stranger = await tokenFor(await makeUser());
    expect(await openSocket(round.id, { token: stranger })).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect(await openSocket(round.id, { token: a.token, origin: "https://evil.example" })).toMatchObject({
      status: 403,
      body: { error: "Cross-site socket refused" },
    });
    // A cookie socket must say where it comes from; a bearer one need not.
    expect(await openSocket(round.id, { cookie: a.token, origin: null })).toMatchObject({ status: 403 });
    expect(await openSocket(round.id, { spectator: true, origin: "https://evil.example" })).toMatchObject({ status: 403 });
    const mine = await socketOf(round.id, { token: a.token, origin: null });
    expect(mine.frames[0]).toMatchObject({ type: "welcome", you: { role: "player", playerId: a.player.id, cardIds: [card.id] } });
    mine.close();
  });

  it("a round that does not exist is 404; a plain GET of the socket's address is 400", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([1]);
    expect(await openSocket(2_147_483_001, { spectator: true })).toMatchObject({ status: 404 });
    const { call } = await import("../auth-fixtures");
    const res = await call("GET", `/api/live/${round.id}/ws`, { token: card.players[0].token });
    expect(res.status).toBe(400);
  });
});

describe("scoring over a socket", () => {
  it("a cardmate's changes are acked in order; every socket gets the update, spectators without who-said-what", async () => {
    const { round, a, b } = await twoOnACard();
    const phoneA = await socketOf(round.id, { token: a.token });
    const phoneB = await socketOf(round.id, { token: b.token });
    const spectator = await socketOf(round.id, { spectator: true });
    const ack = await phoneA.ask({ type: "changes", changes: [change.strokes(b.entry.id, 1, 3), change.strokes(a.entry.id, 1, 4)] }, "ack");
    expect(ack.results.map((r) => r.status)).toEqual(["applied", "applied"]);
    // The card's other phone hears at once; every socket with the round's next update.
    const heard = await phoneB.next("card", 1);
    expect(heard.update.cells).toEqual([
      { entryId: b.entry.id, field: "strokes", hole: 1, value: 3 },
      { entryId: a.entry.id, field: "strokes", hole: 1, value: 4 },
    ]);
    expect(phoneA.frames.some((f) => f.type === "card")).toBe(false);
    const started = Date.now();
    const seen = await spectator.next("update", 1);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(seen.update).toMatchObject({ fromSeq: 1, seq: 2 });
    expect(seen.update.cells.map((c) => [c.entryId, c.value])).toEqual([
      [b.entry.id, 3],
      [a.entry.id, 4],
    ]);
    await phoneB.next("update", 1);
    // B disagrees: the scorers' update names the values, the spectators' only the flag.
    await phoneB.ask({ type: "changes", changes: [change.strokes(b.entry.id, 1, 5)] }, "ack");
    const scorerView = await phoneA.next("update", phoneA.frames.findLastIndex((f) => f.type === "update") + 1);
    expect(scorerView.update.flags[0].values?.map((v) => v.value)).toEqual([3, 5]);
    const publicView = await spectator.next("update", seen.at + 1);
    expect(publicView.update.flags).toEqual([{ entryId: b.entry.id, hole: 1, field: "strokes" }]);
    for (const s of [phoneA, phoneB, spectator]) s.close();
  });

  it("a phone's frames keep their order while its card starts in D1, and another card's go on meanwhile", async () => {
    const {
      round,
      cards: [one, two],
    } = await makeLiveRound([1, 1]);
    const [a, b] = [one.players[0], two.players[0]];
    const phoneA = await socketOf(round.id, { token: a.token });
    const phoneB = await socketOf(round.id, { token: b.token });
    await phoneB.ask({ type: "changes", changes: [change.strokes(b.entry.id, 1, 3)] }, "ack");
    // Three frames at once: the first starts card 1, the second and third wait behind it.
    for (const strokes of [5, 4, 3]) phoneA.send({ type: "changes", changes: [change.strokes(a.entry.id, 1, strokes)] });
    phoneB.send({ type: "changes", changes: [change.strokes(b.entry.id, 2, 3)] });
    const acks: number[] = [];
    for (let from = 0; acks.length < 3; ) {
      const ack = await phoneA.next("ack", from);
      acks.push(ack.results[0].status === "applied" ? ack.results[0].seq : -1);
      from = ack.at + 1;
    }
    expect(acks).toEqual([...acks].sort((x, y) => x - y));
    await phoneB.next("ack", 2);
    expect((await liveState(round.id)).state.players.map((p) => p.strokes.slice(0, 2))).toEqual([
      [3, null],
      [3, 3],
    ]);
    phoneA.close();
    phoneB.close();
  });

  it("a spectator's changes are refused with an error frame; a change for another card is refused on its own in the ack", async () => {
    const {
      round,
      cards: [one, two],
    } = await makeLiveRound([1, 1]);
    const spectator = await socketOf(round.id, { spectator: true });
    const refused = await spectator.ask({ type: "changes", changes: [change.strokes(one.players[0].entry.id, 1, 3)] }, "error");
    expect(refused).toMatchObject({ code: "forbidden" });
    const phone = await socketOf(round.id, { token: two.players[0].token });
    const theirs = change.strokes(one.players[0].entry.id, 1, 3);
    const mine = change.strokes(two.players[0].entry.id, 1, 3);
    const ack = await phone.ask({ type: "changes", changes: [theirs, mine] }, "ack");
    expect(ack.results).toEqual([
      { id: theirs.id, status: "refused", code: "forbidden", error: "Only the players of card 1 and admins can score it." },
      { id: mine.id, status: "applied", seq: 1 },
    ]);
    // A frame made under another login on this phone: refused whole, nothing applied.
    const other = change.strokes(two.players[0].entry.id, 2, 3);
    expect(await phone.ask({ type: "changes", by: one.players[0].user.id, changes: [other] }, "error")).toMatchObject({
      code: "unauthorized",
    });
    expect((await liveState(round.id)).state.seq).toBe(1);
    spectator.close();
    phone.close();
  });

  it("answers bad frames with an error and keeps the socket: not JSON, wrong types, unknown kinds, binary, oversize", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([1]);
    const [a] = card.players;
    const phone = await socketOf(round.id, { token: a.token });
    const good = change.strokes(a.entry.id, 1, 3);
    const bad: [unknown, string][] = [
      ["{not json", "That frame is not JSON."],
      ["[]", 'type must be "changes" or "state"'],
      [{ type: "delete-everything" }, 'type must be "changes" or "state"'],
      [{ type: "changes" }, "changes must be a list"],
      [{ type: "changes", changes: [] }, "Send at least one change"],
      [{ type: "changes", changes: [{ ...good, kind: "eagle" }] }, "kind must be strokes, penalty, dnf or signoff"],
      [{ type: "changes", changes: [{ ...good, strokes: "3" }] }, "strokes must be a number from 1 to 20"],
      [{ type: "changes", changes: [{ ...good, strokes: 0 }] }, "strokes must be from 1 to 20"],
      [{ type: "changes", changes: [{ ...good, strokes: 1e308 }] }, "strokes must be a whole number"],
      [{ type: "changes", changes: [{ ...good, hole: 2.5 }] }, "hole must be a whole number"],
      [{ type: "changes", changes: [{ ...good, id: "x" }] }, "Each change needs an id (8 to 64 letters, digits, - or _)"],
      [{ type: "changes", changes: [{ ...good, entryId: -1 }] }, "entryId must be positive"],
      [{ type: "changes", changes: [{ ...good, at: "yesterday" }] }, "at must be the time the change was made, in seconds since 1970"],
      [
        { type: "changes", changes: Array.from({ length: LIVE_LIMITS.batch + 1 }, () => good) },
        `Send at most ${LIVE_LIMITS.batch} changes at a time`,
      ],
      ["x".repeat(LIVE_LIMITS.messageBytes + 1), "That frame is too large (the limit is 64 KB): send fewer changes at a time."],
      [new Uint8Array([1, 2, 3]), "Send text frames of JSON, not binary ones."],
    ];
    for (const [frame, error] of bad) {
      const from = phone.frames.length;
      phone.ws.send(frame instanceof Uint8Array ? frame : typeof frame === "string" ? frame : JSON.stringify(frame));
      const answer = await phone.next("error", from);
      expect(answer.error, JSON.stringify(frame).slice(0, 80)).toBe(error);
    }
    expect((await phone.ask({ type: "changes", changes: [good] }, "ack")).results[0].status).toBe("applied");
    expect((await liveState(round.id)).state.seq).toBe(1);
    phone.close();
  });

  it("answers the heartbeat and a request for the state", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([1]);
    const phone = await socketOf(round.id, { token: card.players[0].token });
    await phone.ask("ping", "pong");
    expect((await phone.ask({ type: "state" }, "state")).state.roundId).toBe(round.id);
    phone.close();
  });
});

describe("following the round", () => {
  it("a spectator that applies its welcome and every update holds the state the server serves", async () => {
    const {
      round,
      cards: [one, two],
    } = await makeLiveRound([2, 2]);
    const spectator = await socketOf(round.id, { spectator: true });
    const [a, b] = one.players;
    await postOk(
      round.id,
      a.token,
      wholeCard(one, (p, h) => 2 + ((p + h) % 3), 18),
    );
    const [c, d] = two.players;
    await postOk(round.id, b.token, [change.strokes(a.entry.id, 4, 6, { settle: true }), change.signoff(b.entry.id)]);
    await postOk(round.id, c.token, [change.strokes(c.entry.id, 1, 3), change.penalty(c.entry.id, 1, 2), change.dnf(d.entry.id, true)]);
    // A disagreement left open, and a signature dropped by a later change.
    await postOk(round.id, d.token, [change.strokes(c.entry.id, 1, 4)]);
    await postOk(round.id, a.token, [change.penalty(b.entry.id, 2, 1), change.signoff(a.entry.id)]);
    const served = (await liveState(round.id)).state;
    let held = (spectator.frames[0] as Extract<ServerMessage, { type: "welcome" }>).state;
    for (let from = 1; held.seq < served.seq; ) {
      const frame = await spectator.next("update", from);
      const next = applyUpdate(held, frame.update);
      if (!next) throw new Error("an update was missed");
      held = next;
      from = frame.at + 1;
    }
    expect(held.flags).toEqual(served.flags);
    expect(held.players).toEqual(served.players);
    expect(held.cards).toEqual(served.cards);
    spectator.close();
  });
});

describe("hibernation", () => {
  it("the object evicted between two messages keeps the sockets, who they are, and every score", async () => {
    const { round, a, b } = await twoOnACard();
    const phone = await socketOf(round.id, { token: a.token });
    const spectator = await socketOf(round.id, { spectator: true });
    await phone.ask({ type: "changes", changes: [change.strokes(a.entry.id, 1, 3)] }, "ack");
    await evictDurableObject(stubOf(round.id));
    const ack = await phone.ask({ type: "changes", changes: [change.strokes(b.entry.id, 1, 4)] }, "ack");
    expect(ack.results[0]).toMatchObject({ status: "applied", seq: 2 });
    await spectator.next("update", spectator.frames.findLastIndex((f) => f.type === "update") + 1);
    await evictDurableObject(stubOf(round.id));
    // Still a spectator after the wake: it may not score.
    expect((await spectator.ask({ type: "changes", changes: [change.strokes(a.entry.id, 2, 3)] }, "error")).code).toBe("forbidden");
    const { state } = await liveState(round.id);
    expect(state.players.map((p) => p.strokes[0])).toEqual([3, 4]);
    expect((await post(round.id, b.token, [change.strokes(b.entry.id, 2, 3)])).status).toBe(200);
    await postOk(round.id, a.token, [change.strokes(a.entry.id, 2, 3)]);
    phone.close();
    spectator.close();
  });
});
