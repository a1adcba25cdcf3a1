import { and, eq, gt, isNull } from "drizzle-orm";
import { base64url } from "~/lib/shared/base64url";
import { nowSeconds } from "~/lib/shared/time";
import { type InviteRole, ROLE_LABELS } from "~/lib/accounts/roles";
import { leagueUrls } from "~/lib/shared/league-url";
import { assertUsableSecret } from "../../auth/session-secret";
import type { Db } from "../../db/client";
import { leagueInvites, users } from "../../db/schema";
import type { League } from "../../league";
import type { Mail, MailSender } from "../../mail/mailer";
import { hashResetToken } from "./password-reset";

// An invitation's token and its mail (ADR 47): the token is made again from the invitation's
// queue job (an HMAC under the server secret, as a password reset's is), so only its SHA-256
// is ever stored; the queue's job mails the link.

const encoder = new TextEncoder();

/** The invitation's token for its job: HMAC-SHA256 under the server secret over "league-invite:" + job id. */
export async function inviteTokenForJob(secret: string, jobId: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(assertUsableSecret(secret)), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`league-invite:${jobId}`))));
}

export type InviteMailJob = { jobId: string; inviteId: number };
export type InviteMailContext = { secret: string; linkOrigin: string; league: League; send: MailSender };
export type InviteMailOutcome = "sent" | "not-pending";

function inviteMail(to: string, role: InviteRole, by: string | null, link: string, league: League, expiresAt: number): Mail {
  const days = Math.max(1, Math.round((expiresAt - nowSeconds()) / 86_400));
  const as = role === "player" ? "to play in" : `as ${role === "admin" ? "an admin" : "a director"} of`;
  return {
    to,
    subject: `${league.name}: you are invited`,
    text: `Hello,\n\n${by ?? "The league"} invites you ${as} ${league.name} (${ROLE_LABELS[role]}).\nTo accept, open this link within ${days} days and log in or register with this address (${to}):\n\n${link}\n\nIf you did not expect this, ignore this mail.\n`,
    link: { label: "Invitation link", url: link },
  };
}

/**
 * Runs one invitation's job: for an invitation still pending in the job's league whose token
 * is this job's, mails the link. A job run twice mails the same link again (the row keeps no
 * mark of the mail): the link is one, and it works once.
 */
export async function sendInviteMail(db: Db, job: InviteMailJob, ctx: InviteMailContext): Promise<InviteMailOutcome> {
  const token = await inviteTokenForJob(ctx.secret, job.jobId);
  const tokenHash = await hashResetToken(token);
  const [invite] = await db
    .select({ email: leagueInvites.email, role: leagueInvites.role, expiresAt: leagueInvites.expiresAt, by: users.name })
    .from(leagueInvites)
    .leftJoin(users, eq(users.id, leagueInvites.invitedBy))
    .where(
      and(
        eq(leagueInvites.id, job.inviteId),
        eq(leagueInvites.leagueId, ctx.league.id),
        eq(leagueInvites.tokenHash, tokenHash),
        isNull(leagueInvites.acceptedAt),
        gt(leagueInvites.expiresAt, nowSeconds()),
      ),
    );
  if (!invite) return "not-pending";
  const link = leagueUrls(null, ctx.linkOrigin).rootHref(`/invite/${token}`);
  await ctx.send(inviteMail(invite.email, invite.role, invite.by, link, ctx.league, invite.expiresAt));
  return "sent";
}
