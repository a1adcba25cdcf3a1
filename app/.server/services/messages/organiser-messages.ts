import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, checkFailed, inLeague } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { accountsById } from "../../db/account-names";
import { fullNameSql } from "../../db/player-name";
import { auditLog, claims, messageRecipients, messages, players } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { AppError, badRequest } from "../../errors";
import { devicesRead } from "../../push/devices";
import { accountsRead } from "../../mail/recipients";
import type { League } from "../../league";
import { type AudiencePick, audienceReach } from "./audiences";
import { channelMap, channelsRead } from "./channels";
import { roundPath } from "./message-write";
import { type Recipient, messageStatements } from "./message-write";
import { getRound } from "../rounds/rounds";
import { type DeliveryStatus, MESSAGE_MAX_CHARS, ORGANISER_LIMITS } from "~/lib/messages/kinds";
import { MESSAGE_INPUT_ERRORS, type ReachPreview, TEST_AUDIENCE, audienceWords, messageLength } from "~/lib/messages/organiser";
import { DAY_SECONDS, formatDateTime, formatTime, isToday, nowSeconds } from "~/lib/shared/time";

// The organiser's messages (ADR 49): a preview of whom an audience reaches and how, the send
// — the message and each account's copy made once by the page's key, inside the league's
// limits (5 an hour, 20 a day, a write guard in the same batch, so sends at once cannot pass
// them), and audited — and a round's log of what was sent and what became of each copy.
// Delivery is the caller's follow-up (deliverMessage, ADR 44).

export const ORGANISER_MESSAGES = {
  ...MESSAGE_INPUT_ERRORS,
  hourly: (at: string) => `This league has sent ${ORGANISER_LIMITS.perHour} messages in the last hour: the next can go at ${at}.`,
  daily: (at: string) => `This league has sent ${ORGANISER_LIMITS.perDay} messages in the last day: the next can go at ${at}.`,
} as const;

/** The audit log's name for an organiser's message (ADR 20's log, its own rows). */
export const MESSAGE_AUDIT_TABLE = "messages";

export type Channels = { push: boolean; mail: boolean };

/** How each account of `userIds` would be reached, as the delivery decides it (services/messages/deliver.ts). */
export async function previewReach(
  db: Db,
  roundId: number,
  pick: AudiencePick & Channels,
  opts: { pushReady: boolean },
): Promise<ReachPreview> {
  const { userIds, unreachable } = await audienceReach(db, roundId, pick);
  const ids = userIds;
  const [chosen, devices, accounts] = await Promise.all([
    channelsRead(db, ids, "organiser"),
    pick.push && opts.pushReady ? devicesRead(db, ids) : Promise.resolve([]),
    pick.mail ? accountsRead(db, ids) : Promise.resolve([]),
  ]);
  const channels = channelMap(ids, "organiser", chosen);
  const withDevice = new Set(devices.map((d) => d.userId));
  const withAddress = new Set(accounts.map((a) => a.userId));
  const out = { reach: 0, byPush: 0, byMail: 0, off: 0, unreachable, noWay: 0 };
  for (const id of ids) {
    const channel = channels.get(id) ?? "auto";
    if (channel === "off") {
      out.off++;
      continue;
    }
    const canPush = pick.push && opts.pushReady && withDevice.has(id);
    const canMail = pick.mail && withAddress.has(id);
    const way = (channel === "mail" ? ["mail", "push"] : ["push", "mail"]).find((w) => (w === "push" ? canPush : canMail));
    if (way === "push") out.byPush++;
    else if (way === "mail") out.byMail++;
    else out.noWay++;
  }
  out.reach = out.byPush + out.byMail;
  return out;
}

export type OrganiserSend = AudiencePick &
  Channels & {
    body: string;
    key: string;
    test: boolean;
    sender: { id: number; name: string };
  };

export type Sent = { made: boolean; id: number; reach: number };

const recentCount = (db: Db, seconds: number) =>
  sql`(select count(*) from ${messages} where ${messages.leagueId} = ${db.leagueId} and ${messages.kind} = 'organiser' and ${messages.test} = 0 and ${messages.createdAt} > unixepoch() - ${seconds})`;

const existingRead = (db: Db, key: string) =>
  db
    .select({
      id: messages.id,
      reach: sql<number>`(select count(*) from ${messageRecipients} r where r.league_id = ${messages.leagueId} and r.message_id = ${messages.id})`,
    })
    .from(messages)
    .where(and(inLeague(db, messages), eq(messages.key, key)));

