import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { messageRecipients, messages } from "../../db/schema";
import type { League } from "../../league";
import type { MessageKind } from "~/lib/messages/kinds";
import { leagueUrls } from "~/lib/shared/league-url";

// Making a message (ADR 49): the message and each recipient's copy, written once. The
// message is keyed on (league, key) — a card publish's moment, a reminder's round, an
// organiser's send — and each copy on (message, account), so a job that runs twice, or
// twenty sends of one key at once, make one message with one copy per account. Delivery is
// a follow-up (deliverMessage, ADR 44): nothing leaves the Worker inside the batch.

/** One account's copy: its own words (their card, their place) and where a tap takes them. */
export type Recipient = { userId: number; title: string; body: string; url: string };

export type NewMessage = {
  kind: MessageKind;
  key: string;
  roundId: number | null;
  title: string;
  body: string;
  /** An organiser's audience in words ("Card 3"); null for the league's own messages. */
  audience?: string | null;
  /** The channels it may use (both unless an organiser chose). */
  push?: boolean;
  mail?: boolean;
  test?: boolean;
  createdBy?: number | null;
};

/** Statements making the message and its recipients once, for the caller's guarded batch. */
export function messageStatements(db: Db, message: NewMessage, recipients: readonly Recipient[]): BatchItem<"sqlite">[] {
  const made = db
    .insert(messages)
    .values({
      leagueId: db.leagueId,
      kind: message.kind,
      roundId: message.roundId,
      key: message.key,
      title: message.title,
      body: message.body,
      audience: message.audience ?? null,
      push: message.push ?? true,
      mail: message.mail ?? true,
      test: message.test ?? false,
      createdBy: message.createdBy ?? null,
    })
    .onConflictDoNothing();
  // Each account once; each copy names its message by the key: the row this batch made, or
  // the one an earlier run did.
  const unique = [...new Map(recipients.map((r) => [r.userId, r])).values()];
  const copies = unique.map((r) =>
    db
      .insert(messageRecipients)
      .select(
        db
          .select(
            rowOf(db.leagueId, messageRecipients, {
              messageId: messages.id,
              userId: sql`${r.userId}`,
              title: sql`${r.title}`,
              body: sql`${r.body}`,
              url: sql`${r.url}`,
            }),
          )
          .from(messages)
          .where(and(inLeague(db, messages), eq(messages.key, message.key))),
      )
      .onConflictDoNothing(),
  );
  return [made, ...copies];
}

/** The league's path of a round's page, for a copy's url. */
export const roundPath = (league: League, roundId: number) => leagueUrls(league).href(`/rounds/${roundId}`);
