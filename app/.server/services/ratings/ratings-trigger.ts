import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rounds } from "../../db/schema";
import { notFound } from "../../errors";
import { enqueue, newJobId } from "../../jobs";

// A write that changes a round's scores (or moves a played round to another date) marks
// the ratings stale from that round's date on; the Worker queues one "ratings" job per
// request after the response is made (workers/worker.ts), so the admin's save does not
// wait for the re-rating (ADR 17). Marks are kept per D1 binding: the Worker makes one per
// request, so requests never see each other's marks.
const staleSince = new WeakMap<object, number>();

/** Ratings of rounds dated `since` or later need re-rating once this request is done. */
export function markRatingsStale(db: Db, since: number): void {
  const key = db.$client;
  const now = staleSince.get(key);
  staleSince.set(key, now === undefined ? since : Math.min(now, since));
}

/** Queues the re-rating this request's writes asked for, if any (and forgets the mark). */
export async function queueStaleRatings(jobs: Queue, d1: D1Database): Promise<void> {
  const since = staleSince.get(d1);
  if (since === undefined) return;
  staleSince.delete(d1);
  try {
    await enqueue(jobs, { type: "ratings", id: newJobId(), since });
  } catch (err) {
    // The save itself went through: it must not answer 500. The next save re-rates from its
    // round, or an admin from this one (POST /api/admin/ratings/recompute).
    console.error(`Could not queue the re-rating from ${since}`, err);
  }
}

/**
 * Queues a re-rating from a round's date on, or of every round (null): the admin's way to
 * rate a league whose scores predate ratings, after a deploy (404 for an unknown round).
 */
export async function queueRatingsFrom(db: Db, jobs: Queue, roundId: number | null): Promise<void> {
  let since: number | undefined;
  if (roundId !== null) {
    const [round] = await db.select({ startsAt: rounds.startsAt }).from(rounds).where(eq(rounds.id, roundId));
    if (!round) throw notFound("Round not found");
    since = round.startsAt;
  }
  await enqueue(jobs, { type: "ratings", id: newJobId(), since });
}
