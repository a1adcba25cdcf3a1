// The "ratings" job (ADR 17): queued by a request whose writes changed scores, never by
// one that did not; run by the consumer, it rates the rounds from the changed one on, and
// a second delivery changes nothing.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser, tokenFor } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { deliver, messageId } from "../job-fixtures";
import { recordingWorker } from "../ratings-fixtures";
import { versionOf } from "../version-fixtures";
import { DEFAULT_LEAGUE_ID, entries } from "~/.server/db/schema";

let era = 1_200_000_000;
async function playedRound() {
  era += 400 * DAY;
  const round = await makeRound({ startsAt: era });
  const field = await Promise.all(Array.from({ length: 4 }, () => makePlayer()));
  const rows = [];
  for (const [i, p] of field.entries()) rows.push(await makeEntry({ roundId: round.id, playerId: p.id, division: "MA1", score: 52 + i }));
  return { round, rows };
}

const ratingsOf = async (ids: number[]) =>
  (await testDb().select({ id: entries.id, rating: entries.rating }).from(entries).where(inArray(entries.id, ids)).orderBy(entries.id)).map(
    (r) => r.rating,
  );

describe("the ratings job", () => {
  it("a score save queues a re-rating from that round's date; an ace-flag save queues nothing", async () => {
    const { round, rows } = await playedRound();
    const token = tokenFor(await makeUser({ isAdmin: true }));
    const worker = recordingWorker();
    const first = rows[0]!;
    const saved = await worker.post("/api/admin/entry/bulk", await token, {
      data: [{ id: first.id, version: await versionOf(first.id), value: { score: 60 } }],
    });
    expect(saved.status).toBe(200);
    expect(worker.sent).toEqual([{ type: "ratings", id: expect.any(String), leagueId: DEFAULT_LEAGUE_ID, since: round.startsAt }]);
    const flags = await worker.post("/api/admin/entry/bulk", await token, {
      data: [{ id: first.id, version: await versionOf(first.id), value: { ace: false } }],
    });
    expect(flags.status).toBe(200);
    expect(worker.sent).toHaveLength(1);
  });

  it("a queue that is down does not fail the save: the score is stored, the answer is 200", async () => {
    const { rows } = await playedRound();
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    const saved = await recordingWorker({ fail: true }).post("/api/admin/entry/bulk", token, {
      data: [{ id: rows[0]!.id, version: await versionOf(rows[0]!.id), value: { score: 61 } }],
    });
    expect(saved.status).toBe(200);
    const [row] = await testDb().select({ score: entries.score }).from(entries).where(eq(entries.id, rows[0]!.id));
    expect(row?.score).toBe(61);
  });

  it("delivered, rates the round (the bootstrap: median 900); delivered again, changes nothing", async () => {
    const { round, rows } = await playedRound();
    const ids = rows.map((r) => r.id);
    const job = { type: "ratings", id: crypto.randomUUID(), since: round.startsAt };
    const id = messageId();
    const { result } = await deliver([{ body: job, id }]);
    expect(result.explicitAcks).toEqual([id]);
    // Scores 52 53 54 55: median 53.5 is 900, 10 points a stroke.
    expect(await ratingsOf(ids)).toEqual([915, 905, 895, 885]);
    await testDb().update(entries).set({ score: 53 }).where(eq(entries.id, ids[0]!));
    await deliver([{ body: job, id, attempts: 2 }]);
    // A redelivery re-reads the scores: 53 53 54 55, median 53.5.
    expect(await ratingsOf(ids)).toEqual([905, 905, 895, 885]);
    const again = await deliver([{ body: job, id: messageId() }]);
    expect(again.result.explicitAcks).toHaveLength(1);
    expect(await ratingsOf(ids)).toEqual([905, 905, 895, 885]);
  });

  it("a malformed job is dropped, not retried", async () => {
    const { result } = await deliver([{ body: { type: "ratings", id: crypto.randomUUID(), since: "last week" } }]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
  });
});
