import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staleCreditSql } from "../money/money-sql";
import { acePotCents } from "../money/aces";
import { roundBalances } from "../money/balance";
import { type EntryMoneyView, roundMoneyOf, roundPayments } from "../money/round-money";
import { entriesForRound } from "./entries";
import type { StateEntry } from "./participants";
import { getRound } from "../rounds/rounds";
import { fullName } from "~/lib/players/player-name";
import { creditSuggestionCapCents } from "~/lib/signup/pricing";
import { type EntryNight, roundEntryNights } from "./withdrawal-rules";
import { roundPots } from "../sidepots/pot-view";
import { holesToMeasure } from "~/lib/sidepots/ctp-rules";

/** One row of the admin's entries screen: the entry, its player's balance, how it was paid and where it stands on the night. */
export type PlayEntry = Omit<StateEntry, "paymentId"> & { money: EntryMoneyView; night: EntryNight };

const NO_NIGHT: EntryNight = { checkedIn: false, cardNumber: null, cardStarted: false, onPublishedCard: false };

/** What /admin/round/play/{id} shows: the round, its entries with their money, the pot at stake. */
export async function entriesScreen(db: Db, id: number) {
  return (await entriesScreenWithRows(db, id)).screen;
}

/** The screen, and the round's entry, payment and side pot rows it was made of (the night screen reads them too). */
export async function entriesScreenWithRows(db: Db, id: number) {
  const [round, list, pot, paid, nights, pots, [stale], balances] = await Promise.all([
    getRound(db, id),
    entriesForRound(db, id),
    acePotCents(db, id),
    roundPayments(db, id),
    roundEntryNights(db, id),
    roundPots(db, id),
    db.all<{ count: number }>(
      sql`select count(*) as count from entries e where e.league_id = ${db.leagueId} and e.round_id = ${id} and ${staleCreditSql("e")}`,
    ),
    // The entered players' balances by the round's id: beside the entries, not after them.
    roundBalances(db, id),
  ]);
  const money = roundMoneyOf(
    round,
    list.map((e) => ({ ...e, name: fullName(e) })),
    paid,
  );
  const entries = list.map(
    (e): PlayEntry => ({
      id: e.id,
      playerId: e.playerId,
      name: fullName(e),
      division: e.division,
      ace: e.ace,
      score: e.score,
      dnf: e.dnf,
      payoutCents: e.payoutCents,
      payoutAdjustCents: e.payoutAdjustCents,
      creditAddedCents: e.creditAddedCents,
      creditUsedCents: e.creditUsedCents,
      creditedForCents: e.creditedForCents,
      sidePotsCents: e.sidePotsCents,
      team: e.team,
      result: e.result,
      version: e.version,
      balanceCents: balances.get(e.playerId) ?? 0,
      money: money.byEntry.get(e.id) as EntryMoneyView,
      night: nights.get(e.id) ?? NO_NIGHT,
    }),
  );
  const screen = {
    round,
    entries,
    pot,
    creditCapCents: creditSuggestionCapCents(round),
    owedCents: money.owedCents,
    issues: money.issues,
    /** Entries whose credit Credit payouts gave for a payout they no longer have (ADR 37). */
    staleCredit: Number(stale?.count ?? 0),
    // CTP holes held without a distance: Credit payouts asks before paying them (ADR 30).
    toMeasure: holesToMeasure(pots),
  };
  return { screen, rows: list, payments: paid, pots };
}
