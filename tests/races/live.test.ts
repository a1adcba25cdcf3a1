// Live scoring under races (ADR 26): the same change sent 20 times at once (a phone's
// outbox flushing over POST while its frozen socket delivers the same frames) is applied
// once, and 20 phones' changes to one cell at once end at the value the server's
// sequence put last.
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { change, liveState, post, socketOf, twoOnACard } from "../live-fixtures";
import { RUNS } from "./race-fixtures";
import type { ChangeResult } from "~/schemas/live";

const TIMES = 20;

function exactlyOnce(results: ChangeResult[]) {
  const applied = results.filter((r) => r.status === "applied");
  expect(applied).toHaveLength(1);
  const seq = applied[0].status === "applied" ? applied[0].seq : -1;
  expect(results.filter((r) => r.status === "duplicate" && r.seq === seq)).toHaveLength(TIMES - 1);
}

describe.each(RUNS)("run %i", () => {
  it("the same change 20 times at once over POST is applied once", async () => {
    const { round, a } = await twoOnACard();
    const once = change.strokes(a.entry.id, 1, 4);
    const answers = await Promise.all(Array.from({ length: TIMES }, () => post(round.id, a.token, [once])));
    expect(answers.every((x) => x.status === 200)).toBe(true);
    exactlyOnce(answers.map((x) => x.body.results[0]));
    expect((await liveState(round.id)).state.seq).toBe(1);
  });

  it("the same change 20 times at once, half over the socket and half over POST, is applied once", async () => {
    const { round, a } = await twoOnACard();
    const phone = await socketOf(round.id, { token: a.token });
    const once = change.penalty(a.entry.id, 3, 1);
    const frame = JSON.stringify({ type: "changes", changes: [once] });
    const posts = Array.from({ length: TIMES / 2 }, () => post(round.id, a.token, [once]));
    for (let i = 0; i < TIMES / 2; i++) phone.send(frame);
    const viaPost = (await Promise.all(posts)).map((x) => x.body.results[0]);
    const acks: ChangeResult[] = [];
    for (let from = 0; acks.length < TIMES / 2; ) {
      const ack = await phone.next("ack", from);
      acks.push(...ack.results);
      from = ack.at + 1;
    }
    exactlyOnce([...viaPost, ...acks]);
    phone.close();
  });

  it("twenty phones' values for one hole at once: one sequence, and the hole holds the one it put last", async () => {
    const { round, adminToken, a, b } = await twoOnACard();
    const answers = await Promise.all(
      Array.from({ length: TIMES }, (_, i) =>
        post(round.id, i % 2 ? a.token : b.token, [change.strokes(b.entry.id, 7, 2 + (i % 5), { settle: true })]),
      ),
    );
    const seqs = answers.map((x) => (x.body.results[0].status === "applied" ? x.body.results[0].seq : -1)).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: TIMES }, (_, i) => i + 1));
    const res = await call("GET", `/api/admin/live/${round.id}/log`, { token: adminToken });
    const log = ((await res.json()) as { changes: { seq: number; value: number }[] }).changes;
    const last = log.at(-1);
    expect(last?.seq).toBe(TIMES);
    expect((await liveState(round.id)).state.players.find((p) => p.entryId === b.entry.id)?.strokes[6]).toBe(last?.value);
  });
});