/** The audit row of the message `key`, written once: after its copies, so it counts them; not again for a repeat. */
function messageAudit(db: Db, key: string, sender: { id: number; name: string }) {
  const m = sql`m`;
  const row = rowOf(db.leagueId, auditLog, {
    actorUserId: sql`${sender.id}`,
    actorName: sql`${sender.name}`,
    actorRole: sql`'admin'`,
    tableName: sql`${MESSAGE_AUDIT_TABLE}`,
    rowId: sql`${m}.id`,
    action: sql`'insert'`,
    roundId: sql`${m}.round_id`,
    after: sql`json_object('audience', ${m}.audience, 'body', ${m}.body, 'recipients', (select count(*) from message_recipients r where r.league_id = ${m}.league_id and r.message_id = ${m}.id), 'push', ${m}.push, 'mail', ${m}.mail, 'test', ${m}.test)`,
  });
  return db
    .insert(auditLog)
    .select(
      db
        .select(row)
        .from(sql`messages m`)
        .where(
          sql`m.league_id = ${db.leagueId} and m.key = ${key} and not exists (select 1 from audit_log a where a.league_id = m.league_id and a.round_id = m.round_id and a.table_name = ${MESSAGE_AUDIT_TABLE} and a.row_id = m.id)`,
        ),
    );
}

/** When the league's next message may go, in its words: the oldest of the last hour's (or day's) messages, an hour (a day) on. */
async function limitRefusal(db: Db, timeZone: string): Promise<AppError> {
  const now = nowSeconds();
  const recent = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(
      and(
        inLeague(db, messages),
        eq(messages.kind, "organiser"),
        eq(messages.test, false),
        sql`${messages.createdAt} > ${now - DAY_SECONDS}`,
      ),
    )
    .orderBy(desc(messages.createdAt));
  const say = (at: number) => (isToday(at, now) && at - now < DAY_SECONDS / 2 ? formatTime(at, timeZone) : formatDateTime(at, timeZone));
  const lastHour = recent.filter((r) => r.at > now - 3600);
  if (lastHour.length >= ORGANISER_LIMITS.perHour) {
    const at = lastHour[ORGANISER_LIMITS.perHour - 1].at + 3600;
    return new AppError("rate_limited", ORGANISER_MESSAGES.hourly(say(at)));
  }
  const at = (recent[ORGANISER_LIMITS.perDay - 1]?.at ?? now) + DAY_SECONDS;
  return new AppError("rate_limited", ORGANISER_MESSAGES.daily(say(at)));
}

/**
 * Sends an organiser's message on round `roundId`: the message and a copy for each account of
 * the audience (only the sender's for a test), made once by `key` — a repeat answers the
 * message made first (`made: false`). 429 when the league's limits would be passed, nothing
 * written. The caller hands over `deliverMessage(key)`.
 */
