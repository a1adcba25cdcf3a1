import type { Db } from "../db/client";
import { getUserDetail } from "../services/accounts/user-list";
import { linkedPlayerMoneyHistory, userMoneyChanges } from "../services/audit/audit-log";
import { paymentsOfUser } from "../services/money/payments";
import { claimsForUser } from "../services/players/claims";
import { unapprovedOwnRecords } from "../services/players/own-records";

// A user's admin page (/admin/user/{id}): the account and its claims, payments, the money
// changes they made, the player records they added, and their linked player's money
// history, all asked at once (one batch, ADR 41). An unknown user's 404 wins, and so does a
// user who is not among the league's people when the league's admin asks (`league`, ADR 47).

export async function adminUserPage(db: Db, userId: number, timeZone: string, league?: { isDefault: boolean }) {
  // The linked player's history is read by the user's id (the claim is looked up in the
  // same query), so it goes beside the rest rather than after the user's row.
  const [user, claims, payments, made, records, linkedHistory] = await Promise.all([
    getUserDetail(db, userId, league),
    claimsForUser(db, userId),
    paymentsOfUser(db, userId),
    userMoneyChanges(db, userId, timeZone),
    unapprovedOwnRecords(db, userId),
    linkedPlayerMoneyHistory(db, userId, timeZone),
  ]);
  return { user, claims, payments, made, records, playerHistory: user.linkedPlayerId ? linkedHistory : null };
}
