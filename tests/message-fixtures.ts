// Helpers for the messages tests (ADR 49): a league of the test's own, members, a player's
// rows of choices, and messages written straight into the tables, as the delivery leaves them.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { testDb, uniq } from "./fixtures";
import { forgetLeagues } from "../workers/league-directory";
import { getDb } from "~/.server/db/client";
import { claims, leagues, messagePrefs, messageRecipients, messages, players } from "~/.server/db/schema";
import type { DeliveryStatus, MessageKind } from "~/lib/messages/kinds";

/** A league of the test's own (slug unique), active, not the default. */
export async function makeLeague(name = "Second League", timeZone = "America/Denver") {
  forgetLeagues();
  const [row] = await testDb()
    .insert(leagues)
    .values({ slug: `msg-${crypto.randomUUID().slice(0, 8)}`, name, timeZone })
    .returning();
  return { id: row.id, slug: row.slug, name, db: getDb(env.DB, row.id) };
}

/** Makes account `userId` a member of league `leagueId`: an approved claim on a player of its own. */
export async function memberOf(leagueId: number, userId: number) {
  const [player] = await testDb().insert(players).values({ leagueId, firstName: "Member", lastName: "Here", division: "MA1" }).returning();
  await testDb().insert(claims).values({ leagueId, userId, playerId: player.id, status: "approved" });
}

/** Account `userId`'s rows of message_prefs in league `leagueId`, by kind. */
export async function prefRows(userId: number, leagueId: number): Promise<Record<string, string>> {
  const rows = await testDb()
    .select({ kind: messagePrefs.kind, channel: messagePrefs.channel })
    .from(messagePrefs)
    .where(and(eq(messagePrefs.leagueId, leagueId), eq(messagePrefs.userId, userId)));
  return Object.fromEntries(rows.map((r) => [r.kind, r.channel]));
}

/** A message of league `leagueId` with one copy for each of `userIds`, made `createdAt` (epoch seconds). */
export async function sendMessage(
  leagueId: number,
  userIds: number[],
  opts: {
    title?: string;
    body?: string;
    kind?: MessageKind;
    createdAt?: number;
    status?: DeliveryStatus;
    detail?: string;
    url?: string;
  } = {},
) {
  const title = opts.title ?? `Message ${uniq()}`;
  const body = opts.body ?? `The body of ${title}.\nA second line.`;
  const createdAt = opts.createdAt ?? Math.floor(Date.now() / 1000);
  const [message] = await testDb()
    .insert(messages)
    .values({ leagueId, kind: opts.kind ?? "organiser", key: uniq("key"), title, body, createdAt })
    .returning();
  for (const userId of userIds)
    await testDb()
      .insert(messageRecipients)
      .values({
        leagueId,
        messageId: message.id,
        userId,
        title,
        body,
        url: opts.url ?? "/rounds/1",
        status: opts.status ?? "pushed",
        detail: opts.detail ?? null,
        createdAt,
        sentAt: createdAt,
      });
  return { id: message.id, title, body };
}
