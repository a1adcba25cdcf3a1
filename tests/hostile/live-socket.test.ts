// The hostile-input suite, socket half (ADR 26): generated bad frames to a live round's
// WebSocket — each field of each kind of change missing or wrong, frames that are not JSON,
// not text, or over the size limit, messages of no known type. Each must be answered with
// an error frame naming what was wrong, the socket must keep working until its 20th refused
// frame in a minute closes it (ADR 35: the suite opens a new one every 19 frames), and
// neither the round's D1 tables nor its own sequence may move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowSec } from "../fixtures";
import { type LiveRoundFixture, LiveSocket, liveState, makeLiveRound, openSocket, socketOf } from "../live-fixtures";
import { checksums } from "./checksum";
import { type Field, type Json, HUGE, MALFORMED_JSON, fieldCases } from "./generators";
import { ClientMessageSchema, LIVE_LIMITS } from "~/schemas/live";

let f: LiveRoundFixture;
let phone: LiveSocket;
let spectator: LiveSocket;

beforeAll(async () => {
  f = await makeLiveRound([2]);
  phone = await socketOf(f.round.id, { token: f.cards[0].players[0].token });
  spectator = await socketOf(f.round.id, { spectator: true });
});
afterAll(() => {
  phone.close();
  spectator.close();
});

const common: Record<string, Field> = {
  type: { kind: "enum", values: ["changes", "state"] },
  changes: { kind: "list" },
  "changes.0": { kind: "object" },
  "changes.0.id": { kind: "text", max: 64 },
  "changes.0.at": { kind: "epoch" },
  "changes.0.kind": { kind: "enum", values: ["strokes", "penalty", "dnf", "signoff"] },
  "changes.0.entryId": { kind: "id" },
  "changes.0.reason": { kind: "text", max: LIVE_LIMITS.reason.max, optional: true },
};

/** Each kind of change, valid, with the fields only it has. */
function kinds(entryId: number): { frame: Json; fields: Record<string, Field> }[] {
  const base = { id: "hostile-frame-1", at: nowSec(), entryId };
  const frame = (change: Record<string, Json>): Json => ({ type: "changes", changes: [{ ...base, ...change }] });
  return [
    {
      frame: frame({ kind: "strokes", hole: 1, strokes: 3, settle: false }),
      fields: {
        ...common,
        "changes.0.hole": { kind: "int", min: 1, max: 27 },
        "changes.0.strokes": { kind: "int", min: 1, max: 20 },
        "changes.0.settle": { kind: "bool", optional: true },
      },
    },
    { frame: frame({ kind: "penalty", hole: 2, penalty: 1 }), fields: { "changes.0.penalty": { kind: "int", min: 0, max: 10 } } },
    { frame: frame({ kind: "dnf", dnf: true }), fields: { "changes.0.dnf": { kind: "bool" } } },
    { frame: frame({ kind: "signoff", pin: "1234" }), fields: { "changes.0.pin": { kind: "enum", values: ["1234"], optional: true } } },
  ];
}

/** The error a frame must get: the schema's first message, or the reader's own for what is not JSON or too large. */
function expectedError(text: string): string {
  if (new TextEncoder().encode(text).byteLength > LIVE_LIMITS.messageBytes)
    return "That frame is too large (the limit is 64 KB): send fewer changes at a time.";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return "That frame is not JSON.";
  }
  const parsed = ClientMessageSchema.safeParse(json);
  if (parsed.success) throw new Error(`a generated frame is valid: ${text.slice(0, 200)}`);
  return parsed.error.issues[0]?.message ?? "";
}

/** A new socket for the phone in place of the one that took 19 refusals (its user may hold 3: wait for the old one to close). */
async function freshPhone(): Promise<LiveSocket> {
  phone.close();
  for (let tries = 0; ; tries++) {
    const next = await openSocket(f.round.id, { token: f.cards[0].players[0].token });
    if (next instanceof LiveSocket) {
      await next.next("welcome");
      return next;
    }
    if (tries === 40) throw new Error(`no new socket: ${JSON.stringify(next)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("bad frames to a live round's socket", () => {
  it("each gets an error frame, nothing moves, and the socket still works", async () => {
    const before = await checksums();
    const entryId = f.cards[0].players[0].entry.id;
    const frames: { name: string; text: string }[] = [
      ...kinds(entryId).flatMap(({ frame, fields }) => fieldCases(frame, fields).map((c) => ({ name: c.name, text: c.text }))),
      ...MALFORMED_JSON.map((m) => ({ name: `malformed: ${m.name}`, text: m.text })),
      { name: "a frame over 64 KB", text: JSON.stringify({ type: "changes", changes: [], padding: HUGE }) },
      { name: "an unknown message type", text: JSON.stringify({ type: "finalize" }) },
    ];
    const failures: string[] = [];
    for (const [i, { name, text }] of frames.entries()) {
      if (i > 0 && i % 19 === 0) phone = await freshPhone();
      const from = phone.frames.length;
      phone.ws.send(text);
      const answer = await phone.next("error", from).catch((err: Error) => ({ error: err.message, code: "none" }));
      const wanted = expectedError(text);
      if (answer.error !== wanted) failures.push(`${name}: expected ${JSON.stringify(wanted)}, got ${JSON.stringify(answer.error)}`);
    }
    phone = await freshPhone();
    const binaryFrom = phone.frames.length;
    phone.ws.send(new Uint8Array(16));
    expect((await phone.next("error", binaryFrom)).error).toBe("Send text frames of JSON, not binary ones.");
    expect(failures, `${failures.length} of ${frames.length} frames`).toEqual([]);
    expect(frames.length).toBeGreaterThan(100);
    expect((await liveState(f.round.id)).state.seq).toBe(0);
    expect(await checksums()).toEqual(before);
    expect((await phone.ask({ type: "state" }, "state")).state.seq).toBe(0);
  }, 60_000);

  it("a spectator's every change is refused, whatever it holds", async () => {
    const entryId = f.cards[0].players[0].entry.id;
    for (const { frame } of kinds(entryId)) {
      expect((await spectator.ask(frame, "error")).code).toBe("forbidden");
    }
    expect((await liveState(f.round.id)).state.seq).toBe(0);
  });
});
