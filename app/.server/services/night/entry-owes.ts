import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { entries, players, rounds } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { type EntryMoneyView, roundMoneyOf, roundPayments } from "../money/round-money";
import { ownClaim } from "../players/own-claim";
import { entryMoneyColumns } from "./entry-money-columns";
import { type NightActor, NIGHT_MESSAGES } from "./night-target";
import { entryTotalCents } from "~/lib/signup/pricing";

// What one entry owes on its league night (ADR 25, ADR 37): its price (entry, ace pot, side
// pots), what paid for it and what is left to pay, by the round's money rule
// (services/money/round-money.ts), the same the night screen and the round page show. An
// admin reads any entry; a player only their own (their approved claim's player).

export const ENTRY_OWES_MESSAGES = { notYours: "You can only see what your own entry owes." } as const;

export type EntryOwes = {
  entryId: number;
  roundId: number;
  roundName: string;
  playerId: number;
  name: string;
  ace: boolean;
  checkedInAt: number | null;
  priceCents: number;
  money: EntryMoneyView;
};

/** The entry's money: 404 for no such entry, 403 for a player's other than their own. One trip (ADR 41). */
export async function entryOwes(db: Db, entryId: number, who: NightActor): Promise<EntryOwes> {
  const [[row], payments, claim] = await Promise.all([
    db
      .select({ ...entryMoneyColumns, roundId: entries.roundId, roundName: rounds.name, name: fullNameSql(players) })
      .from(entries)
      .innerJoin(rounds, eq(rounds.id, entries.roundId))
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.id, entryId))),
    // The round's payments keyed by the entry: asked beside it, not after.
    roundPayments(db, sql<number>`(select round_id from ${entries} where id = ${entryId} and league_id = ${db.leagueId})`),
    who.admin ? null : ownClaim(db, who.userId),
  ]);
  // A player without an approved claim owns no entry: refused before anything read is used.
  if (!who.admin && claim?.status !== "approved") throw new AppError("forbidden", NIGHT_MESSAGES.noClaim);
  if (!row) throw notFound("Entry not found");
  if (!who.admin && row.playerId !== claim?.playerId) throw new AppError("forbidden", ENTRY_OWES_MESSAGES.notYours);
  const money = roundMoneyOf(row, [{ id: row.entryId, ...row }], payments).byEntry.get(row.entryId) as EntryMoneyView;
  return {
    entryId: row.entryId,
    roundId: row.roundId,
    roundName: row.roundName,
    playerId: row.playerId,
    name: row.name,
    ace: row.ace,
    checkedInAt: row.checkedInAt,
    priceCents: entryTotalCents(row, row.ace, row.sidePotsCents),
    money,
  };
}
