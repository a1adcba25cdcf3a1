import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { nowSeconds } from "~/lib/shared/time";
import { type Capability, type InviteRole, type Standing, can } from "~/lib/accounts/roles";
import type { Db } from "../../db/client";
import { auditLog, leagueInvites, leagueRowColumns, leagues, memberships, users } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../errors";
import { enqueue, newJobId } from "../../jobs";
import { type League, leagueOf } from "../../league";
import { hashResetToken } from "./password-reset";
import { joinRefusal } from "./join-codes";
import { inviteTokenForJob } from "./invite-mail";

// Invitations to a league by email (ADR 47). The token is made from the invitation's queue
// job (an HMAC under the server secret, as a password reset's is): the request stores only its
// SHA-256 and the job, run by the queue, makes it again for the mail. Accepting spends the
// row and makes the membership with the invited role in the same batch: a player membership,
// or a staff role that upgrades a player's (never a downgrade, never the owner's row).
// Invitations are the deployment's rows, like memberships; making and cancelling one is
// written in the league's audit log with its actor, in the same batch.

export const INVITE_DAYS = 14;
export const INVITE_SECONDS = INVITE_DAYS * 24 * 60 * 60;

export const INVITE_MESSAGES = {
  unknown: "This invitation link is not one we know. Check the link, or ask for a new invitation.",
  spent: "This invitation has been used already.",
  expired: `This invitation has expired (they last ${INVITE_DAYS} days). Ask the league for a new one.`,
  otherAddress: "This invitation is for another address",
  notYourRole: "Your role in this league does not allow this.",
  noInvite: "No pending invitation has this id.",
  notThisPage: "This form is not this invitation's. Open the invitation's link again.",
} as const;

/** Who may send an invitation for `role`: a player needs manageLeague, a director or an admin manageRoles. */
export const inviteCapability = (role: InviteRole): Capability => (role === "player" ? "manageLeague" : "manageRoles");

type Actor = { id: number; name: string };

function inviteAudit(
  db: Db,
  leagueId: number,
  actor: Actor,
  inviteId: number | ReturnType<typeof sql>,
  action: "insert" | "delete",
  what: { email: string; role: InviteRole },
) {
  const row = JSON.stringify({ email: what.email, role: what.role });
  return db.insert(auditLog).values({
    leagueId,
    actorUserId: actor.id,
    actorName: actor.name,
    actorRole: "admin",
    tableName: "league_invites",
    rowId: inviteId as number,
    action,
    before: action === "delete" ? row : null,
    after: action === "insert" ? row : null,
  });
}

export type NewInvite = { id: number; email: string; role: InviteRole; expiresAt: number };

/**
 * Invites `email` to the league as `role`: the row (the token's hash, 14 days), its audit row
 * and then the mail's job. Refused (403) to a standing without the role's capability.
 */
export async function createInvite(
  db: Db,
  c: {
    league: Pick<League, "id">;
    standing: Standing | null;
    actor: Actor;
    email: string;
    role: InviteRole;
    jobs: Queue;
    secret: string;
    origin: string;
  },
): Promise<NewInvite> {
  if (!can(c.standing, inviteCapability(c.role))) throw forbidden(INVITE_MESSAGES.notYourRole);
  const jobId = newJobId();
  const tokenHash = await hashResetToken(await inviteTokenForJob(c.secret, jobId));
  const expiresAt = nowSeconds() + INVITE_SECONDS;
  const id = sql`(select id from league_invites where token_hash = ${tokenHash})`;
  const [[invite]] = await db.batch([
    db
      .insert(leagueInvites)
      .values({ leagueId: c.league.id, email: c.email, role: c.role, tokenHash, invitedBy: c.actor.id, expiresAt })
      .returning({ id: leagueInvites.id }),
    inviteAudit(db, c.league.id, c.actor, id, "insert", c),
  ]);
  if (!invite) throw new Error("The invitation was not stored");
  await enqueue(c.jobs, { type: "league-invite", id: jobId, leagueId: c.league.id, inviteId: invite.id, origin: c.origin });
  return { id: invite.id, email: c.email, role: c.role, expiresAt };
}

export type PendingInvite = { id: number; email: string; role: InviteRole; invitedBy: string | null; createdAt: number; expiresAt: number };

/** The league's invitations not yet accepted and not expired, newest first. */
export function pendingInvites(db: Db, leagueId: number, now = nowSeconds()): Promise<PendingInvite[]> {
  return db
    .select({
      id: leagueInvites.id,
      email: leagueInvites.email,
      role: leagueInvites.role,
      invitedBy: users.name,
      createdAt: leagueInvites.createdAt,
      expiresAt: leagueInvites.expiresAt,
    })
    .from(leagueInvites)
    .leftJoin(users, eq(users.id, leagueInvites.invitedBy))
    .where(and(eq(leagueInvites.leagueId, leagueId), isNull(leagueInvites.acceptedAt), gt(leagueInvites.expiresAt, now)))
    .orderBy(desc(leagueInvites.id));
}

/** Cancels a pending invitation of the league (its link stops working); a staff one needs manageRoles. */
export async function cancelInvite(db: Db, c: { leagueId: number; standing: Standing | null; actor: Actor; id: number }): Promise<void> {
  const [invite] = await db
    .select({ email: leagueInvites.email, role: leagueInvites.role })
    .from(leagueInvites)
    .where(and(eq(leagueInvites.id, c.id), eq(leagueInvites.leagueId, c.leagueId), isNull(leagueInvites.acceptedAt)));
  if (!invite) throw notFound(INVITE_MESSAGES.noInvite);
  if (!can(c.standing, inviteCapability(invite.role))) throw forbidden(INVITE_MESSAGES.notYourRole);
  await db.batch([
    inviteAudit(db, c.leagueId, c.actor, c.id, "delete", invite),
    db
      .delete(leagueInvites)
      .where(and(eq(leagueInvites.id, c.id), eq(leagueInvites.leagueId, c.leagueId), isNull(leagueInvites.acceptedAt))),
  ]);
}

