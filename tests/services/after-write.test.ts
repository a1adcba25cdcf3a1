import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeEntry, makeRound, testDb } from "../fixtures";
import { holders, movesOfRound, scene, tagsOf, tagsOn } from "../tags-fixtures";
import { cappedRound, claimedPlayer, fill, listRows } from "../waitlist-fixtures";
import { runAfterWrite } from "../../workers/after-write";
import { MAIL_WAITLIST, type FollowUp, rerate, settleWaitlistOf, syncTagsFrom } from "~/.server/follow-ups";
import { entries, waitlistNotices } from "~/.server/db/schema";
import { joinWaitlist } from "~/.server/services/signup/waitlist";

// The after-write runner (ADR 44): each follow-up a write leaves is done by its step, once,
// in the stated order, whichever entry point (fetch, queue, cron, live round) runs it. Each
// case fails if its step is taken out of workers/after-write.ts.

/** A queue that keeps what is sent to it, and a purge that notes when it ran. */
function harness() {
  const sent: unknown[] = [];
  const events: string[] = [];
  const jobs = {
    send: async (body: unknown) => {
      sent.push(body);
      events.push(`job:${(body as { type: string }).type}`);
    },
    sendBatch: async () => undefined,
  } as unknown as Queue;
  const run = (followUps: FollowUp[]) => runAfterWrite({ db: testDb(), jobs, purge: async () => void events.push("purge") }, followUps);
  return { sent, events, run };
}

/** A capped round, full, whose one entry is then withdrawn by hand; `waiting` players on its list. */
async function freedPlace() {
  const round = await cappedRound(1);
  const [taken] = await fill(round.id, 1);
  const w = await claimedPlayer();
  await joinWaitlist(testDb(), { userId: w.user.id, roundId: round.id, division: "MA2", ace: true, autoConfirm: false });
  await testDb().delete(entries).where(eq(entries.id, taken!.id));
  return { round, w };
}

describe("the after-write runner", () => {
  it("queues one re-rating, from the earliest date asked", async () => {
    const { sent, run } = harness();
    await run([rerate(2_000), rerate(1_000), rerate(3_000)]);
    expect(sent).toMatchObject([{ type: "ratings", since: 1_000 }]);
  });

  it("settles a round's waitlist once, whatever number of writes asked, and mails the news it made", async () => {
    const { round } = await freedPlace();
    const { sent, events, run } = harness();
    await run([settleWaitlistOf(round.id), settleWaitlistOf(round.id)]);
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["offered"]);
    // The settling's own news (the offer's notice) is mailed: one job, after the purge.
    expect(sent).toMatchObject([{ type: "waitlist-mails" }]);
    expect(events).toEqual(["purge", "job:waitlist-mails"]);
  });

  it("swaps the tags of a tags round with results, from the earliest date asked", async () => {
    await tagsOn();
    const s = scene();
    const [a, b] = await holders([s.tag(1), s.tag(2)]);
    const round = await makeRound({ startsAt: s.week(0), countsForTags: true });
    await makeEntry({ roundId: round.id, playerId: a.id, score: 60 });
    await makeEntry({ roundId: round.id, playerId: b.id, score: 45 });
    const { run } = harness();
    await run([syncTagsFrom(s.week(1)), syncTagsFrom(s.week(0))]);
    expect(await tagsOf([a, b])).toEqual([s.tag(2), s.tag(1)]);
    expect((await movesOfRound(round.id)).length).toBe(2);
  });

  it("mails the waitlist's news only when there is some", async () => {
    // This file's earlier notices, mailed: there is no news.
    await testDb().update(waitlistNotices).set({ mailedAt: 1 });
    const quiet = harness();
    await quiet.run([MAIL_WAITLIST]);
    expect(quiet.sent).toEqual([]);
    const { round } = await freedPlace();
    const loud = harness();
    await loud.run([settleWaitlistOf(round.id)]);
    expect(loud.sent).toMatchObject([{ type: "waitlist-mails" }]);
  });

  it("purges after the writes of its steps, and once when there is nothing to do", async () => {
    const { events, run } = harness();
    await run([]);
    expect(events).toEqual(["purge"]);
    const { round } = await freedPlace();
    const order: string[] = [];
    const jobs = { send: async () => void order.push("job") } as unknown as Queue;
    await runAfterWrite(
      {
        db: testDb(),
        jobs,
        purge: async () => {
          // By the purge, the settling's offer is written: the purged pages show it.
          order.push(`purge:${(await listRows(round.id)).map((r) => r.status).join()}`);
        },
      },
      [settleWaitlistOf(round.id), rerate(1)],
    );
    expect(order).toEqual(["purge:offered", "job", "job"]);
  });

  it("goes on past a round with nothing to settle: the other steps still run", async () => {
    const { sent, run } = harness();
    await run([settleWaitlistOf(987_654_321), rerate(5)]);
    expect(sent).toMatchObject([{ type: "ratings", since: 5 }]);
  });
});
