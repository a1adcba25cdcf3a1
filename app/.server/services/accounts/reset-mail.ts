import { and, eq, isNull } from "drizzle-orm";
import { base64url } from "~/lib/shared/base64url";
import { nowSeconds } from "~/lib/shared/time";
import { assertUsableSecret } from "../../auth/session-secret";
import type { Db } from "../../db/client";
import { passwordResets, users } from "../../db/schema";
import type { Mail, MailSender } from "../../mail/mailer";
import { RESET_TOKEN_SECONDS, hashResetToken } from "./password-reset";
import { leagueUrls } from "~/lib/shared/league-url";

// The queue consumer's half of a password reset (ADR 4). The queue delivers at least
// once, so one job may run several times; everything it does is keyed on its id (ADR 10):
// - the token is derived from the job id, so every run of the job has the same one;
// - its row is inserted once (job_id and token_hash are unique) and found again by job id;
// - mailed_at is set only after the mail was handed over: a run after a failed send
//   sends the same link again, a run after a good one sends nothing.

export type ResetMailJob = { jobId: string; email: string };
export type ResetMailContext = { secret: string; linkOrigin: string; leagueName: string; send: MailSender };
/** What a run did; the web request never learns it (it only enqueued the job). */
export type ResetMailOutcome = "sent" | "no-account" | "already-mailed" | "not-live";

const encoder = new TextEncoder();

/**
 * The job's reset token: HMAC-SHA256 under the server secret over "password-reset:" +
 * job id, 32 bytes base64url. Unguessable without the secret, and the same on every run.
 * The ":" cannot occur in a JWT's signing input, so no session signature can equal it.
 */
export async function resetTokenForJob(secret: string, jobId: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(assertUsableSecret(secret)), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`password-reset:${jobId}`))));
}

function resetMail(user: { email: string; name: string }, token: string, ctx: ResetMailContext): Mail {
  const link = leagueUrls(null, ctx.linkOrigin).rootHref(`/reset-password?token=${token}`);
  return {
    to: user.email,
    subject: `${ctx.leagueName}: reset your password`,
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your ${ctx.leagueName} account.\nTo choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
    link: { label: "Password reset link", url: link },
  };
}

/**
 * Runs one reset job: for a known, unlocked account, stores the job's token (hashed, one
 * hour, single use) and mails the link — at most once per job however often it runs. A
 * token already used, expired or spent by a password change is never mailed again.
 * Throws when the mail could not be sent (the queue retries the job).
 */
export async function sendResetMail(db: Db, job: ResetMailJob, ctx: ResetMailContext): Promise<ResetMailOutcome> {
  const [user] = await db.select().from(users).where(eq(users.email, job.email));
  if (!user || user.locked) return "no-account";
  const token = await resetTokenForJob(ctx.secret, job.jobId);
  const tokenHash = await hashResetToken(token);
  const now = nowSeconds();
  const [inserted] = await db
    .insert(passwordResets)
    .values({ userId: user.id, tokenHash, jobId: job.jobId, expiresAt: now + RESET_TOKEN_SECONDS })
    .onConflictDoNothing()
    .returning();
  const row = inserted ?? (await db.select().from(passwordResets).where(eq(passwordResets.jobId, job.jobId)))[0];
  // Another user's row, or a token made under a secret since rotated: the link the
  // earlier run made cannot be rebuilt, and a new one would be a second token.
  if (!row || row.userId !== user.id || row.tokenHash !== tokenHash) return "not-live";
  if (row.mailedAt !== null) return "already-mailed";
  if (row.usedAt !== null || row.expiresAt <= now) return "not-live";

  await ctx.send(resetMail(user, token, ctx));
  await db
    .update(passwordResets)
    .set({ mailedAt: nowSeconds() })
    .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.mailedAt)));
  return "sent";
}