export async function sendOrganiserMessage(db: Db, league: League, roundId: number, send: OrganiserSend): Promise<Sent> {
  const text = send.body.trim();
  if (text === "") throw badRequest(ORGANISER_MESSAGES.empty);
  if (messageLength(text) > MESSAGE_MAX_CHARS) throw badRequest(ORGANISER_MESSAGES.tooLong);
  if (!send.push && !send.mail) throw badRequest(ORGANISER_MESSAGES.noChannel);
  // The key's message, the round and its audience: asked together.
  const [[existing], audience] = await Promise.all([
    existingRead(db, send.key),
    send.test
      ? getRound(db, roundId).then((round) => ({ round, userIds: [send.sender.id], unreachable: 0, cardNumber: null }))
      : audienceReach(db, roundId, send),
  ]);
  if (existing) return { made: false, id: existing.id, reach: Number(existing.reach) };
  const { round } = audience;
  const title = `${league.name}: ${round.name}`;
  const url = roundPath(league, round.id);
  const recipients: Recipient[] = audience.userIds.map((userId) => ({ userId, title, body: text, url }));
  const words = send.test ? TEST_AUDIENCE : audienceWords(send.audience, { division: send.division, cardNumber: audience.cardNumber });

  const keyFree = sql`not exists (select 1 from ${messages} where ${messages.leagueId} = ${db.leagueId} and ${messages.key} = ${send.key})`;
  const guard = writeGuard(
    db,
    "messageLimit",
    sql`${keyFree} and (${recentCount(db, 3600)} >= ${ORGANISER_LIMITS.perHour} or ${recentCount(db, DAY_SECONDS)} >= ${ORGANISER_LIMITS.perDay})`,
  );
  const made = messageStatements(
    db,
    {
      kind: "organiser",
      key: send.key,
      roundId: round.id,
      title,
      body: text,
      audience: words,
      push: send.push,
      mail: send.mail,
      test: send.test,
      createdBy: send.sender.id,
    },
    recipients,
  );
  const statements: BatchItem<"sqlite">[] = [...(send.test ? [] : [guard]), ...made, messageAudit(db, send.key, send.sender)];
  const insertAt = send.test ? 0 : 1;
  let results: unknown[];
  try {
    results = await db.batch([...statements, existingRead(db, send.key)] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (checkFailed(err, "message_limit")) throw await limitRefusal(db, league.timeZone);
    throw err;
  }
  const inserted = results[insertAt] as { meta?: { changes?: number } };
  const [row] = results[results.length - 1] as { id: number; reach: number }[];
  return { made: (inserted?.meta?.changes ?? 0) > 0, id: row.id, reach: Number(row.reach) };
}

export type LogCopy = { userId: number; name: string; status: DeliveryStatus; detail: string | null; sentAt: number | null };
export type LoggedMessage = {
  id: number;
  createdAt: number;
  audience: string | null;
  body: string;
  push: boolean;
  mail: boolean;
  test: boolean;
  sender: string | null;
  recipients: LogCopy[];
};

/** Round `roundId`'s organiser messages, newest first, each with its copies (by name) and what became of them. One trip, then the accounts' names. */
export async function roundMessageLog(db: Db, roundId: number): Promise<LoggedMessage[]> {
  const [list, copies] = await Promise.all([
    db
      .select({
        id: messages.id,
        createdAt: messages.createdAt,
        audience: messages.audience,
        body: messages.body,
        push: messages.push,
        mail: messages.mail,
        test: messages.test,
        createdBy: messages.createdBy,
      })
      .from(messages)
      .where(and(inLeague(db, messages), eq(messages.roundId, roundId), eq(messages.kind, "organiser")))
      .orderBy(desc(messages.createdAt), desc(messages.id)),
    db
      .select({
        messageId: messageRecipients.messageId,
        userId: messageRecipients.userId,
        status: messageRecipients.status,
        detail: messageRecipients.detail,
        sentAt: messageRecipients.sentAt,
        // The player the account's approved claim names here, if any.
        playerName: sql<
          string | null
        >`(select ${fullNameSql("p")} from ${claims} c join ${players} p on p.id = c.player_id and p.league_id = c.league_id where c.league_id = ${messageRecipients.leagueId} and c.user_id = ${messageRecipients.userId} and c.status = 'approved')`,
      })
      .from(messageRecipients)
      .innerJoin(messages, and(eq(messages.leagueId, messageRecipients.leagueId), eq(messages.id, messageRecipients.messageId)))
      .where(and(inLeague(db, messageRecipients), eq(messages.roundId, roundId), eq(messages.kind, "organiser"))),
  ]);
  // Accounts are the deployment's (ADR 46): their names read apart, for copies of no player and the senders.
  const names = await accountsById(db, [
    ...copies.filter((c) => c.playerName === null).map((c) => c.userId),
    ...list.flatMap((m) => (m.createdBy === null ? [] : [m.createdBy])),
  ]);
  const byMessage = new Map<number, LogCopy[]>();
  for (const c of copies) {
    const name = c.playerName ?? names.get(c.userId)?.name ?? `Account #${c.userId}`;
    byMessage.set(c.messageId, [
      ...(byMessage.get(c.messageId) ?? []),
      { userId: c.userId, name, status: c.status, detail: c.detail, sentAt: c.sentAt },
    ]);
  }
  return list.map((m) => ({
    id: m.id,
    createdAt: m.createdAt,
    audience: m.audience,
    body: m.body,
    push: m.push,
    mail: m.mail,
    test: m.test,
    sender: m.createdBy === null ? null : (names.get(m.createdBy)?.name ?? null),
    recipients: (byMessage.get(m.id) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
  }));
}
