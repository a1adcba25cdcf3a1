import { and, asc, desc, eq, notExists, or, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { accountIn, afterGuard, idsOf } from "../../db/account-names";
import { fullNameSql } from "../../db/player-name";
import { claims, memberships, players, users } from "../../db/schema";
import { currentClaimOf } from "../players/claim-state";
import { notFound } from "../../errors";
import { fullName } from "~/lib/players/player-name";

// The accounts as the admin pages list them, each with its claim state in the request's
// league. Accounts are the deployment's and claims the league's (ADR 46): the two are read
// apart, never joined, and put together here. The operator sees every account; a league's
// admin sees the league's people only (ADR 47): accounts with a role or a claim here, and in
// the default league also those that belong to no league yet, as its mail does
// (services/players/league-member.ts).

/** A user as the admin pages list them, with the claim state and linked player. */
export type AdminUser = {
  id: number;
  name: string;
  email: string;
  lastLogin: number | null;
  createdAt: number;
  locked: boolean;
  isOperator: boolean;
  linkedPlayerId: number | null;
  linkedPlayerName: string | null;
  claimStatus: string | null;
};

/** A claim the user made, with the claimed player's name. */
export type UserClaim = {
  id: number;
  playerId: number;
  status: string;
  note: string | null;
  createdAt: number;
  firstName: string;
  lastName: string;
};

export type AdminUserDetail = AdminUser & { claims: UserClaim[] };

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  locked: users.locked,
  isOperator: users.isOperator,
};
type Account = Omit<AdminUser, "linkedPlayerId" | "linkedPlayerName" | "claimStatus">;
type ClaimOfList = { userId: number; id: number; playerId: number; status: string; updatedAt: number; playerName: string };

/** The league's claims, with what the list shows of each (ADR 46). */
const leagueClaims = (db: Db) =>
  db
    .select({
      userId: claims.userId,
      id: claims.id,
      playerId: claims.playerId,
      status: claims.status,
      updatedAt: claims.updatedAt,
      playerName: fullNameSql(players),
    })
    .from(claims)
    .innerJoin(players, eq(players.id, claims.playerId))
    .where(inLeague(db, claims));

/** An account with its claim state here: the approved claim links it; operators claim no player. */
function withClaimState(account: Account, own: readonly (Omit<ClaimOfList, "userId" | "playerName"> & { playerName?: string })[]) {
  const current = currentClaimOf(own);
  const linked = current?.status === "approved" ? current : null;
  return {
    ...account,
    linkedPlayerId: linked?.playerId ?? null,
    linkedPlayerName: linked?.playerName ?? null,
    claimStatus: account.isOperator ? null : (current?.status ?? null),
  };
}

function listOf(accounts: Account[], claimList: ClaimOfList[]): AdminUser[] {
  const byUser = new Map<number, ClaimOfList[]>();
  for (const c of claimList) byUser.set(c.userId, [...(byUser.get(c.userId) ?? []), c]);
  return accounts
    .map((a) => withClaimState(a, byUser.get(a.id) ?? []))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
}

/** Every account of the deployment, by name (the operator's list), with its claim state here: one trip. */
export async function listUsers(db: Db): Promise<AdminUser[]> {
  const [accounts, claimList] = await Promise.all([db.select(accountColumns).from(users).orderBy(asc(users.name)), leagueClaims(db)]);
  return listOf(accounts, claimList);
}

/** Has a role in the request's league (a deployment read: memberships are the accounts'). */
const memberHere = (db: Db) =>
  sql`${users.id} in (select ${memberships.userId} from ${memberships} where ${memberships.leagueId} = ${db.leagueId})`;
/** Has a role in no league at all. */
const noRole = notExists(sql`(select 1 from ${memberships} where ${memberships.userId} = ${users.id})`);

/**
 * The accounts holding an approved claim in a league other than the request's (a default
 * league's list leaves them out of "no league yet", as its mail does): their ids only.
 */
const approvedElsewhere = (db: Db, userId?: number) =>
  db
    .selectDistinct({ userId: claims.userId })
    .from(claims)
    .where(
      and(
        // League by league (the claims' indexes lead with the league), every league but this one.
        sql`${claims.leagueId} in (select id from leagues where id <> ${db.leagueId})`,
        eq(claims.status, "approved"),
        userId === undefined ? undefined : eq(claims.userId, userId),
      ),
    );

/**
 * The request's league's people, by name: its members (a role here) and those who claim a
 * player here; in the default league also the accounts that belong to no league. The members
 * and the role-less accounts are read beside the claims; a claimant not among them (a role in
 * another league only) is read after, by id: a second trip only then.
 */
export async function listLeaguePeople(db: Db, league: { isDefault: boolean }): Promise<AdminUser[]> {
  const [known, claimList, elsewhere] = await Promise.all([
    db
      .select({ ...accountColumns, member: memberHere(db).mapWith(Boolean) })
      .from(users)
      .where(league.isDefault ? or(memberHere(db), noRole) : memberHere(db)),
    leagueClaims(db),
    league.isDefault ? approvedElsewhere(db) : [],
  ]);
  const claimants = new Set(claimList.map((c) => c.userId));
  const others = new Set(elsewhere.map((e) => e.userId));
  const people = known.filter((a) => a.member || claimants.has(a.id) || !others.has(a.id));
  const missing = idsOf(claimants).filter((id) => !known.some((a) => a.id === id));
  if (missing.length > 0) await afterGuard(db);
  const more = missing.length > 0 ? await db.select(accountColumns).from(users).where(accountIn(missing)) : [];
  return listOf([...people.map(({ member: _, ...a }) => a), ...more], claimList);
}

/**
 * One account with every claim it made here; 404 for no such account, or, with `league`, for
 * one that is not among that league's people (a league's admin asking, ADR 47). One trip.
 */
export async function getUserDetail(db: Db, id: number, league?: { isDefault: boolean }): Promise<AdminUserDetail> {
  const [[account], claimList, [elsewhere]] = await Promise.all([
    db
      .select({ ...accountColumns, member: memberHere(db).mapWith(Boolean), noRole: sql`${noRole}`.mapWith(Boolean) })
      .from(users)
      .where(eq(users.id, id)),
    db
      .select({
        id: claims.id,
        playerId: claims.playerId,
        status: claims.status,
        note: claims.note,
        createdAt: claims.createdAt,
        updatedAt: claims.updatedAt,
        firstName: players.firstName,
        lastName: players.lastName,
      })
      .from(claims)
      .innerJoin(players, eq(players.id, claims.playerId))
      .where(and(inLeague(db, claims), eq(claims.userId, id)))
      .orderBy(desc(claims.createdAt)),
    league?.isDefault ? approvedElsewhere(db, id) : [],
  ]);
  if (!account) throw notFound("User not found");
  const { member, noRole: roleless, ...rest } = account;
  const unaffiliated = league?.isDefault === true && roleless && !elsewhere;
  if (league && !member && claimList.length === 0 && !unaffiliated) throw notFound("User not found");
  const own = claimList.map((c) => ({ ...c, playerName: fullName(c) }));
  return { ...withClaimState(rest, own), claims: claimList.map(({ updatedAt: _, ...c }) => c) };
}
