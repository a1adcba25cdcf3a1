import { and, eq, sql } from "drizzle-orm";
import { verifyUnsubscribe } from "../../auth/unsubscribe-link";
import { type Db, inLeague } from "../../db/client";
import { DEFAULT_LEAGUE_ID, leaguePrefs, users } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../errors";
import { isLeagueMemberSql } from "../players/league-member";
import { INVALID_UNSUBSCRIBE_LINK, UnsubscribeLinkSchema } from "~/schemas/notifications";

// A user's mail preferences in the query builder's league (ADR 46: an account's choices are
// per league, `league_prefs`): the mail when registration opens for a round. Off until the
// user turns it on (on /profile or through the league's /api); the registration mail's
// signed one-click link turns it off without a login. The card and waitlist mails' columns
// (ADR 25, 28) are no longer set here: the `cards` and `waitlist` kinds of message replace
// them (ADR 49, services/messages/prefs-edit.ts), and a later migration drops them.
// The caller names an account that exists (a checked session, or a link whose account was
// read): the league's row names it without a foreign key.

export type MailPrefs = { registrationOpens: boolean };

const prefColumns = { registrationOpens: leaguePrefs.notifyRegistration };

export const NO_MAIL: MailPrefs = { registrationOpens: false };

/** The league's row of the user's choices, unrun (a read to ask beside others). */
export const mailPrefsRead = (db: Db, userId: number) =>
  db
    .select(prefColumns)
    .from(leaguePrefs)
    .where(and(inLeague(db, leaguePrefs), eq(leaguePrefs.userId, userId)));

/**
 * The account's choices in every league it has chosen in (its /profile's), with each feed
 * token, unrun: a deployment page's read across leagues, by the account's own index.
 */
export const accountPrefsRead = (db: Db, userId: number) =>
  db
    .select({ leagueId: leaguePrefs.leagueId, ...prefColumns, calendarToken: leaguePrefs.calendarToken })
    .from(leaguePrefs)
    // League by league (the key leads with the league), never a walk of every league's rows.
    .where(and(sql`${leaguePrefs.leagueId} in (select id from leagues where status <> 'moved')`, eq(leaguePrefs.userId, userId)));

/** The account's row in the league with its feed token, unrun (its /preferences page's). */
export const leaguePrefsRead = (db: Db, userId: number) =>
  db
    .select({ ...prefColumns, calendarToken: leaguePrefs.calendarToken })
    .from(leaguePrefs)
    .where(and(inLeague(db, leaguePrefs), eq(leaguePrefs.userId, userId)));

/** The user's preferences in the league: off before they first chose. */
export async function getMailPrefs(db: Db, userId: number): Promise<MailPrefs> {
  const [row] = await mailPrefsRead(db, userId);
  return row ?? NO_MAIL;
}

export const NOT_A_MEMBER = "This league's mail is for its members: a role in it, or an approved claim on one of its players.";

/**
 * Turns the league's registration mail on or off (left out: as it is); answers the stored
 * preferences. Turning one on is for the leagues /profile lists for the account (ADR 46): one
 * it is a member of, or the default league; anyone else gets 403 and no row. Turning mail off
 * is always taken.
 */
export async function setMailPrefs(db: Db, userId: number, prefs: Partial<MailPrefs>): Promise<MailPrefs> {
  if (Object.values(prefs).some((on) => on === true)) {
    const [row] = await db.all<{ hears: number }>(
      sql`select (${isLeagueMemberSql(db, sql`${userId}`)} or exists (select 1 from leagues where id = ${db.leagueId} and is_default = 1)) as hears`,
    );
    if (!row?.hears) throw forbidden(NOT_A_MEMBER);
  }
  const chosen = { notifyRegistration: prefs.registrationOpens };
  const set = Object.fromEntries(Object.entries(chosen).filter(([, v]) => v !== undefined));
  const insert = db.insert(leaguePrefs).values({ leagueId: db.leagueId, userId, ...set });
  // One statement: the first choice makes the row, a later one changes only what it names.
  const [row] = await (Object.keys(set).length === 0
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({ target: [leaguePrefs.leagueId, leaguePrefs.userId], set })
  ).returning(prefColumns);
  return row ?? getMailPrefs(db, userId);
}

export type UnsubscribeTarget = { userId: number; email: string; registrationOpens: boolean };

/** "j•••@example.org": enough for its owner to know the account, little for anyone the link was forwarded to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "•••" : `${email[0]}•••${email.slice(at)}`;
}

/**
 * The account an unsubscribe link names, in the query builder's league, once its signature
 * checks out: 400 for a link that is missing a part, malformed, not signed by us for that
 * user and league, or opened in another league than its own (the same answer for all, so a
 * forged link learns nothing); 404 for a signed link whose user is gone. A link sent before
 * links named their league (no `l`) is the default league's. The signature is the only
 * authority: whoever is logged in plays no part.
 */
export async function readUnsubscribeLink(db: Db, secret: string, params: URLSearchParams): Promise<UnsubscribeTarget> {
  const once = ["u", "t"].every((k) => params.getAll(k).length === 1) && params.getAll("l").length <= 1;
  const parsed = UnsubscribeLinkSchema.safeParse({
    u: params.get("u") ?? undefined,
    l: params.get("l") ?? undefined,
    t: params.get("t") ?? undefined,
  });
  if (!once || !parsed.success) throw badRequest(INVALID_UNSUBSCRIBE_LINK);
  const { u, l, t } = parsed.data;
  if ((l ?? DEFAULT_LEAGUE_ID) !== db.leagueId || !(await verifyUnsubscribe(secret, u, t, l))) throw badRequest(INVALID_UNSUBSCRIBE_LINK);
  // The account (the deployment's) and its choice here (the league's): asked together, never joined.
  const [[account], [prefs]] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, u)),
    mailPrefsRead(db, u),
  ]);
  if (!account) throw notFound("This account no longer exists, so it gets no mail.");
  return { userId: u, email: maskEmail(account.email), registrationOpens: prefs?.registrationOpens ?? false };
}

/** The one-click unsubscribe: a valid link turns the league's registration mail off (again is fine). */
export async function unsubscribe(db: Db, secret: string, params: URLSearchParams): Promise<UnsubscribeTarget> {
  const target = await readUnsubscribeLink(db, secret, params);
  await setMailPrefs(db, target.userId, { registrationOpens: false });
  return { ...target, registrationOpens: false };
}
