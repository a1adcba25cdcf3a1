import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { entries } from "../../db/schema";
import { getLeagueSettings } from "../standings/league-settings";
import { entriesScreenWithRows, type PlayEntry } from "../rounds/entries-screen";
import { cashRecordRows, nightCashOf } from "./night-cash";
import { cardBoard } from "./card-board";
import { roundTeams } from "../doubles/teams";
import { entryTotalCents } from "~/lib/pricing";

// What the league-night screen (/admin/round/night/{id}) shows (ADR 25): the round, every
// entry with its check-in and money (the entries screen's rule, services/rounds/
// entries-screen.ts), the counts, the cards and the card settings the "Make cards" form
// starts from, and the night's cash summary (ADR 38) from the same entry and payment rows.

export type NightEntry = PlayEntry & { checkedInAt: number | null; priceCents: number };

export async function nightScreen(db: Db, roundId: number) {
  const [{ screen, rows, payments, pots: sidePots }, checkIns, board, settings, teams, cashRows] = await Promise.all([
    entriesScreenWithRows(db, roundId),
    db.select({ id: entries.id, at: entries.checkedInAt }).from(entries).where(eq(entries.roundId, roundId)),
    cardBoard(db, roundId),
    getLeagueSettings(db),
    roundTeams(db, roundId),
    cashRecordRows(db, roundId),
  ]);
  const at = new Map(checkIns.map((c) => [c.id, c.at]));
  const list = screen.entries
    .map(
      (e): NightEntry => ({ ...e, checkedInAt: at.get(e.id) ?? null, priceCents: entryTotalCents(screen.round, e.ace, e.sidePotsCents) }),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    round: screen.round,
    entries: list,
    counts: { entered: list.length, checkedIn: list.filter((e) => e.checkedInAt !== null).length, owedCents: screen.owedCents },
    played: list.some((e) => e.score > 0),
    staleCredit: screen.staleCredit,
    board,
    cardSettings: { mode: settings.cardMode, start: settings.cardStart, size: settings.cardSize },
    divisions: settings.divisions,
    sidePots,
    teams: { ...teams, caliRule: settings.caliRule },
    cash: nightCashOf(screen.round, rows, payments, cashRows),
  };
}
