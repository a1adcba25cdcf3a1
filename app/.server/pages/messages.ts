import type { Db } from "../db/client";
import { leagueOf } from "../league";
import { inboxRead } from "../services/messages/inbox";
import { KIND_LABELS, type MessageKind } from "~/lib/messages/kinds";
import { deliveryWords } from "~/lib/messages/prefs";
import { formatDateLong, formatTime, nowSeconds } from "~/lib/shared/time";

type Vars = Parameters<typeof leagueOf>[1];

/** One copy on the Messages page, as it shows: its league's name, its time in the league's zone, how it reached the player. */
export type InboxItem = {
  messageId: number;
  kind: MessageKind;
  kindLabel: string;
  league: string;
  /** Seconds since the epoch (the page's <time>), and the same in the league's zone, in words. */
  at: number;
  when: string;
  title: string;
  body: string;
  url: string;
  how: string;
};

/** The Messages page (ADR 49): the signed-in account's copies from every league, newest first; one trip. */
export async function messagesPage(db: Db, userId: number, vars: Vars, now = nowSeconds()): Promise<{ items: InboxItem[] }> {
  const rows = await inboxRead(db, userId, now);
  const items = rows.map((row) => {
    const league = leagueOf(row.league, vars);
    const at = row.sentAt ?? row.createdAt;
    return {
      messageId: row.messageId,
      kind: row.kind,
      kindLabel: KIND_LABELS[row.kind],
      league: league.name,
      at,
      when: `${formatDateLong(at, league.timeZone)}, ${formatTime(at, league.timeZone)}`,
      title: row.title,
      body: row.body,
      url: row.url,
      how: deliveryWords(row.status, row.detail),
    };
  });
  return { items };
}
