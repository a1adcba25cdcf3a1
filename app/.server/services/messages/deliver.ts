import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, inLeague } from "../../db/client";
import { messageRecipients, messages } from "../../db/schema";
import type { MailSender } from "../../mail/mailer";
import { accountsRead } from "../../mail/recipients";
import { type Device, devicesRead, forgetDevices } from "../../push/devices";
import { endpointRefusal, pushRequest, type Urgency, type VapidKeys } from "../../push/web-push";
import { messageOffUrls } from "../../auth/unsubscribe-link";
import type { League } from "../../league";
import { channelMap, channelsRead } from "./channels";
import { KIND_LABELS, type MessageKind, PUSH_CHARS } from "~/lib/messages/kinds";
import { quietUntil } from "~/lib/messages/quiet-hours";
import { TURNED_OFF_DETAIL } from "~/lib/messages/prefs";
import { nowSeconds } from "~/lib/shared/time";

// Delivering a message (ADR 49), the queue job's half: each recipient's copy still to send
// is claimed (one statement, so deliveries running at once never take the same copy), sent
// by push to every device of the account and/or by mail, as the player chose and the
// message allows, and its outcome written in one batch. A copy whose push service or mail
// failed for now goes back to the queue and the job is retried: a retry pushes again with
// the same Topic, so a push service still holding the first replaces it. Devices answered
// 404 or 410 are forgotten. In the league's quiet hours a push waits for the morning (but a
// cancellation's); mail goes at once.

/** How the Worker reaches a push service: `fetch`, or a stand-in in tests. */
export type PushTransport = (url: string, init: RequestInit) => Promise<Response>;

export type DeliverDeps = {
  push: PushTransport;
  send: MailSender;
  /** The deployment's VAPID keys and subject; null: push is not set up, mail only. */
  vapid: (VapidKeys & { subject: string }) | null;
  /** SESSION_SECRET: signs each message's one-click off. */
  secret: string;
  linkOrigin: string;
  league: League;
  /** Whether an endpoint on this machine may be pushed to (the local push stand-in). */
  allowLocal: boolean;
  now?: () => number;
};

export type DeliverOutcome =
  | { status: "no-message" }
  | { status: "done"; pushed: number; mailed: number; held: number; refused: number; skipped: number; again: number };

/** A copy claimed by another run longer ago than this is taken to have died with it. */
const CLAIM_SECONDS = 120;
/** A copy that failed for now this many times is given up on (refused, saying why). */
export const MAX_TRIES = 8;
/** Pushes in flight at once: a Worker keeps six connections open per invocation. */
const PUSH_CONCURRENCY = 6;

/** How long a push service may keep a message for a phone that is off, and how urgent it is. */
const PUSH_TTL: Record<MessageKind, number> = {
  cards: 6 * 3600,
  reminder: 4 * 3600,
  waitlist: 6 * 3600,
  owed: 6 * 3600,
  results: 24 * 3600,
  cancelled: 12 * 3600,
  ace: 24 * 3600,
  organiser: 12 * 3600,
};
const URGENCY: Record<MessageKind, Urgency> = {
  cards: "high",
  reminder: "normal",
  waitlist: "high",
  owed: "normal",
  results: "normal",
  cancelled: "high",
  ace: "low",
  organiser: "high",
};

/** The Topic of a message's pushes (RFC 8030 §5.4): the same on every try, so a retry replaces what waits. */
export const pushTopic = (messageId: number) => `m${messageId}`;

/** What a push shows: the first PUSH_CHARS characters of the body. */
export function pushText(body: string): string {
  const chars = [...body];
  return chars.length <= PUSH_CHARS ? body : `${chars.slice(0, PUSH_CHARS - 1).join("")}…`;
}

type Copy = { userId: number; title: string; body: string; url: string; tries: number };
type Outcome = { status: "pushed" | "mailed" | "held" | "refused" | "skipped" | "queued"; detail: string | null; notBefore?: number };
type PushResult = { accepted: string[]; gone: number[]; refused: string[]; transient: boolean };

/** Runs `work` over `items`, `limit` at a time. */
async function pooled<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).hostname;
  } catch {
    return "";
  }
};

