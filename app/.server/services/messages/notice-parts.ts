import { type Column, and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inLeague } from "../../db/client";
import { claims, rounds } from "../../db/schema";
import { accountsRead } from "../../mail/recipients";
import type { NewMessage, Recipient } from "./message-write";

// What every notice (notices.ts, round-notices.ts) builds its message from: the round, the
// players' accounts and each account's copy.

/** A message and each account's copy, to make once. */
export type Made = { message: NewMessage; recipients: Recipient[] };

/** The join to the player's account (`playerId`: a column of the query): its approved claim in the league, if any. */
export const claimOn = (db: Db, playerId: Column) =>
  and(eq(claims.playerId, playerId), inLeague(db, claims), eq(claims.status, "approved"));

/** The copies of the rows whose account is one (an approved claim) and unlocked (ADR 46). */
export async function copiesFor<T extends { userId: number | null }>(
  db: Db,
  rows: readonly T[],
  words: (row: T) => Omit<Recipient, "userId">,
) {
  const ids = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const open = new Set(ids.length ? (await accountsRead(db, ids)).map((a) => a.userId) : []);
  return rows.flatMap((r) => (r.userId !== null && open.has(r.userId) ? [{ userId: r.userId, ...words(r) }] : []));
}

export const roundRead = (db: Db, roundId: number) =>
  db
    .select({
      id: rounds.id,
      name: rounds.name,
      startsAt: rounds.startsAt,
      location: rounds.location,
      publishedAt: rounds.cardsPublishedAt,
    })
    .from(rounds)
    .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));
