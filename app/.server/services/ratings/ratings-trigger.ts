import { and, eq } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { rounds } from "../../db/schema";
import { notFound } from "../../errors";
import { enqueue, newJobId } from "../../jobs";

/**
 * Queues a re-rating from a round's date on, or of every round (null): the admin's way to
 * rate a league whose scores predate ratings, after a deploy (404 for an unknown round).
 */
export async function queueRatingsFrom(db: Db, jobs: Queue, roundId: number | null): Promise<void> {
  let since: number | undefined;
  if (roundId !== null) {
    const [round] = await db
      .select({ startsAt: rounds.startsAt })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));
    if (!round) throw notFound("Round not found");
    since = round.startsAt;
  }
  await enqueue(jobs, { type: "ratings", id: newJobId(), leagueId: db.leagueId, since });
}