/** Whether the Worker may POST to a kept device's `endpoint` (checked again: a row written any other way is not pushed to). */
function mayPush(endpoint: string, allowLocal: boolean): boolean {
  try {
    return endpointRefusal(new URL(endpoint), allowLocal) === null;
  } catch {
    return false;
  }
}

export async function deliverMessage(db: Db, key: string, deps: DeliverDeps): Promise<DeliverOutcome> {
  const now = deps.now ?? nowSeconds;
  const [message] = await db
    .select({ id: messages.id, kind: messages.kind, push: messages.push, mail: messages.mail })
    .from(messages)
    .where(and(inLeague(db, messages), eq(messages.key, key)));
  if (!message) return { status: "no-message" };

  // Claim what is due: queued copies, and copies claimed by a run that died.
  const at = now();
  const claimed = (await db
    .update(messageRecipients)
    .set({ status: "sending", claimedAt: at, tries: sql`${messageRecipients.tries} + 1` })
    .where(
      and(
        inLeague(db, messageRecipients),
        eq(messageRecipients.messageId, message.id),
        sql`(${messageRecipients.status} = 'queued' or (${messageRecipients.status} = 'sending' and ${messageRecipients.claimedAt} < ${at - CLAIM_SECONDS}))`,
      ),
    )
    .returning({
      userId: messageRecipients.userId,
      title: messageRecipients.title,
      body: messageRecipients.body,
      url: messageRecipients.url,
      tries: messageRecipients.tries,
    })) as Copy[];
  if (claimed.length === 0) return { status: "done", pushed: 0, mailed: 0, held: 0, refused: 0, skipped: 0, again: 0 };

  const ids = claimed.map((c) => c.userId);
  const [chosen, devices, accounts] = await Promise.all([
    channelsRead(db, ids, message.kind),
    message.push && deps.vapid ? devicesRead(db, ids) : Promise.resolve([] as Device[]),
    message.mail ? accountsRead(db, ids) : Promise.resolve([] as { userId: number; email: string; name: string }[]),
  ]);
  const channels = channelMap(ids, message.kind, chosen);
  const devicesOf = new Map<number, Device[]>();
  for (const d of devices) if (mayPush(d.endpoint, deps.allowLocal)) devicesOf.set(d.userId, [...(devicesOf.get(d.userId) ?? []), d]);
  const addressOf = new Map(accounts.map((a) => [a.userId, a]));
  const quiet = message.kind === "cancelled" ? null : quietUntil(at, deps.league.timeZone);

  const gone: number[] = [];
  const pushTo = async (copy: Copy, list: Device[]): Promise<PushResult> => {
    const vapid = deps.vapid as VapidKeys & { subject: string };
    const off = await messageOffUrls(deps.linkOrigin, deps.secret, copy.userId, deps.league, message.kind);
    const payload = JSON.stringify({
      title: copy.title,
      body: pushText(copy.body),
      url: deps.linkOrigin + copy.url,
      tag: pushTopic(message.id),
      off: off.oneClick,
    });
    const result: PushResult = { accepted: [], gone: [], refused: [], transient: false };
    for (const device of list) {
      try {
        const { url, init } = await pushRequest({
          subscription: { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          payload,
          ttl: PUSH_TTL[message.kind],
          urgency: URGENCY[message.kind],
          topic: pushTopic(message.id),
          vapid,
          now: at,
        });
        const res = await deps.push(url, init);
        await res.body?.cancel();
        if (res.status >= 200 && res.status < 300) result.accepted.push(hostOf(device.endpoint));
        else if (res.status === 404 || res.status === 410) result.gone.push(device.id);
        else if (res.status === 429 || res.status >= 500) result.transient = true;
        else result.refused.push(`${hostOf(device.endpoint)} answered ${res.status}`);
      } catch (err) {
        // A device whose keys no longer encrypt is refused; a network failure is tried again.
        if (err instanceof TypeError || (err instanceof Error && /network|fetch|connect/i.test(err.message))) result.transient = true;
        else result.refused.push(`${hostOf(device.endpoint)}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    gone.push(...result.gone);
    return result;
  };

  const mailTo = async (copy: Copy): Promise<Outcome> => {
    const account = addressOf.get(copy.userId);
    if (!account) return { status: "skipped", detail: "No address to mail" };
    const off = await messageOffUrls(deps.linkOrigin, deps.secret, copy.userId, deps.league, message.kind);
    const url = deps.linkOrigin + copy.url;
    try {
      await deps.send({
        to: account.email,
        subject: copy.title,
        text: `${copy.body}\n\nOpen: ${url}\n\nTurn off "${KIND_LABELS[message.kind]}" from ${deps.league.name}: ${off.page}\n`,
        link: { label: "Message", url },
        headers: { "List-Unsubscribe": `<${off.oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
      return { status: "mailed", detail: null };
    } catch (err) {
      console.error(`Message ${message.id}: mail to account ${copy.userId} failed`, err);
      return { status: "queued", detail: "Mail failed: trying again" };
    }
  };

  const outcomes = new Map<number, Outcome>();
  await pooled(claimed, PUSH_CONCURRENCY, async (copy) => {
    const channel = channels.get(copy.userId) ?? "auto";
    if (channel === "off") {
      outcomes.set(copy.userId, { status: "skipped", detail: TURNED_OFF_DETAIL });
      return;
    }
    const mine = devicesOf.get(copy.userId) ?? [];
    const canPush = message.push && deps.vapid !== null && mine.length > 0;
    const canMail = message.mail && addressOf.has(copy.userId);
    const order = channel === "mail" ? ["mail", "push"] : ["push", "mail"];
    const way = order.find((w) => (w === "push" ? canPush : canMail));
    if (!way) {
      outcomes.set(copy.userId, {
        status: "skipped",
        detail: message.push && !message.mail ? "No device to push to" : "No way to reach them",
      });
      return;
    }
    if (way === "mail") {
      outcomes.set(copy.userId, await mailTo(copy));
      return;
    }
    if (quiet !== null) {
      outcomes.set(copy.userId, { status: "held", detail: "Quiet hours: pushed in the morning", notBefore: quiet });
      return;
    }
    const pushed = await pushTo(copy, mine);
    if (pushed.accepted.length > 0)
      outcomes.set(copy.userId, { status: "pushed", detail: `Accepted by ${[...new Set(pushed.accepted)].join(", ")}` });
    else if (pushed.transient) outcomes.set(copy.userId, { status: "queued", detail: "Push service busy: trying again" });
    else if (canMail) {
      // No device took it: mail instead, saying why.
      const mailed = await mailTo(copy);
      outcomes.set(copy.userId, mailed.status === "mailed" ? { ...mailed, detail: "No device took the push" } : mailed);
    } else outcomes.set(copy.userId, { status: "refused", detail: pushed.refused.join("; ") || "Every device is gone" });
  });

  const sentAt = now();
  const writes: BatchItem<"sqlite">[] = claimed.map((copy) => {
    let o = outcomes.get(copy.userId) ?? { status: "queued" as const, detail: "Not sent: trying again" };
    if (o.status === "queued" && copy.tries >= MAX_TRIES) {
      o = { status: "refused", detail: `Gave up after ${copy.tries} tries (${o.detail})` };
      outcomes.set(copy.userId, o);
    }
    return db
      .update(messageRecipients)
      .set({
        status: o.status,
        detail: o.detail,
        notBefore: o.notBefore ?? null,
        claimedAt: null,
        sentAt: o.status === "pushed" || o.status === "mailed" ? sentAt : null,
      })
      .where(and(inLeague(db, messageRecipients), eq(messageRecipients.messageId, message.id), eq(messageRecipients.userId, copy.userId)));
  });
  if (gone.length > 0) writes.push(forgetDevices(db, gone));
  await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);

  const count = (s: Outcome["status"]) => [...outcomes.values()].filter((o) => o.status === s).length;
  const outcome = {
    status: "done" as const,
    pushed: count("pushed"),
    mailed: count("mailed"),
    held: count("held"),
    refused: count("refused"),
    skipped: count("skipped"),
    again: claimed.length - outcomes.size + count("queued"),
  };
  if (outcome.again > 0) throw new Error(`Message ${message.id}: ${outcome.again} of ${claimed.length} copies to try again`);
  return outcome;
}
