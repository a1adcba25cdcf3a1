import { and, eq } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries, users } from "../../db/schema";
import { entriesScreenWithRows, type PlayEntry } from "../entries/entries-screen";
import { entryTotalCents } from "~/lib/signup/pricing";

// The check-in desk of a round's league night (ADR 25, ADR 38): every entry with whether it
// is checked in, when and by whom, its price and what it owes (the entries screen's money,
// services/entries/entries-screen.ts), and the night's counts. The night screen and the /api
// read it here.

export type CheckedInBy = { userId: number; name: string } | null;
export type NightEntry = PlayEntry & { checkedInAt: number | null; checkedInBy: CheckedInBy; priceCents: number };

/** Each entry's check-in: when, and the user who did it (a player themself, or an admin). */
export const checkInRows = (db: Db, roundId: number) =>
  db
    .select({ id: entries.id, at: entries.checkedInAt, byUserId: entries.checkedInBy, byName: users.name })
    .from(entries)
    .leftJoin(users, eq(users.id, entries.checkedInBy))
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
        // A check-in whose user was deleted since keeps its time, not its name.
        checkedInBy: at !== null && c?.byUserId != null ? { userId: c.byUserId, name: c.byName ?? "" } : null,
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

/** The round's desk alone (the /api's read): one trip, its 404 the round's. */
export async function nightDesk(db: Db, roundId: number) {
  const [{ screen }, checkIns] = await Promise.all([entriesScreenWithRows(db, roundId), checkInRows(db, roundId)]);
  return { round: screen.round, ...nightDeskOf(screen, checkIns) };
}
