import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb } from "../fixtures";
import { deliver, messageId, recordMail } from "../job-fixtures";
import { copiesOf, pushEnv, pushService } from "../notice-fixtures";
import { recordQueue } from "../registration-fixtures";
import { cappedRound, claimedPlayer, fill, lapse, listRows } from "../waitlist-fixtures";
import worker from "../worker";
import { runAfterWrite } from "../../workers/after-write";
import { claims, waitlistNotices } from "~/.server/db/schema";
import type { FollowUp } from "~/.server/follow-ups";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { joinWaitlist } from "~/.server/services/signup/waitlist";

// The waitlist's cron and news (ADR 28, ADR 49): the scheduled handler passes lapsed offers
// on, and the waitlist-mails job makes each notice a `waitlist` message to the player on the
// list — no opt-in, the kind is on by default — once, however often delivered. Jobs are
// recorded rather than queued, so only the test runs them.

/** What a write left for after it, run as the Worker does; answers the jobs it queued. */
async function runAfter(done: { followUps: readonly FollowUp[] }) {
  const { jobs, queue } = recordQueue();
  await runAfterWrite({ db: testDb(), jobs: queue, purge: async () => undefined }, done.followUps);
  return jobs;
}

/** A one-place round whose two waiting players, `a` then `b`, saw the place freed: `a` holds the offer. */
async function offeredRound() {
  const round = await cappedRound(1);
  const [taken] = await fill(round.id, 1);
  const [a, b] = [await claimedPlayer(), await claimedPlayer()];
  for (const p of [a, b])
    await runAfter(await joinWaitlist(testDb(), { userId: p.user.id, roundId: round.id, division: "MA2", ace: true, autoConfirm: false }));
  const jobs = await runAfter(await withdrawEntry(testDb(), taken!.id, { admin: true }));
  return { round, a, b, jobs };
}

async function noticeKeys(roundId: number) {
  const rows = await listRows(roundId);
  const keys = [];
  for (const row of rows) {
    const notices = await testDb().select().from(waitlistNotices).where(eq(waitlistNotices.waitlistId, row.id));
    keys.push(...notices.map((n) => ({ userId: row.userId, kind: n.kind, key: `waitlist:${n.id}`, mailedAt: n.mailedAt })));
  }
  return keys;
}

const run = (job: unknown, send = recordMail().send, id = messageId(), attempts = 1) =>
  deliver([{ body: job, id, attempts }], { send, push: pushService().push, env: pushEnv });

describe("the cron", () => {
  it("expires a lapsed offer, offers the place to the next player, and queues the news", async () => {
    const { round, a, b } = await offeredRound();
    const [first] = await listRows(round.id);
    await lapse(first!.id);
    const { jobs, queue } = recordQueue();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), { ...env, JOBS: queue }, ctx);
    await waitOnExecutionContext(ctx);
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["expired", "offered"]);
    const job = jobs.find((j) => j.type === "waitlist-mails");
    expect(job).toBeDefined();
    const mail = recordMail();
    await run(job, mail.send);
    const told = await copiesOf("waitlist:");
    const mine = told.filter((c) => c.title.endsWith(round.name));
    expect(
      mine.find((c) => c.userId === a.user.id && c.body.startsWith("The place offered to you was not confirmed in time")),
    ).toBeDefined();
    expect(mine.find((c) => c.userId === b.user.id && c.body.startsWith("A place freed up and it is yours until"))).toBeDefined();
  });
});

describe("a waitlist-mails job", () => {
  it("tells the offered player once with the deadline, delivered twice, and no one else", async () => {
    const { round, a, jobs } = await offeredRound();
    const job = jobs.find((j) => j.type === "waitlist-mails");
    expect(job).toBeDefined();
    const mail = recordMail();
    const id = messageId();
    for (const attempts of [1, 2]) {
      const { result, ids } = await run(job, mail.send, id, attempts);
      expect(result.explicitAcks).toEqual(ids);
    }
    const [notice, ...others] = await noticeKeys(round.id);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ userId: a.user.id, kind: "offered" });
    expect(notice!.mailedAt).not.toBeNull();
    const copies = await copiesOf(notice!.key);
    expect(copies).toMatchObject([{ userId: a.user.id, kind: "waitlist", status: "mailed", title: expect.stringContaining(round.name) }]);
    expect(copies[0]!.body).toMatch(/^A place freed up and it is yours until .+\. Confirm and pay on the round's page/);
    expect(copies[0]!.url).toContain(`/rounds/${round.id}`);
    expect(mail.sent.filter((m) => m.to === a.user.email)).toHaveLength(1);
  });

  it("tries a mail that failed again on the job's retry, sending nothing twice", async () => {
    const { round, a, jobs } = await offeredRound();
    const job = jobs.find((j) => j.type === "waitlist-mails");
    const down = recordMail({ fail: true });
    const id = messageId();
    const first = await run(job, down.send, id);
    expect(first.retries.map((r) => r.msgId)).toEqual(first.ids);
    const up = recordMail();
    await run(job, up.send, id, 2);
    await run(job, up.send, id, 3);
    const [notice] = await noticeKeys(round.id);
    expect(await copiesOf(notice!.key)).toMatchObject([{ userId: a.user.id, status: "mailed" }]);
    expect(up.sent.filter((m) => m.to === a.user.email)).toHaveLength(1);
  });

  it("tells no one who is no longer the league's member as it runs (their claim undone since)", async () => {
    const { round, a, jobs } = await offeredRound();
    await testDb().update(claims).set({ status: "withdrawn" }).where(eq(claims.userId, a.user.id));
    const mail = recordMail();
    await run(
      jobs.find((j) => j.type === "waitlist-mails"),
      mail.send,
    );
    const [notice] = await noticeKeys(round.id);
    expect(await copiesOf(notice!.key)).toEqual([]);
    expect(mail.sent.filter((m) => m.to === a.user.email)).toEqual([]);
  });
});
