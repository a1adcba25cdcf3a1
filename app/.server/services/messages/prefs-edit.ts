import { and, eq, sql } from "drizzle-orm";
import { verifyMessageOff } from "../../auth/unsubscribe-link";
import { type Db, inLeague } from "../../db/client";
import { messagePrefs, users } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../errors";
import { isLeagueMemberSql } from "../players/league-member";
import { DEFAULT_CHANNEL, MESSAGE_KINDS, type MessageKind } from "~/lib/messages/kinds";
import { type Choice, DEFAULT_PREFS, type MessagePrefs } from "~/lib/messages/prefs";
import { MessageOffLinkSchema } from "~/schemas/messages";

// A player's choice per kind of message in the query builder's league (ADR 49): push, mail
// or off, one row per kind chosen; no row is the kind's default (DEFAULT_CHANNEL), which the
// delivery reads as "auto". Only a member of the league (a role, or an approved claim) has
// choices there. A message's signed link turns its own kind off without a login: the
// signature is the whole authority, whoever is logged in.

export const NOT_A_MEMBER = "Only the league's members choose how it tells them: a role in it, or an approved claim on one of its players.";
export const INVALID_MESSAGE_OFF_LINK = "This link is not valid";
export const MESSAGE_OFF_DONE = "Done: you will get no more of these.";
export const ACCOUNT_GONE = "This account no longer exists, so it gets no messages.";

/** The account's rows in the league, unrun. */
const prefRowsRead = (db: Db, userId: number) =>
  db
    .select({ kind: messagePrefs.kind, channel: messagePrefs.channel })
    .from(messagePrefs)
    .where(and(inLeague(db, messagePrefs), eq(messagePrefs.userId, userId)));

/** Whether the account is a member of the league, unrun. */
const memberRead = (db: Db, userId: number) => db.all<{ member: number }>(sql`select ${isLeagueMemberSql(db, sql`${userId}`)} as member`);

/** Every kind's choice from the account's rows: a kind without one is `auto`. */
function prefsOf(rows: readonly { kind: MessageKind; channel: Choice }[]): MessagePrefs {
  const prefs = { ...DEFAULT_PREFS };
  for (const { kind, channel } of rows) prefs[kind] = channel;
  return prefs;
}

/** The account's choice of every kind in the league; 403 for an account that is not a member. One trip. */
export async function getMessagePrefs(db: Db, userId: number): Promise<MessagePrefs> {
  const { member, prefs } = await messagePrefsView(db, userId);
  if (!member) throw forbidden(NOT_A_MEMBER);
  return prefs;
}

/** Whether the account is a member, and its choice of every kind: what a league's /preferences shows; unrun reads asked at once. */
export async function messagePrefsView(db: Db, userId: number): Promise<{ member: boolean; prefs: MessagePrefs }> {
  const [[member], rows] = await Promise.all([memberRead(db, userId), prefRowsRead(db, userId)]);
  return { member: Boolean(member?.member), prefs: prefsOf(rows) };
}

/** The statements writing `channel` (or, for `auto`, deleting the row) for one kind. */
function choiceStatement(db: Db, userId: number, kind: MessageKind, channel: Choice) {
  if (channel === "auto")
    return db.delete(messagePrefs).where(and(inLeague(db, messagePrefs), eq(messagePrefs.userId, userId), eq(messagePrefs.kind, kind)));
  return db
    .insert(messagePrefs)
    .values({ leagueId: db.leagueId, userId, kind, channel })
    .onConflictDoUpdate({ target: [messagePrefs.leagueId, messagePrefs.userId, messagePrefs.kind], set: { channel } });
}

/**
 * Saves the kinds named (`auto` deletes the kind's row: back to its default), the others as
 * they were, and answers every kind's choice: 403 and nothing written for an account that is
 * not a member. The check, then one batch whose last statement reads the result.
 */
export async function setMessagePrefs(db: Db, userId: number, chosen: Partial<MessagePrefs>): Promise<MessagePrefs> {
  const [member] = await memberRead(db, userId);
  if (!member?.member) throw forbidden(NOT_A_MEMBER);
  const writes = MESSAGE_KINDS.flatMap((kind) => {
    const channel = chosen[kind];
    return channel === undefined ? [] : [choiceStatement(db, userId, kind, channel)];
  });
  const [first, ...rest] = writes;
  if (!first) return prefsOf(await prefRowsRead(db, userId));
  const results = await db.batch([first, ...rest, prefRowsRead(db, userId)]);
  return prefsOf(results[results.length - 1] as { kind: MessageKind; channel: Choice }[]);
}

export type MessageOffTarget = { userId: number; kind: MessageKind; off: boolean };

/**
 * The account and kind a message's off link names, in the query builder's league, once its
 * signature checks out: 400 for a link missing a part, malformed, signed for another user,
 * league or kind, or opened in another league than its own (one answer for all, so a forged
 * link learns nothing); 404 for a signed link whose account is gone. `off`: the kind is off
 * already (chosen, or off by default).
 */
export async function readMessageOffLink(db: Db, secret: string, params: URLSearchParams): Promise<MessageOffTarget> {
  const once = ["u", "l", "k", "t"].every((key) => params.getAll(key).length === 1);
  const parsed = MessageOffLinkSchema.safeParse({ u: params.get("u"), l: params.get("l"), k: params.get("k"), t: params.get("t") });
  if (!once || !parsed.success) throw badRequest(INVALID_MESSAGE_OFF_LINK);
  const { u, l, k, t } = parsed.data;
  if (l !== db.leagueId || !(await verifyMessageOff(secret, u, l, k, t))) throw badRequest(INVALID_MESSAGE_OFF_LINK);
  // The account (the deployment's) and its choice here (the league's): asked together, never joined.
  const [[account], rows] = await Promise.all([db.select({ id: users.id }).from(users).where(eq(users.id, u)), prefRowsRead(db, u)]);
  if (!account) throw notFound(ACCOUNT_GONE);
  const channel = prefsOf(rows)[k];
  return { userId: u, kind: k, off: channel === "off" || (channel === "auto" && DEFAULT_CHANNEL[k] === "off") };
}

/** Turns a checked link's kind off in its league, for its account only (again is harmless). */
export async function turnKindOff(db: Db, target: MessageOffTarget): Promise<MessageOffTarget> {
  await choiceStatement(db, target.userId, target.kind, "off");
  return { ...target, off: true };
}

/** A message's one-click off: a valid link turns its kind off. */
export async function turnOffByLink(db: Db, secret: string, params: URLSearchParams): Promise<MessageOffTarget> {
  return turnKindOff(db, await readMessageOffLink(db, secret, params));
}
