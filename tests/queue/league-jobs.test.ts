import { createExecutionContext, createMessageBatch, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { nowSec, testDb } from "../fixtures";
import { messageId, recordMail } from "../job-fixtures";
import worker from "../worker";
import { forgetLeagues } from "../../workers/league-directory";
import { JOBS_QUEUE, type QueueEnv, handleQueue } from "../../workers/queue/consumer";
import { getDb } from "~/.server/db/client";
import { DEFAULT_LEAGUE_ID, claims, leagues, players, registrationMails, rounds } from "~/.server/db/schema";
import { choose } from "../registration-fixtures";

// Queue jobs and the cron act for a league of their own (ADR 46): a job names its league and
// runs on that league's rows, mailing that league's members with its name and addresses; a
// message from before leagues acts for the default league; the cron goes round every league.

let second: number;
beforeAll(async () => {
  const [row] = await testDb()
    .insert(leagues)
    .values({ slug: "jobs-second", name: "Second Thursday League", timeZone: "America/Denver" })
    .returning();
  second = row.id;
  forgetLeagues();
});
afterAll(() => forgetLeagues());

const roundValues = (leagueId: number, over: Partial<typeof rounds.$inferInsert> = {}) => ({
  leagueId,
  startsAt: nowSec() + 86_400,
  name: `Night ${leagueId}`,
  location: "Park",
  feePdgaCents: 0,
  feeCourseCents: 0,
  feeOtherCents: 0,
  aceCents: 0,
  payoutCents: 500,
  openForRegistration: true,
  ...over,
});

/** An opted-in account with an approved claim in `leagueId`. */
async function memberOf(leagueId: number) {
  const user = await makeUser();
  await choose(user.id, { notifyRegistration: true }, leagueId);
  const [player] = await testDb()
    .insert(players)
    .values({ leagueId, firstName: "Mem", lastName: `Ber${leagueId}`, division: "MA1" })
    .returning();
  await testDb().insert(claims).values({ leagueId, userId: user.id, playerId: player.id, status: "approved" });
  return user;
}

async function run(body: unknown, send = recordMail().send) {
  const batch = createMessageBatch(JOBS_QUEUE, [{ id: messageId(), timestamp: new Date(), attempts: 1, body }]);
  return handleQueue(batch, env as QueueEnv, { sendMail: send });
}

describe("a queue job of another league", () => {
  it("runs on that league's rows and mails its members only, under its name and address", async () => {
    const [ours, theirs] = [await memberOf(DEFAULT_LEAGUE_ID), await memberOf(second)];
    const [round] = await testDb().insert(rounds).values(roundValues(second)).returning();
    const mail = recordMail();
    const left = await run(
      { type: "registration-opened", id: crypto.randomUUID(), leagueId: second, roundId: round.id, day: "2026-12-02" },
      mail.send,
    );
    expect(mail.sent.map((m) => m.to)).toEqual([theirs.email]);
    expect(mail.sent[0]?.subject).toContain("Second Thursday League");
    expect(mail.sent[0]?.text).toContain(`/l/jobs-second/rounds/${round.id}`);
    expect(mail.sent.some((m) => m.to === ours.email)).toBe(false);
    // Its rows are the league's, and what it left is for that league's runner.
    const marks = await getDb(env.DB, second).select().from(registrationMails).where(eq(registrationMails.roundId, round.id));
    expect(marks.map((m) => m.leagueId)).toEqual([second]);
    expect(left.map((l) => l.leagueId)).toEqual([second]);
  });

  it("mails follow the league's own choices: an account in both leagues hears from the one it asked only", async () => {
    // Both members of both leagues: one asked the default league only, one the second league only.
    const [onlyOurs, onlyTheirs] = [await memberOf(DEFAULT_LEAGUE_ID), await memberOf(second)];
    for (const [user, leagueId] of [
      [onlyOurs, second],
      [onlyTheirs, DEFAULT_LEAGUE_ID],
    ] as const) {
      const [player] = await testDb()
        .insert(players)
        .values({ leagueId, firstName: "Both", lastName: "Leagues", division: "MA1" })
        .returning();
      await testDb().insert(claims).values({ leagueId, userId: user.id, playerId: player.id, status: "approved" });
    }
    await choose(onlyTheirs.id, { notifyRegistration: false }, DEFAULT_LEAGUE_ID);
    const [theirRound] = await testDb().insert(rounds).values(roundValues(second)).returning();
    const [ourRound] = await testDb().insert(rounds).values(roundValues(DEFAULT_LEAGUE_ID)).returning();
    const mail = recordMail();
    await run(
      { type: "registration-opened", id: crypto.randomUUID(), leagueId: second, roundId: theirRound.id, day: "2026-12-03" },
      mail.send,
    );
    const inSecond = mail.sent.map((m) => m.to);
    expect(inSecond).toContain(onlyTheirs.email);
    expect(inSecond).not.toContain(onlyOurs.email);
    // Its way out names the second league: that league's mail only.
    const theirs = mail.sent.find((m) => m.to === onlyTheirs.email);
    expect(theirs?.text).toMatch(new RegExp(`/unsubscribe\\?u=${onlyTheirs.id}&l=${second}&t=`));
    mail.sent.length = 0;
    await run(
      { type: "registration-opened", id: crypto.randomUUID(), leagueId: DEFAULT_LEAGUE_ID, roundId: ourRound.id, day: "2026-12-03" },
      mail.send,
    );
    const inOurs = mail.sent.map((m) => m.to);
    expect(inOurs).toContain(onlyOurs.email);
    expect(inOurs).not.toContain(onlyTheirs.email);
  });

  it("a job naming another league's round does nothing there", async () => {
    await memberOf(DEFAULT_LEAGUE_ID);
    const [round] = await testDb().insert(rounds).values(roundValues(DEFAULT_LEAGUE_ID)).returning();
    const mail = recordMail();
    await run({ type: "registration-opened", id: crypto.randomUUID(), leagueId: second, roundId: round.id, day: "2026-12-02" }, mail.send);
    expect(mail.sent).toEqual([]);
    expect(await testDb().select().from(registrationMails).where(eq(registrationMails.roundId, round.id))).toEqual([]);
  });

  it("a message from before leagues (no league named) acts for the default league", async () => {
    const ours = await memberOf(DEFAULT_LEAGUE_ID);
    const [round] = await testDb().insert(rounds).values(roundValues(DEFAULT_LEAGUE_ID)).returning();
    const mail = recordMail();
    const left = await run({ type: "registration-opened", id: crypto.randomUUID(), roundId: round.id, day: "2026-12-02" }, mail.send);
    expect(mail.sent.map((m) => m.to)).toContain(ours.email);
    expect(left.map((l) => l.leagueId)).toEqual([DEFAULT_LEAGUE_ID]);
  });

  it("a job of a league that is gone is dropped, not retried", async () => {
    const mail = recordMail();
    const left = await run({ type: "waitlist-mails", id: crypto.randomUUID(), leagueId: 987_654 }, mail.send);
    expect(left).toEqual([]);
    expect(mail.tried).toEqual([]);
  });
});

describe("the cron", () => {
  it("closes the started rounds of every active league, each in its own league", async () => {
    const started = { startsAt: nowSec() - 60 };
    const [a] = await testDb().insert(rounds).values(roundValues(DEFAULT_LEAGUE_ID, started)).returning();
    const [b] = await testDb().insert(rounds).values(roundValues(second, started)).returning();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    const open = await testDb()
      .select({ id: rounds.id, open: rounds.openForRegistration })
      .from(rounds)
      .where(and(eq(rounds.openForRegistration, true), eq(rounds.startsAt, started.startsAt)));
    expect(open.filter((r) => r.id === a.id || r.id === b.id)).toEqual([]);
  });
});
