import type { Db } from "../../db/client";
import { getLeagueSettings } from "../settings/league-settings";
import { entriesScreenWithRows } from "../entries/entries-screen";
import { cashRecordRows, nightCashOf } from "./night-cash";
import { cardBoard } from "../cards/card-board";
import { roundTeams } from "../doubles/teams";
import { checkInRows, nightDeskOf } from "./night-desk";

// What the league-night screen (/admin/round/night/{id}) shows (ADR 25): the round, every
// entry with its check-in and money (the entries screen's rule, services/rounds/
// entries-screen.ts), the counts, the cards and the card settings the "Make cards" form
// starts from, and the night's cash summary (ADR 38) from the same entry and payment rows.

export type { NightEntry } from "./night-desk";

export async function nightScreen(db: Db, roundId: number) {
  const [{ screen, rows, payments, pots: sidePots }, checkIns, board, settings, teams, cashRows] = await Promise.all([
    entriesScreenWithRows(db, roundId),
    checkInRows(db, roundId),
    cardBoard(db, roundId),
    getLeagueSettings(db),
    roundTeams(db, roundId),
    cashRecordRows(db, roundId),
  ]);
  const { entries, counts, played } = nightDeskOf(screen, checkIns);
  return {
    round: screen.round,
    entries,
    counts,
    played,
    staleCredit: screen.staleCredit,
    board,
    cardSettings: { mode: settings.cardMode, start: settings.cardStart, size: settings.cardSize },
    // Rain-outs (ADR 50): the holes every card must have finished for the round to end early.
    endEarlyHoles: settings.endEarlyHoles,
    divisions: settings.divisions,
    sidePots,
    teams: { ...teams, caliRule: settings.caliRule },
    cash: nightCashOf(screen.round, rows, payments, cashRows),
  };
}
