import { and, gte, isNull } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { waitlistNotices } from "../../db/schema";
import { enqueue, newJobId } from "../../jobs";
import { nowSeconds } from "~/lib/shared/time";

// The waitlist's news (ADR 28) is told by a job: services/messages/waitlist-notices.ts makes
// each notice's message (ADR 49). A notice older than a day is news no longer.

/** How long a notice is news: one older is never told (an account that joins later hears nothing of it). */
export const FRESH_SECONDS = 86_400;

/**
 * The after-write runner's step (workers/after-write.ts), when a write left the waitlist
 * news (its notices, written by triggers as a place on the list changes): one job to tell
 * them, when there are any. The write stands whatever happens here; notices not told wait
 * for the next.
 */
export async function queueWaitlistMails(db: Db, jobs: Queue, origin?: string): Promise<void> {
  try {
    const [unmailed] = await db
      .select({ id: waitlistNotices.id })
      .from(waitlistNotices)
      .where(
        and(inLeague(db, waitlistNotices), isNull(waitlistNotices.mailedAt), gte(waitlistNotices.createdAt, nowSeconds() - FRESH_SECONDS)),
      )
      .limit(1);
    if (unmailed) await enqueue(jobs, { type: "waitlist-mails", id: newJobId(), leagueId: db.leagueId, origin });
  } catch (err) {
    console.error("Could not queue the waitlist messages", err);
  }
}
