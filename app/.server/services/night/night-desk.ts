import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries } from "../../db/schema";
import { accountsNamedBy } from "../../db/account-names";
import { entriesScreenWithRows, type PlayEntry } from "../entries/entries-screen";
import { entryTotalCents } from "~/lib/signup/pricing";

// The check-in desk of a round's league night (ADR 25, ADR 38): every entry with whether it
// is checked in, when and by whom, its price and what it owes (the entries screen's money,
// services/entries/entries-screen.ts), and the night's counts. The night screen and the /api
// read it here. Who checked an entry in is an account, the deployment's: the /api reads their
// names beside the entries, by the round's own select of them (ADR 46); the night screen does
// not show them.

export type CheckedInBy = { userId: number } | null;
export type NightEntry = PlayEntry & { checkedInAt: number | null; checkedInBy: CheckedInBy; priceCents: number };
/** An entry of the /api's desk: who checked it in, by name ("" for an account deleted since). */
export type NamedNightEntry = Omit<NightEntry, "checkedInBy"> & { checkedInBy: { userId: number; name: string } | null };

/** Each entry's check-in: when, and the user who did it (a player themself, or an admin). */
export const checkInRows = (db: Db, roundId: number) =>
  db
    .select({ id: entries.id, at: entries.checkedInAt, byUserId: entries.checkedInBy })
    .from(entries)
    .where(and(inLeague(db, entries), eq(entries.roundId, roundId)));

type Screen = Awaited<ReturnType<typeof entriesScreenWithRows>>["screen"];

/** The desk from the entries screen and the check-in rows, asked together: entries by name, and the counts. */
export function nightDeskOf(screen: Screen, checkIns: Awaited<ReturnType<typeof checkInRows>>) {
  const byId = new Map(checkIns.map((c) => [c.id, c]));
  const list = screen.entries
    .map((e): NightEntry => {
      const c = byId.get(e.id);
      const at = c?.at ?? null;
      return {
        ...e,
        checkedInAt: at,
        checkedInBy: at !== null && c?.byUserId != null ? { userId: c.byUserId } : null,
        priceCents: entryTotalCents(screen.round, e.ace, e.sidePotsCents),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    entries: list,
    counts: { entered: list.length, checkedIn: list.filter((e) => e.checkedInAt !== null).length, owedCents: screen.owedCents },
    played: list.some((e) => e.score > 0),
  };
}

/**
 * The round's desk alone (the /api's read), its 404 the round's: one trip, the names of those
 * who checked entries in asked beside the entries (ADR 46).
 */
export async function nightDesk(db: Db, roundId: number) {
  const [{ screen }, checkIns, names] = await Promise.all([
    entriesScreenWithRows(db, roundId),
    checkInRows(db, roundId),
    accountsNamedBy(
      db,
      sql`select ${entries.checkedInBy} from ${entries} where ${inLeague(db, entries)} and ${entries.roundId} = ${roundId} and ${entries.checkedInBy} is not null`,
    ),
  ]);
  const desk = nightDeskOf(screen, checkIns);
  // A check-in whose user was deleted since keeps its time, not its name.
  const named = desk.entries.map(
    (e): NamedNightEntry => ({
      ...e,
      checkedInBy: e.checkedInBy && { ...e.checkedInBy, name: names.get(e.checkedInBy.userId)?.name ?? "" },
    }),
  );
  return { round: screen.round, ...desk, entries: named };
}
