import { and, eq } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { rounds } from "../../db/schema";
import { roundPots } from "../sidepots/pot-view";
import { liveRound } from "./live-object";
import { livePublishedAt } from "./live-roster";

// The side pots of a round scored live (ADR 26, ADR 30): their marks live in D1, not in the
// round's object, so after a mark or a settle the Worker hands the object the pots as they
// now stand and it tells the round page's sockets. A round whose cards are not published has
// no live page to tell, and its object is left unmade.

/** Tells the round's followers its side pots after a change to them; a failure only means a follower waits for a reload. */
export async function tellPots(env: Env, db: Db, roundId: number): Promise<void> {
  try {
    const [round] = await db
      .select({ publishedAt: livePublishedAt })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));
    if (round?.publishedAt == null) return;
    await liveRound(env, db.leagueId, roundId).pots(await roundPots(db, roundId));
  } catch (err) {
    console.error("Could not tell the live round its side pots", roundId, err);
  }
}
