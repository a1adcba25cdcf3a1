import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { messagePrefs } from "../../db/schema";
import { type Channel, DEFAULT_CHANNEL, type MessageKind } from "~/lib/messages/kinds";

// A player's channel for a kind of message in the request's league (ADR 49): their choice,
// else the kind's default ("auto": push on a device they subscribed, else mail).

export type ChosenChannel = Channel | "auto";

/** Each of `userIds`' channel for `kind`, unrun (one bound JSON list): the rows chosen; the rest take the default. */
export function channelsRead(db: Db, userIds: readonly number[], kind: MessageKind) {
  return db
    .select({ userId: messagePrefs.userId, channel: messagePrefs.channel })
    .from(messagePrefs)
    .where(
      and(
        inLeague(db, messagePrefs),
        eq(messagePrefs.kind, kind),
        sql`${messagePrefs.userId} in (select value from json_each(${JSON.stringify(userIds)}))`,
      ),
    );
}

/** The chosen rows as a map over every one of `userIds`, the default filled in. */
export function channelMap(
  userIds: readonly number[],
  kind: MessageKind,
  rows: readonly { userId: number; channel: Channel }[],
): Map<number, ChosenChannel> {
  const chosen = new Map(rows.map((r) => [r.userId, r.channel]));
  return new Map(userIds.map((id) => [id, chosen.get(id) ?? DEFAULT_CHANNEL[kind]]));
}

/** Each of `userIds`' channel for `kind` (any number of users: one bound JSON list). */
export async function channelsOf(db: Db, userIds: readonly number[], kind: MessageKind): Promise<Map<number, ChosenChannel>> {
  return channelMap(userIds, kind, await channelsRead(db, userIds, kind));
}
