// The league's own messages (ADR 49) as tests make and read them: players with accounts on a
// round, a device subscribed on the local push stand-in's address, a push service that
// records what it was sent, the queue's env with VAPID keys, and each copy a message made.
import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { makeUser } from "./auth-fixtures";
import { makeEntry, makePlayer, testDb, uniq } from "./fixtures";
import { claims, messageRecipients, messages, pushSubscriptions } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { leagueFromEnv } from "~/.server/league";
import { newVapidKeys } from "~/.server/push/web-push";
import type { PushTransport } from "~/.server/services/messages/deliver";
import type { QueueEnv } from "../workers/queue/consumer";
import { quietUntil } from "~/lib/messages/quiet-hours";
import { nowSeconds } from "~/lib/shared/time";

export const league = { ...leagueFromEnv(env), id: DEFAULT_LEAGUE_ID };

const vapid = await newVapidKeys();
/** The queue's env with the deployment's VAPID keys set: the consumer pushes. */
export const pushEnv = { ...env, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } as unknown as QueueEnv;

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** A device's subscription as a browser makes it, on the local stand-in's address. */
export async function subscribe(userId: number) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const p256dh = b64url(await crypto.subtle.exportKey("raw", pair.publicKey));
  const [row] = await testDb()
    .insert(pushSubscriptions)
    .values({
      userId,
      endpoint: `http://127.0.0.1:9/push/${uniq("dev")}`,
      p256dh,
      auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
    })
    .returning();
  return row!;
}

/** A push service that records the endpoints it was sent to and accepts each. */
export function pushService() {
  const got: string[] = [];
  const push: PushTransport = async (url) => {
    got.push(url);
    return new Response(null, { status: 201 });
  };
  return { got, push };
}

/** What a push becomes now: pushed, or held when the league's quiet hours are on (a cancellation's never is). */
export const pushedNow = () => (quietUntil(nowSeconds(), league.timeZone) === null ? "pushed" : "held");

/** A player entered in `roundId` (unless `entered` is false), with an account holding an approved claim on them unless `account` is false. */
export async function playerOf(
  roundId: number | null,
  opts: { account?: boolean; locked?: boolean; entry?: Record<string, unknown> } = {},
) {
  const player = await makePlayer();
  const entry = roundId === null ? null : await makeEntry({ roundId, playerId: player.id, ...opts.entry });
  if (opts.account === false) return { player, entry, user: null };
  const user = await makeUser({ locked: opts.locked });
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  return { player, entry, user };
}

/** Each copy of the messages whose key starts with `prefix`, by account. */
export async function copiesOf(prefix: string) {
  const rows = await testDb()
    .select({
      key: messages.key,
      kind: messages.kind,
      userId: messageRecipients.userId,
      title: messageRecipients.title,
      body: messageRecipients.body,
      url: messageRecipients.url,
      status: messageRecipients.status,
    })
    .from(messageRecipients)
    .innerJoin(messages, eq(messages.id, messageRecipients.messageId))
    .where(like(messages.key, `${prefix}%`))
    .orderBy(messageRecipients.userId);
  return rows;
}

/** The keys of the messages made whose key starts with `prefix`. */
export async function keysOf(prefix: string) {
  const rows = await testDb()
    .select({ key: messages.key })
    .from(messages)
    .where(and(eq(messages.leagueId, DEFAULT_LEAGUE_ID), like(messages.key, `${prefix}%`)))
    .orderBy(messages.id);
  return rows.map((r) => r.key);
}

/** A `notify` job as the after-write runner queues it. */
export const notifyJob = (notice: unknown) => ({ type: "notify", id: crypto.randomUUID(), leagueId: DEFAULT_LEAGUE_ID, notice });
