import type { FollowUp } from "~/.server/follow-ups";
import type { Db } from "~/.server/db/client";
import { enqueue, enqueueAll, newJobId } from "~/.server/jobs";
import { syncTags } from "~/.server/services/tags/tag-sync";
import { settleWaitlistAfter } from "~/.server/services/entries/waitlist-promote";
import { queueWaitlistMails } from "~/.server/services/waitlist/waitlist-mails";

// Step "after the write" (ADR 44): what a request's, a queue job's, the cron's or the live
// round's writes left to do, run once, in this order:
//   1. the bag tags' swap, from the earliest date any write asked (ADR 27);
//   2. each round's waitlist settled once (ADR 28): a place freed goes to the next player,
//      an auto-entry being a round write of its own whose follow-ups join these;
//   3. the cache purge of every table written, the steps above included (ADR 11), and of
//      every page of a league whose address changed (ADR 46);
//   4. one re-rating job from the earliest date asked (ADR 17);
//   5. one job mailing the waitlist's news, when there is any (ADR 28);
//   6. a deleted account's jobs, one per league it is let go of in (ADR 46);
//   7. one delivery job per message the writes made, and one job per notice the league
//      tells its players by itself, which makes its message and delivers it (ADR 49);
//   8. one job per PayPal payment of a cancelled round asked back to PayPal (ADR 50).
// The writes stand whatever happens here: a step that fails is logged, and the next write
// (or the cron, for the waitlist) does it again.

export type AfterWrite = {
  /** The same D1 binding as the writes, so the purge sees what the steps write too. */
  db: Db;
  jobs: Queue;
  /** The request's origin, for the links of a mail when served locally. */
  origin?: string;
  /** The entry point's purge of what its binding wrote; none for a run a handler asks early. */
  purge?: () => Promise<unknown>;
  /** The entry point's purge of every page of a league (its address changed). */
  purgeLeague?: (leagueId: number) => Promise<unknown>;
};

const earliest = (dates: number[]) => (dates.length > 0 ? Math.min(...dates) : undefined);

async function logged(what: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (err) {
    console.error(`After the write: could not ${what}`, err);
  }
}

export async function runAfterWrite(ctx: AfterWrite, followUps: readonly FollowUp[]): Promise<void> {
  const all = [...followUps];
  const from = earliest(all.flatMap((f) => (f.kind === "sync-tags" ? [f.from] : [])));
  if (from !== undefined) await logged("swap the bag tags", () => syncTags(ctx.db, from));
  const rounds = [...new Set(all.flatMap((f) => (f.kind === "settle-waitlist" ? [f.roundId] : [])))];
  for (const roundId of rounds) {
    await logged(`settle the waitlist of round ${roundId}`, async () => all.push(...(await settleWaitlistAfter(ctx.db, roundId))));
  }
  await ctx.purge?.();
  for (const leagueId of new Set(all.flatMap((f) => (f.kind === "purge-league" ? [f.leagueId] : []))))
    await logged(`purge the pages of league ${leagueId}`, async () => ctx.purgeLeague?.(leagueId));
  const since = earliest(all.flatMap((f) => (f.kind === "rerate" ? [f.since] : [])));
  if (since !== undefined)
    await logged(`queue the re-rating from ${since}`, () =>
      enqueue(ctx.jobs, { type: "ratings", id: newJobId(), leagueId: ctx.db.leagueId, since }),
    );
  if (all.some((f) => f.kind === "mail-waitlist")) await queueWaitlistMails(ctx.db, ctx.jobs, ctx.origin);
  for (const f of all) {
    if (f.kind !== "release-account") continue;
    const jobs = f.leagueIds.map((leagueId) => ({ type: "release-account" as const, id: newJobId(), leagueId, userId: f.userId }));
    await logged(`queue the release of account ${f.userId}`, () => enqueueAll(ctx.jobs, jobs));
  }
  const keys = [...new Set(all.flatMap((f) => (f.kind === "deliver-message" ? [f.key] : [])))];
  const deliveries = keys.map((key) => ({
    type: "deliver-message" as const,
    id: newJobId(),
    leagueId: ctx.db.leagueId,
    key,
    ...(ctx.origin ? { origin: ctx.origin } : {}),
  }));
  if (deliveries.length > 0) await logged(`queue the delivery of ${keys.join(", ")}`, () => enqueueAll(ctx.jobs, deliveries));
  const notices = [...new Map(all.flatMap((f) => (f.kind === "notify" ? [[JSON.stringify(f.notice), f.notice] as const] : []))).values()];
  const notes = notices.map((notice) => ({
    type: "notify" as const,
    id: newJobId(),
    leagueId: ctx.db.leagueId,
    notice,
    ...(ctx.origin ? { origin: ctx.origin } : {}),
  }));
  if (notes.length > 0) await logged(`queue ${notes.length} notices`, () => enqueueAll(ctx.jobs, notes));
  const refunds = [...new Map(all.flatMap((f) => (f.kind === "refund-payment" ? [[f.paymentId, f] as const] : []))).values()].map((f) => ({
    type: "refund-payment" as const,
    id: newJobId(),
    leagueId: ctx.db.leagueId,
    paymentId: f.paymentId,
    amountCents: f.amountCents,
    ...(ctx.origin ? { origin: ctx.origin } : {}),
  }));
  if (refunds.length > 0)
    await logged(`queue the PayPal refunds of payments ${refunds.map((r) => r.paymentId).join(", ")}`, () => enqueueAll(ctx.jobs, refunds));
}
