import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { makeUser } from "../auth-fixtures";
import { nowSec, testDb, uniq } from "../fixtures";
import { recordMail } from "../job-fixtures";
import { messagePrefs, messageRecipients, messages, pushSubscriptions } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { leagueFromEnv } from "~/.server/league";
import { newVapidKeys } from "~/.server/push/web-push";
import { type NewMessage, messageStatements } from "~/.server/services/messages/message-write";
import { type DeliverDeps, MAX_TRIES, type PushTransport, deliverMessage, pushText, pushTopic } from "~/.server/services/messages/deliver";
import { releaseHeld, staleDeliveries } from "~/.server/services/messages/redeliver";
import { zonedTimeToEpoch } from "~/lib/shared/time";
import type { Channel, MessageKind } from "~/lib/messages/kinds";

// Delivering a message (ADR 49): each recipient's copy goes once, by the channel they chose,
// to every device they subscribed; a push service's 404/410 forgets the device, its 5xx tries
// again with the same Topic; quiet hours hold a push till morning but a cancellation's.

const league = { ...leagueFromEnv(env), id: DEFAULT_LEAGUE_ID };
const vapid = { ...(await newVapidKeys()), subject: "mailto:league@example.com" };
const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A device's subscription as a browser makes it: a P-256 key and a 16-byte secret, on the local stand-in's address. */
async function subscribe(userId: number) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const p256dh = b64url(await crypto.subtle.exportKey("raw", pair.publicKey));
  const endpoint = `http://127.0.0.1:9/push/${uniq("dev")}`;
  const [row] = await testDb()
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh, auth: b64url(crypto.getRandomValues(new Uint8Array(16))) })
    .returning();
  return row!;
}

/** A push service that records what it was sent and answers `status(endpoint)` (201 unless told). */
function pushService(status: (endpoint: string) => number = () => 201) {
  const got: { endpoint: string; topic: string | null; ttl: string | null; urgency: string | null }[] = [];
  const push: PushTransport = async (url, init) => {
    const headers = new Headers(init.headers);
    got.push({ endpoint: url, topic: headers.get("Topic"), ttl: headers.get("TTL"), urgency: headers.get("Urgency") });
    return new Response(null, { status: status(url) });
  };
  return { got, push };
}

const noon = zonedTimeToEpoch({ year: 2026, month: 6, day: 10, hour: 12 }, league.timeZone);
const night = zonedTimeToEpoch({ year: 2026, month: 6, day: 10, hour: 23 }, league.timeZone);

function deps(push: PushTransport, send = recordMail().send, at = noon): DeliverDeps {
  return { push, send, vapid, secret: env.SESSION_SECRET, linkOrigin: "http://localhost:8787", league, allowLocal: true, now: () => at };
}

