import { eq } from "drizzle-orm";
import { verifyUnsubscribe } from "../../auth/unsubscribe-link";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { INVALID_UNSUBSCRIBE_LINK, UnsubscribeLinkSchema } from "~/schemas/notifications";

// A user's mail preferences: the mail when registration opens for a round, the mail
// with their card when a round's cards are published (ADR 25), and news of their places
// on waitlists (ADR 28). Off until the user turns
// them on (on /profile or through the /api); the registration mail's signed one-click link
// turns it off without a login.

export type MailPrefs = { registrationOpens: boolean; cardsPublished: boolean; waitlist: boolean };

const prefColumns = { registrationOpens: users.notifyRegistration, cardsPublished: users.notifyCards, waitlist: users.notifyWaitlist };

/** The user's preferences; 404 for a user who is gone. */
export async function getMailPrefs(db: Db, userId: number): Promise<MailPrefs> {
  const [row] = await db.select(prefColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound("User not found");
  return row;
}

/** Turns the mails given on or off (the others stay as they are); answers the stored preferences. */
export async function setMailPrefs(db: Db, userId: number, prefs: Partial<MailPrefs>): Promise<MailPrefs> {
  const [row] = await db
    .update(users)
    .set({ notifyRegistration: prefs.registrationOpens, notifyCards: prefs.cardsPublished, notifyWaitlist: prefs.waitlist })
    .where(eq(users.id, userId))
    .returning(prefColumns);
  if (!row) throw notFound("User not found");
  return row;
}

export type UnsubscribeTarget = { userId: number; email: string; registrationOpens: boolean };

/** "j•••@example.org": enough for its owner to know the account, little for anyone the link was forwarded to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "•••" : `${email[0]}•••${email.slice(at)}`;
}

/**
 * The account an unsubscribe link names, once its signature checks out: 400 for a link
 * that is missing a part, malformed or not signed by us for that user (the same answer
 * for all, so a forged link learns nothing), 404 for a signed link whose user is gone.
 * The signature is the only authority: whoever is logged in plays no part.
 */
export async function readUnsubscribeLink(db: Db, secret: string, params: URLSearchParams): Promise<UnsubscribeTarget> {
  const once = params.getAll("u").length === 1 && params.getAll("t").length === 1;
  const parsed = UnsubscribeLinkSchema.safeParse({ u: params.get("u") ?? undefined, t: params.get("t") ?? undefined });
  if (!once || !parsed.success || !(await verifyUnsubscribe(secret, parsed.data.u, parsed.data.t)))
    throw badRequest(INVALID_UNSUBSCRIBE_LINK);
  const [row] = await db.select({ email: users.email, on: users.notifyRegistration }).from(users).where(eq(users.id, parsed.data.u));
  if (!row) throw notFound("This account no longer exists, so it gets no mail.");
  return { userId: parsed.data.u, email: maskEmail(row.email), registrationOpens: row.on };
}

/** The one-click unsubscribe: a valid link turns the registration mail off (again is fine). */
export async function unsubscribe(db: Db, secret: string, params: URLSearchParams): Promise<UnsubscribeTarget> {
  const target = await readUnsubscribeLink(db, secret, params);
  await setMailPrefs(db, target.userId, { registrationOpens: false });
  return { ...target, registrationOpens: false };
}
