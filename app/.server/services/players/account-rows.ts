import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cardMails, claims, entries, payments, players, registrationMails, sidePotMarks, waitlist } from "../../db/schema";

// A league's rows name accounts by id without a foreign key (ADR 46): an account is the
// deployment's and may be deleted while the leagues keep their history. What the foreign
// keys to users once did on a delete, these statements do, in every league of this database.

/**
 * The statements that let go of account `userId` in the leagues' rows: its claims, waitlist
 * places and mail marks go; the records, payments, check-ins and side pot marks it touched
 * stay, no longer naming it.
 */
export function releaseAccountRows(db: Db, userId: number) {
  return [
    db.delete(claims).where(eq(claims.userId, userId)),
    db.delete(waitlist).where(eq(waitlist.userId, userId)),
    db.delete(registrationMails).where(eq(registrationMails.userId, userId)),
    db.delete(cardMails).where(eq(cardMails.userId, userId)),
    db.update(players).set({ createdByUserId: null }).where(eq(players.createdByUserId, userId)),
    db.update(payments).set({ userId: null }).where(eq(payments.userId, userId)),
    db.update(entries).set({ checkedInBy: null }).where(eq(entries.checkedInBy, userId)),
    db.update(sidePotMarks).set({ byUserId: null }).where(eq(sidePotMarks.byUserId, userId)),
  ] as const;
}
