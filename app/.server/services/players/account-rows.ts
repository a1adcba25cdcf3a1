import { and, eq } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { cardMails, claims, entries, leaguePrefs, payments, players, registrationMails, sidePotMarks, waitlist } from "../../db/schema";

// A league's rows name accounts by id without a foreign key (ADR 46): an account is the
// deployment's and may be deleted while the leagues keep their history. What the foreign
// keys to users once did on a delete, these statements do, in the query builder's league
// only: the account's delete queues one job per league to run them (ADR 44).

/**
 * The statements that let go of account `userId` in the league's rows: its claims, waitlist
 * places, mail marks and preferences (its calendar feed with them) go; the records, payments,
 * check-ins and side pot marks it touched stay, no longer naming it. Run again, they change
 * nothing: the account's id is never given to another (AUTOINCREMENT).
 */
export function releaseAccountRows(db: Db, userId: number) {
  return [
    db.delete(claims).where(and(inLeague(db, claims), eq(claims.userId, userId))),
    db.delete(waitlist).where(and(inLeague(db, waitlist), eq(waitlist.userId, userId))),
    db.delete(registrationMails).where(and(inLeague(db, registrationMails), eq(registrationMails.userId, userId))),
    db.delete(cardMails).where(and(inLeague(db, cardMails), eq(cardMails.userId, userId))),
    db.delete(leaguePrefs).where(and(inLeague(db, leaguePrefs), eq(leaguePrefs.userId, userId))),
    db
      .update(players)
      .set({ createdByUserId: null })
      .where(and(inLeague(db, players), eq(players.createdByUserId, userId))),
    db
      .update(payments)
      .set({ userId: null })
      .where(and(inLeague(db, payments), eq(payments.userId, userId))),
    db
      .update(entries)
      .set({ checkedInBy: null })
      .where(and(inLeague(db, entries), eq(entries.checkedInBy, userId))),
    db
      .update(sidePotMarks)
      .set({ byUserId: null })
      .where(and(inLeague(db, sidePotMarks), eq(sidePotMarks.byUserId, userId))),
  ] as const;
}

/** The job's work: the league's rows let go of the deleted account, in one guarded batch. */
export async function releaseAccount(db: Db, userId: number): Promise<void> {
  await db.batch(releaseAccountRows(db, userId));
}