/** An invitation as its page shows it: its league, its role and address, and whether it can be accepted. */
export type InviteView = {
  league: Pick<League, "id" | "slug" | "name" | "isDefault">;
  email: string;
  role: InviteRole;
  acceptedBy: number | null;
  expired: boolean;
  refusal: string | null;
};

/** The invitation `token` opens (a read), or null for a token we never made. */
export async function inviteByToken(
  db: Db,
  vars: Parameters<typeof leagueOf>[1],
  token: string,
  now = nowSeconds(),
): Promise<InviteView | null> {
  const tokenHash = await hashResetToken(token);
  const [row] = await db
    .select({
      invite: {
        email: leagueInvites.email,
        role: leagueInvites.role,
        acceptedBy: leagueInvites.acceptedBy,
        acceptedAt: leagueInvites.acceptedAt,
        expiresAt: leagueInvites.expiresAt,
      },
      league: leagueRowColumns,
    })
    .from(leagueInvites)
    .innerJoin(leagues, eq(leagues.id, leagueInvites.leagueId))
    .where(eq(leagueInvites.tokenHash, tokenHash));
  if (!row) return null;
  const league = leagueOf(row.league, vars);
  const { invite } = row;
  const spent = invite.acceptedAt !== null;
  const expired = !spent && invite.expiresAt <= now;
  return {
    league: { id: league.id, slug: league.slug, name: league.name, isDefault: league.isDefault },
    email: invite.email,
    role: invite.role,
    acceptedBy: spent ? (invite.acceptedBy ?? 0) : null,
    expired,
    refusal: joinRefusal(league),
  };
}

/** Why `user` cannot accept the invitation now, as an error; null when they can (or did: accepting again is a no-op). */
export function acceptRefusal(view: InviteView, user: { id: number; email: string }): AppError | null {
  if (view.acceptedBy !== null && view.acceptedBy !== user.id) return new AppError("gone", INVITE_MESSAGES.spent);
  if (view.email !== user.email.toLowerCase()) return forbidden(INVITE_MESSAGES.otherAddress);
  if (view.expired) return new AppError("gone", INVITE_MESSAGES.expired);
  if (view.acceptedBy === null && view.refusal) return forbidden(view.refusal);
  return null;
}

// Most powerful first: a role is only ever replaced by one ranked before it.
const rank = (role: ReturnType<typeof sql>) =>
  sql`(case ${role} when 'owner' then 0 when 'admin' then 1 when 'director' then 2 else 3 end)`;

export type Accepted = { league: InviteView["league"]; role: InviteRole; again: boolean };

/**
 * `user` accepts the invitation `token` opens, for its own league whatever league the request
 * is in: one batch spends the row (held while it is unspent and unexpired) and makes the
 * membership from it (held while this user spent it and the league takes members). Refused:
 * an unknown token 404, one spent by someone else or expired 410, another address 403, a
 * closed or suspended league 403. Accepting again changes nothing.
 */
export async function acceptInvite(
  db: Db,
  vars: Parameters<typeof leagueOf>[1],
  user: { id: number; email: string },
  token: string,
): Promise<Accepted> {
  const view = await inviteByToken(db, vars, token);
  if (!view) throw notFound(INVITE_MESSAGES.unknown);
  const refusal = acceptRefusal(view, user);
  if (refusal) throw refusal;
  if (view.acceptedBy === user.id) return { league: view.league, role: view.role, again: true };
  const tokenHash = await hashResetToken(token);
  const now = nowSeconds();
  const mine = and(eq(leagueInvites.tokenHash, tokenHash), eq(leagueInvites.acceptedBy, user.id));
  const [spent] = await db.batch([
    db
      .update(leagueInvites)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(and(eq(leagueInvites.tokenHash, tokenHash), isNull(leagueInvites.acceptedAt), gt(leagueInvites.expiresAt, now)))
      .returning({ id: leagueInvites.id }),
    db
      .insert(memberships)
      .select(
        db
          .select({
            leagueId: leagueInvites.leagueId,
            userId: sql`${user.id}`.as("user_id"),
            role: leagueInvites.role,
            grantedBy: leagueInvites.invitedBy,
            grantedAt: sql`unixepoch()`.as("granted_at"),
          })
          .from(leagueInvites)
          .innerJoin(leagues, eq(leagues.id, leagueInvites.leagueId))
          .where(and(mine, eq(leagues.status, "active"), isNull(leagues.suspendedAt), isNull(leagues.closedAt))),
      )
      .onConflictDoUpdate({
        target: [memberships.leagueId, memberships.userId],
        set: { role: sql`excluded.role`, grantedBy: sql`excluded.granted_by`, grantedAt: sql`unixepoch()` },
        // Only a step up: an owner (rank 0) is never touched, an admin never made a director.
        setWhere: sql`${rank(sql`${memberships.role}`)} > ${rank(sql`excluded.role`)}`,
      }),
  ]);
  if (spent.length === 0) {
    // Another request spent it, or it expired, between the read and the write.
    const again = await inviteByToken(db, vars, token);
    if (again?.acceptedBy === user.id) return { league: view.league, role: view.role, again: true };
    throw (again && acceptRefusal(again, user)) ?? new AppError("gone", INVITE_MESSAGES.spent);
  }
  return { league: view.league, role: view.role, again: false };
}
