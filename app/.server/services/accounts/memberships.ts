import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { memberships, users } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { membershipAudit } from "./membership-audit";
import { type GrantableRole, type LeagueRole, STAFF_ROLES, isStaff } from "~/lib/accounts/roles";

// A league's roles (ADR 47): the owner grants and revokes admin and director, and passes the
// league on. A `player` membership (joined by code or invitation) runs nothing: taking a
// staff role back leaves its holder a player of the league, and only the member leaves it. Memberships are the deployment's rows (like users), so they are read with the
// account's name; every change is one batch with its league audit row (./membership-audit.ts),
// written only when the change changes something.

export const ROLE_MESSAGES = {
  noUser: "User not found",
  ownerStays: "A league always has an owner: transfer ownership to another member first.",
  alreadyOwner: "That user already owns this league.",
  notMember: "That user holds no role in this league.",
  ownerLeaves: "You own this league: transfer ownership to another member before you leave it.",
  notJoined: "You are not a member of this league.",
  changed: "The league's roles changed since you opened them. Reload and try again.",
} as const;

export type Member = { userId: number; name: string; email: string; role: LeagueRole; grantedAt: number; grantedBy: string | null };

/**
 * Who holds a role in the league: the owner first, then admins, then directors, by name; with
 * `players`, its players (joined, running nothing) after them.
 */
