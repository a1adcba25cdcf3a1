import { describe, expect, it } from "vitest";
import { call, expectStatus, makeAdmin, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, nowSec } from "../fixtures";
import { checkedInRound } from "../night-fixtures";
import { change, twoOnACard } from "../live-fixtures";

// The card writes and a live round's changes, measured as tests/api/write-trips.test.ts
// measures the entries' (ADR 41, 42): the write's own reads beside the guard's session, then
// its one batch — 2. Each case asserts its total as it is today.

const tripsOf = (res: Response) => Number(/d1rt;desc="(\d+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);

describe("the night's writes' round trips", () => {
  it("cards: save, take a late arrival, publish", async () => {
    const night = await checkedInRound(5);
    const token = await tokenFor(await makeAdmin());
    const base = `/api/admin/rounds/${night.round.id}/cards`;
    const made = await expectStatus(await call("POST", base, { token, body: { version: 0, mode: "rating" } }), 200);
    const cards = made.cards.map((c: { number: number; players: { entry_id: number }[] }, i: number) => ({
      number: c.number,
      start_hole: i + 1,
      entry_ids: c.players.map((p) => p.entry_id),
    }));
    const saved = await call("PUT", base, { token, body: { version: made.version, cards } });
    const board = await expectStatus(saved, 200);
    // The session with the board; the guarded batch, which reads the board again at its end
    // for the answer (slots and labels as stored), as making cards does. No follow-up.
    expect(tripsOf(saved), "save").toBe(2);
    const late = await makeEntry({
      roundId: night.round.id,
      playerId: (await makePlayer({ division: "MA1" })).id,
      division: "MA1",
      checkedInAt: nowSec(),
      checkedInBy: night.admin.id,
    });
    const took = await call("POST", `${base}/late`, { token, body: { entry_id: late.id, version: board.version } });
    const after = await expectStatus(took, 200);
    expect(tripsOf(took), "late").toBe(2);
    const published = await call("POST", `${base}/publish`, { token, body: { version: after.version } });
    await expectStatus(published, 200);
    // The session with the board; the update (held at the version read) with the board as it
    // leaves it, for the answer. The mails are a queue message.
    expect(tripsOf(published), "publish").toBe(2);
  });

  it("a live round's changes", async () => {
    const { round, a } = await twoOnACard();
    const res = await call("POST", `/api/live/${round.id}/changes`, {
      token: a.token,
      body: { changes: [change.strokes(a.entry.id, 1, 3)] },
    });
    await expectStatus(res, 200);
    // The Worker's trips: session; the round's existence (its 404 before the object is asked);
    // the object's answer (a wait of its own). The object's own D1 reads are not in this count.
    expect(tripsOf(res), "changes").toBe(2);
  });
});
