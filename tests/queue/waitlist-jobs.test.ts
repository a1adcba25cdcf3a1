import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb } from "../fixtures";
import { deliver, messageId, recordMail } from "../job-fixtures";
import { lapse, listRows, offeredRound } from "../waitlist-fixtures";
import worker from "../worker";
import { claims, waitlistNotices } from "~/.server/db/schema";
import { choose } from "../registration-fixtures";

// The waitlist's cron and mail (ADR 28): the scheduled handler passes lapsed offers on, and
// the waitlist-mails job mails each opted-in player's news once, however often delivered.

/** The offered round of the fixtures, its first player opted in to the waitlist's mail. */
async function mailedRound() {
  const made = await offeredRound();
  await choose(made.a.user.id, { notifyWaitlist: true });
  return made;
}

describe("the cron", () => {
  it("expires a lapsed offer and offers the place to the next player", async () => {
    const { round } = await mailedRound();
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
    const { round, a } = await mailedRound();
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

  it("mails no one who is no longer the league's member as it sends (their claim undone since)", async () => {
    const { round, a } = await mailedRound();
    await testDb().update(claims).set({ status: "withdrawn" }).where(eq(claims.userId, a.user.id));
    const mail = recordMail();
    await deliver([{ body: { type: "waitlist-mails", id: crypto.randomUUID() }, id: messageId() }], { send: mail.send });
    expect(mail.sent.filter((m) => m.subject.includes(round.name))).toEqual([]);
  });
});
