import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb } from "../fixtures";
import { deliver, messageId, recordMail } from "../job-fixtures";
import { cappedRound, claimedPlayer, fill, lapse, listRows } from "../waitlist-fixtures";
import worker from "../worker";
import { users, waitlistNotices } from "~/.server/db/schema";
import { withdrawEntry } from "~/.server/services/money/withdrawal";
import { joinWaitlist } from "~/.server/services/waitlist/waitlist";

// The waitlist's cron and mail (ADR 28): the scheduled handler passes lapsed offers on, and
// the waitlist-mails job mails each opted-in player's news once, however often delivered.

async function offeredRound() {
  const round = await cappedRound(1);
  const [taken] = await fill(round.id, 1);
  const [a, b] = await Promise.all([claimedPlayer(), claimedPlayer()]);
  await testDb().update(users).set({ notifyWaitlist: true }).where(eq(users.id, a.user.id));
  for (const p of [a, b])
    await joinWaitlist(testDb(), { userId: p.user.id, roundId: round.id, division: "MA2", ace: true, autoConfirm: false });
  await withdrawEntry(testDb(), taken.id, { admin: true });
  return { round, a, b };
}

describe("the cron", () => {
  it("expires a lapsed offer and offers the place to the next player", async () => {
    const { round } = await offeredRound();
    const [first] = await listRows(round.id);
    await lapse(first!.id);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["expired", "offered"]);
  });
});

describe("a waitlist-mails job", () => {
  it("mails the opted-in player's offer once, delivered twice, and no one who did not opt in", async () => {
    const { round, a } = await offeredRound();
    const mail = recordMail();
    const job = { type: "waitlist-mails", id: crypto.randomUUID() };
    const id = messageId();
    for (const delivery of [
      { body: job, id },
      { body: job, id, attempts: 2 },
    ]) {
      const { result, ids } = await deliver([delivery], { send: mail.send });
      expect(result.explicitAcks).toEqual(ids);
    }
    const mine = mail.sent.filter((m) => m.subject.includes(round.name));
    expect(mine.map((m) => m.to)).toEqual([a.user.email]);
    expect(mine[0]!.subject).toContain("a place is yours if you confirm");
    expect(mine[0]!.text).toContain(`/rounds/${round.id}`);
    const [row] = await listRows(round.id);
    const [notice] = await testDb().select().from(waitlistNotices).where(eq(waitlistNotices.waitlistId, row!.id));
    expect(notice!.mailedAt).not.toBeNull();
  });
});
