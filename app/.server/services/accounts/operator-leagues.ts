import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leagueRowColumns, leagues, memberships, users } from "../../db/schema";
import { leagueOf } from "../../league";

// The operator's list of every league (ADR 46, /operator): its address, town, owner, when it
// was made and where it stands. The leagues, their owners' roles and accounts are all the
// deployment's tables: one statement, no league's rows.

export type OperatorLeague = {
  id: number;
  slug: string;
  name: string;
  town: string | null;
  ownerEmail: string | null;
  createdAt: number;
  isDefault: boolean;
  suspended: boolean;
  closed: boolean;
  /** Left off the front door, by the operator or by its owner. */
  hidden: boolean;
  hiddenByOperator: boolean;
};

/** Every league, the oldest first. */
export async function operatorLeagues(db: Db, vars: Parameters<typeof leagueOf>[1]): Promise<OperatorLeague[]> {
  const rows = await db
    .select({
      ...leagueRowColumns,
      town: leagues.town,
      hiddenByOwner: leagues.hiddenByOwner,
      hiddenByOperator: leagues.hiddenByOperator,
      createdAt: leagues.createdAt,
      ownerEmail: users.email,
    })
    .from(leagues)
    .leftJoin(memberships, and(eq(memberships.leagueId, leagues.id), eq(memberships.role, "owner")))
    .leftJoin(users, eq(users.id, memberships.userId))
    .orderBy(asc(leagues.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: leagueOf(row, vars).name,
    town: row.town,
    ownerEmail: row.ownerEmail,
    createdAt: row.createdAt,
    isDefault: row.isDefault,
    suspended: row.suspendedAt !== null,
    closed: row.closedAt !== null,
    hidden: row.hiddenByOperator || row.hiddenByOwner,
    hiddenByOperator: row.hiddenByOperator,
  }));
}
