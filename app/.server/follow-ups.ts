import type { Db } from "./db/client";
import type { Notice } from "~/schemas/notices";

// What a write leaves to do after its batch (ADR 44), as values its service returns, so a
// reader of the call sees it: ratings to recompute from a date, bag tags to swap again from
// a date, a round's waitlist to settle (a place was freed), the waitlist's news to mail, a
// deleted account's rows to let go of in each league, a message to make or deliver. One
// runner (workers/after-write.ts) does them for the fetch, the queue, the cron and the live
// round alike, in its stated order, after the request's own writes. Cache purges are not
// among them: they are derived from the tables the writes touched (ADR 11) — but for a
// league whose address changed (a new slug, the default moved), whose every page is stale
// whatever it read (ADR 46).

export type FollowUp =
  | { kind: "rerate"; since: number }
  | { kind: "sync-tags"; from: number }
  | { kind: "settle-waitlist"; roundId: number }
  | { kind: "mail-waitlist" }
  | { kind: "purge-league"; leagueId: number }
  // A deleted account, let go of in each league's rows by a job of that league's (ADR 46).
  | { kind: "release-account"; userId: number; leagueIds: readonly number[] }
  // A message made by the write, delivered by a job (ADR 49).
  | { kind: "deliver-message"; key: string }
  // Something the league tells its players by itself, made and delivered by a job (ADR 49).
  | { kind: "notify"; notice: Notice }
  // A cancelled round's PayPal payment its player asked back (ADR 50): a job refunds the
  // capture through the league's PayPal and records the refund; services never call PayPal.
  | { kind: "refund-payment"; paymentId: number; amountCents: number };

/** A write's answer and what it leaves for after its batch. */
export type Committed<T> = { value: T; followUps: FollowUp[] };

export const rerate = (since: number): FollowUp => ({ kind: "rerate", since });
export const syncTagsFrom = (from: number): FollowUp => ({ kind: "sync-tags", from });
export const settleWaitlistOf = (roundId: number): FollowUp => ({ kind: "settle-waitlist", roundId });
export const MAIL_WAITLIST: FollowUp = { kind: "mail-waitlist" };
export const purgeLeague = (leagueId: number): FollowUp => ({ kind: "purge-league", leagueId });
export const deliverMessage = (key: string): FollowUp => ({ kind: "deliver-message", key });
export const notify = (notice: Notice): FollowUp => ({ kind: "notify", notice });
export const refundPayment = (paymentId: number, amountCents: number): FollowUp => ({ kind: "refund-payment", paymentId, amountCents });

/** A write's answer that leaves nothing for after it (a card started). */
export const alone = <T>(value: T): Committed<T> => ({ value, followUps: [] });

/** A committed change's answer, for a write that can leave nothing behind (a payment, a check-in). */
export function nothingAfter<T>(done: Committed<T>): T {
  if (done.followUps.length > 0) throw new Error(`unexpected follow-ups: ${JSON.stringify(done.followUps)}`);
  return done.value;
}

// What a request's handlers hand over, kept per request by its D1 binding (the Worker makes
// one per request, workers/request-scope.ts) until the runner takes it after the handler.
const handed = new WeakMap<object, FollowUp[]>();

/** Hands a write's follow-ups to the request's runner: the route's handler or action does it, not a service. */
export function handOver(db: Db, followUps: readonly FollowUp[]): void {
  if (followUps.length === 0) return;
  const key = db.$client;
  handed.set(key, [...(handed.get(key) ?? []), ...followUps]);
}

/** The committed change's answer, its follow-ups handed to the request's runner. */
export function handedOver<T>(db: Db, done: Committed<T>): T {
  handOver(db, done.followUps);
  return done.value;
}

/** What was handed over on this binding, taken by the runner. */
export function takeFollowUps(binding: object): FollowUp[] {
  const list = handed.get(binding) ?? [];
  handed.delete(binding);
  return list;
}

// The request's runner, as the Worker sets it up for the request (workers/worker.ts).
const runners = new WeakMap<object, (followUps: FollowUp[]) => Promise<void>>();

export function registerRunner(binding: object, run: (followUps: FollowUp[]) => Promise<void>): void {
  runners.set(binding, run);
}

/**
 * Runs what was handed over so far, now, for an answer that shows its outcome (the caps
 * saved, with the places they freed already offered). The Worker's runner then has nothing
 * left but the purge. Outside the Worker (a test calling the app), nothing runs here.
 */
export async function runHandedOverNow(db: Db): Promise<void> {
  const run = runners.get(db.$client);
  if (run) await run(takeFollowUps(db.$client));
}
