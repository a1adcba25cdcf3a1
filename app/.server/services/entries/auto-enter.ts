import { and, eq, sql } from "drizzle-orm";
import { type Db, checkFailed, inLeague, uniqueViolation } from "../../db/client";
import { waitlist } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { AppError, conflict } from "../../errors";
import type { FollowUp } from "../../follow-ups";
import { commitRoundChange } from "./participants";
import { creditSignUpChange } from "./credit-change";
import type { quoteSignUp } from "~/lib/signup/pricing";

/** A waiting player auto-entry can enter: their place on the list, who they are, their credit. */
export type AutoEntrant = {
  id: number;
  playerId: number;
  userId: number;
  name: string;
  division: string;
  ace: boolean;
  balanceCents: number;
};

/**
 * Enters a waiting player at once, paid by credit: a normal credit sign-up (its payment,
 * entry and audit rows) in one batch with their place on the list closed, guarded by the
 * caps and their balance. False when the place or the credit went meanwhile (then they are
 * offered it, or stay on the list).
 */
export async function autoEnter(
  db: Db,
  roundId: number,
  w: AutoEntrant,
  quote: ReturnType<typeof quoteSignUp>,
  now: number,
): Promise<FollowUp[] | null> {
  try {
    const done = await commitRoundChange(db, roundId, (state) => {
      if (state.entries.some((e) => e.playerId === w.playerId)) throw conflict("already entered");
      const close = db
        .update(waitlist)
        .set({ status: "auto_entered", closedAt: now })
        .where(and(inLeague(db, waitlist), eq(waitlist.id, w.id), eq(waitlist.status, "waiting")));
      // The player left the list while this was planned: nothing is written.
      const stillThere = writeGuard(
        db,
        "fieldFull",
        sql`not exists (select 1 from ${waitlist} where league_id = ${db.leagueId} and id = ${w.id} and status = 'auto_entered')`,
      );
      const player = { id: w.playerId, name: w.name, balanceCents: w.balanceCents };
      return creditSignUpChange(db, state, { userId: w.userId, roundId, division: w.division, ace: w.ace, player, quote }, [
        close,
        stillThere,
      ]);
    });
    return done.followUps;
  } catch (err) {
    if (err instanceof AppError || uniqueViolation(err) || checkFailed(err, "field_full")) return null;
    throw err;
  }
}