async function make(kind: MessageKind, userIds: number[], extra: Partial<NewMessage> = {}) {
  const key = uniq(`${kind}-`);
  const message: NewMessage = { kind, key, roundId: null, title: "Thursday league", body: "Hello", ...extra };
  const recipients = userIds.map((userId) => ({ userId, title: message.title, body: `Hello ${userId}`, url: "/rounds" }));
  await testDb().batch(messageStatements(testDb(), message, recipients) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return key;
}

const copies = (key: string) =>
  testDb()
    .select({
      userId: messageRecipients.userId,
      status: messageRecipients.status,
      detail: messageRecipients.detail,
      tries: messageRecipients.tries,
    })
    .from(messageRecipients)
    .innerJoin(messages, and(eq(messages.id, messageRecipients.messageId), eq(messages.key, key)));

async function choose(userId: number, kind: MessageKind, channel: Channel) {
  await testDb().insert(messagePrefs).values({ leagueId: DEFAULT_LEAGUE_ID, userId, kind, channel });
}

describe("delivering a message", () => {
  it("pushes to every device of a subscribed player, mails one without a device, and skips one who turned it off", async () => {
    const [a, b, c] = [await makeUser(), await makeUser(), await makeUser()];
    const [a1, a2] = [await subscribe(a.id), await subscribe(a.id)];
    await choose(c.id, "cards", "off");
    const key = await make("cards", [a.id, b.id, c.id]);
    const service = pushService();
    const mail = recordMail();
    const outcome = await deliverMessage(testDb(), key, deps(service.push, mail.send));
    expect(outcome).toMatchObject({ status: "done", pushed: 1, mailed: 1, skipped: 1, again: 0 });
    expect(service.got.map((g) => g.endpoint).sort()).toEqual([a1.endpoint, a2.endpoint].sort());
    expect(mail.sent.map((m) => m.to)).toEqual([b.email]);
    expect(mail.sent[0]?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const rows = await copies(key);
    expect(Object.fromEntries(rows.map((r) => [r.userId, r.status]))).toEqual({ [a.id]: "pushed", [b.id]: "mailed", [c.id]: "skipped" });
  });

  it("sends each copy once when twenty deliveries run at once", async () => {
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await makeUser());
    for (const u of users) await subscribe(u.id);
    const key = await make(
      "organiser",
      users.map((u) => u.id),
    );
    const service = pushService();
    await Promise.all(Array.from({ length: 20 }, () => deliverMessage(testDb(), key, deps(service.push))));
    expect(service.got).toHaveLength(5);
    expect(new Set(service.got.map((g) => g.endpoint)).size).toBe(5);
    expect((await copies(key)).every((r) => r.status === "pushed" && r.tries === 1)).toBe(true);
  });

  it("tries a busy push service again with the same Topic, and forgets a device that is gone, mailing instead", async () => {
    const [busy, goneUser] = [await makeUser(), await makeUser()];
    const busyDevice = await subscribe(busy.id);
    const goneDevice = await subscribe(goneUser.id);
    const key = await make("cards", [busy.id, goneUser.id]);
    let down = true;
    const service = pushService((url) => (url === goneDevice.endpoint ? 410 : down ? 503 : 201));
    const mail = recordMail();
    await expect(deliverMessage(testDb(), key, deps(service.push, mail.send))).rejects.toThrow(/1 of 2 copies to try again/);
    expect(mail.sent.map((m) => m.to)).toEqual([goneUser.email]);
    const left = await testDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, goneDevice.id));
    expect(left).toHaveLength(0);
    down = false;
    const again = await deliverMessage(testDb(), key, deps(service.push, mail.send));
    expect(again).toMatchObject({ pushed: 1, again: 0 });
    const toBusy = service.got.filter((g) => g.endpoint === busyDevice.endpoint);
    expect(toBusy).toHaveLength(2);
    expect(new Set(toBusy.map((g) => g.topic))).toEqual(new Set([toBusy[0]?.topic]));
    expect(toBusy[0]?.topic).toMatch(/^m\d+$/);
    expect(mail.sent).toHaveLength(1);
  });

  it("holds a push through the quiet hours, but not a cancellation's nor a mail, and lets it go in the morning", async () => {
    const [p, m] = [await makeUser(), await makeUser()];
    await subscribe(p.id);
    const service = pushService();
    const mail = recordMail();
    const results = await make("results", [p.id, m.id]);
    expect(await deliverMessage(testDb(), results, deps(service.push, mail.send, night))).toMatchObject({ held: 1, mailed: 1 });
    expect(service.got).toHaveLength(0);
    const cancelled = await make("cancelled", [p.id]);
    expect(await deliverMessage(testDb(), cancelled, deps(service.push, mail.send, night))).toMatchObject({ pushed: 1 });
    // At 07:59 nothing is due; at 08:00 the held push is queued again and its message named.
    const morning = zonedTimeToEpoch({ year: 2026, month: 6, day: 11, hour: 8 }, league.timeZone);
    expect(await releaseHeld(testDb(), morning - 60)).not.toContain(results);
    expect(await releaseHeld(testDb(), morning)).toContain(results);
    expect(await deliverMessage(testDb(), results, deps(service.push, mail.send, morning))).toMatchObject({ pushed: 1 });
    expect(mail.sent).toHaveLength(1);
  });

  it("mails a player who chose mail although they have a device; an organiser's push-only message skips one without", async () => {
    const [mailer, deviceless] = [await makeUser(), await makeUser()];
    await subscribe(mailer.id);
    await choose(mailer.id, "organiser", "mail");
    const key = await make("organiser", [mailer.id, deviceless.id], { push: true, mail: false });
    const service = pushService();
    const mail = recordMail();
    // Mail is not allowed by the organiser: the player who chose mail is pushed to instead.
    expect(await deliverMessage(testDb(), key, deps(service.push, mail.send))).toMatchObject({ pushed: 1, skipped: 1 });
    const rows = await copies(key);
    expect(rows.find((r) => r.userId === deviceless.id)?.detail).toBe("No device to push to");
    const both = await make("organiser", [mailer.id], { push: true, mail: true });
    expect(await deliverMessage(testDb(), both, deps(service.push, mail.send))).toMatchObject({ mailed: 1, pushed: 0 });
  });

  it("gives a copy up after its last try, saying why, and the cron finds copies whose job died", async () => {
    const u = await makeUser();
    const key = await make("owed", [u.id]);
    const mail = recordMail({ fail: true });
    await expect(deliverMessage(testDb(), key, deps(pushService().push, mail.send))).rejects.toThrow(/try again/);
    // The job died with the copy queued: ten minutes on, the cron names its message.
    expect(await staleDeliveries(testDb(), nowSec() + 60)).not.toContain(key);
    expect(await staleDeliveries(testDb(), nowSec() + 11 * 60)).toContain(key);
    await testDb()
      .update(messageRecipients)
      .set({ tries: MAX_TRIES - 1 })
      .where(eq(messageRecipients.userId, u.id));
    expect(await deliverMessage(testDb(), key, deps(pushService().push, mail.send))).toMatchObject({ refused: 1, again: 0 });
    expect((await copies(key))[0]?.detail).toBe(`Gave up after ${MAX_TRIES} tries (Mail failed: trying again)`);
    expect(await staleDeliveries(testDb(), nowSec() + 11 * 60)).not.toContain(key);
  });

  it("makes one message and one copy per account however often its statements run", async () => {
    const u = await makeUser();
    const key = await make("ace", [u.id, u.id]);
    const again = messageStatements(testDb(), { kind: "ace", key, roundId: null, title: "t", body: "b" }, [
      { userId: u.id, title: "t", body: "other", url: "/" },
    ]);
    await testDb().batch(again as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    expect(await copies(key)).toHaveLength(1);
  });

  it("shows the first 120 characters of a long message in the push", () => {
    expect(pushText("x".repeat(120))).toHaveLength(120);
    expect([...pushText("é".repeat(300))]).toHaveLength(120);
    expect(pushText("y".repeat(121)).endsWith("…")).toBe(true);
    expect(pushTopic(42)).toBe("m42");
  });
});