export function listMembers(db: Db, leagueId: number, opts: { players?: boolean } = {}): Promise<Member[]> {
  const granter = alias(users, "granter");
  return db
    .select({
      userId: memberships.userId,
      name: users.name,
      email: users.email,
      role: memberships.role,
      grantedAt: memberships.grantedAt,
      grantedBy: granter.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(granter, eq(granter.id, memberships.grantedBy))
    .where(and(eq(memberships.leagueId, leagueId), opts.players ? undefined : inArray(memberships.role, [...STAFF_ROLES])))
    .orderBy(
      sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 when 'director' then 2 else 3 end`,
      asc(users.name),
      asc(users.id),
    );
}

type Target = { id: number; name: string; role: LeagueRole | null };

/**
 * Who changes a role: their account id, and their name as the guard's verified session read
 * it (a promise while the session is read beside the change's own reads, ADR 41).
 */
export type RoleActor = { id: number; name: string | PromiseLike<string> };

/** The actor with their name, and the target, read together. */
async function actorAnd(db: Db, leagueId: number, actor: RoleActor, userId: number) {
  const [name, target] = await Promise.all([actor.name, targetOf(db, leagueId, userId)]);
  return { actor: { id: actor.id, name }, target };
}

/** The account and its role here, in one read; 404 for no such account. */
async function targetOf(db: Db, leagueId: number, userId: number): Promise<Target> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      role: sql<LeagueRole | null>`(select ${memberships.role} from ${memberships} where ${memberships.leagueId} = ${leagueId} and ${memberships.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound(ROLE_MESSAGES.noUser);
  return row;
}

/** The account with this email, for the Roles panel's form; 404 for none. */
export async function userIdByEmail(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!row) throw notFound(ROLE_MESSAGES.noUser);
  return row.id;
}

const memberIs = (leagueId: number, userId: number) => and(eq(memberships.leagueId, leagueId), eq(memberships.userId, userId));

/**
 * Gives `userId` the role admin or director here. The same grant again changes nothing and
 * writes no audit row; the owner's role is never changed this way (a transfer passes it on).
 */
export async function grantRole(
  db: Db,
  leagueId: number,
  by: RoleActor,
  userId: number,
  role: GrantableRole,
): Promise<{ changed: boolean; name: string }> {
  const { actor, target } = await actorAnd(db, leagueId, by, userId);
  if (target.role === "owner") throw conflict(ROLE_MESSAGES.ownerStays);
  if (target.role === role) return { changed: false, name: target.name };
  const [, written] = await db.batch([
    // First, while the row is as it was: audited only if this batch changes it.
    membershipAudit(db, { leagueId, actor, member: target, to: role }),
    db
      .insert(memberships)
      .values({ leagueId, userId, role, grantedBy: actor.id })
      .onConflictDoUpdate({
        target: [memberships.leagueId, memberships.userId],
        set: { role, grantedBy: actor.id, grantedAt: sql`unixepoch()` },
        // Never the owner's row, whatever happened since it was read.
        setWhere: sql`${memberships.role} not in ('owner', ${role})`,
      })
      .returning({ role: memberships.role }),
  ]);
  if (written.length === 0) {
    // Another request got there first: the same grant stands, or the user became the owner.
    const now = await targetOf(db, leagueId, userId);
    if (now.role === "owner") throw conflict(ROLE_MESSAGES.ownerStays);
  }
  return { changed: written.length > 0, name: target.name };
}

/**
 * Takes `userId`'s staff role here away: they stay a player of the league (leaving is theirs
 * to do). The owner's is refused (a league always has an owner); a player holds no role.
 */
export async function revokeRole(db: Db, leagueId: number, by: RoleActor, userId: number): Promise<{ name: string }> {
  const { actor, target } = await actorAnd(db, leagueId, by, userId);
  if (target.role === "owner") throw conflict(ROLE_MESSAGES.ownerStays);
  if (!isStaff(target.role)) throw notFound(ROLE_MESSAGES.notMember);
  await db.batch([
    membershipAudit(db, { leagueId, actor, member: target, to: "player" }),
    db
      .update(memberships)
      .set({ role: "player", grantedBy: actor.id, grantedAt: sql`unixepoch()` })
      .where(and(memberIs(leagueId, userId), inArray(memberships.role, ["admin", "director"]))),
  ]);
  return { name: target.name };
}

/**
 * The member `user` leaves the league: their membership goes; their player record, its claim
 * and its money stay the league's. The owner is refused (409): ownership passes first. A staff
 * member's leaving is a role change, written in the league's log (its guard: a closed league's
 * staff stay); a player's is not.
 */
export async function leaveLeague(db: Db, leagueId: number, user: { id: number; name: string }): Promise<{ role: LeagueRole }> {
  const target = await targetOf(db, leagueId, user.id);
  if (target.role === null) throw notFound(ROLE_MESSAGES.notJoined);
  if (target.role === "owner") throw conflict(ROLE_MESSAGES.ownerLeaves);
  const leave = db.delete(memberships).where(and(memberIs(leagueId, user.id), sql`${memberships.role} <> 'owner'`));
  if (isStaff(target.role)) await db.batch([membershipAudit(db, { leagueId, actor: user, member: target, to: null }), leave]);
  else await leave;
  return { role: target.role };
}

/**
 * Makes `userId` the league's owner; the owner until now stays on as an admin. One batch: the
 * old owner's row steps down before the new one's is written (the one-owner index holds).
 */
export async function transferOwnership(db: Db, leagueId: number, by: RoleActor, userId: number): Promise<{ name: string }> {
  const [{ actor, target }, [owner]] = await Promise.all([
    actorAnd(db, leagueId, by, userId),
    // The owner's row and name: both the deployment's.
    db
      .select({ id: memberships.userId, name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.leagueId, leagueId), eq(memberships.role, "owner"))),
  ]);
  if (target.role === "owner") throw conflict(ROLE_MESSAGES.alreadyOwner);
  const stepDown = owner
    ? [
        membershipAudit(db, { leagueId, actor, member: owner, to: "admin" }),
        db
          .update(memberships)
          .set({ role: "admin", grantedBy: actor.id, grantedAt: sql`unixepoch()` })
          .where(and(memberIs(leagueId, owner.id), eq(memberships.role, "owner"))),
      ]
    : [];
  try {
    await db.batch([
      ...stepDown,
      membershipAudit(db, { leagueId, actor, member: target, to: "owner" }),
      db
        .insert(memberships)
        .values({ leagueId, userId, role: "owner", grantedBy: actor.id })
        .onConflictDoUpdate({
          target: [memberships.leagueId, memberships.userId],
          set: { role: "owner", grantedBy: actor.id, grantedAt: sql`unixepoch()` },
        }),
    ] as unknown as Parameters<typeof db.batch>[0]);
  } catch (err) {
    // Another transfer won the race: the one-owner index refused this one whole.
    if (err instanceof Error && /UNIQUE constraint failed: memberships\.league_id/.test(`${err.message} ${String(err.cause)}`))
      throw new AppError("conflict", ROLE_MESSAGES.changed);
    throw err;
  }
  return { name: target.name };
}
