import { normalizeName } from "../players/name-match";

// The night screen's check-in desk (ADR 38): what the organiser types in its one search box
// picks the round's players by the start of any part of their name, in any order, so "ann",
// "lee a" and "zoe obr" all find who they mean while a phone's keyboard is up. Pure.

/** Whether every word typed starts a word of the name (case, accents and apostrophes aside); blank matches all. */
export function nameMatches(name: string, typed: string): boolean {
  const words = normalizeName(name).split(" ");
  // normalizeName turns "Last, First" round; a typed comma means nothing here.
  const wanted = normalizeName(typed.replace(/,/g, " ")).split(" ").filter(Boolean);
  return wanted.every((w) => words.some((n) => n.startsWith(w)));
}

export type DeskFilter = {
  text: string;
  /** Only those not checked in: the players still to come. */
  notCheckedIn: boolean;
  /** Rows just acted on, kept in view under the filter (so their Undo stays where the thumb is). */
  kept: readonly number[];
};

/** The round's entries the desk lists, in their order. */
export function deskList<T extends { id: number; name: string; checkedInAt: number | null }>(entries: readonly T[], f: DeskFilter): T[] {
  return entries.filter((e) => nameMatches(e.name, f.text) && (!f.notCheckedIn || e.checkedInAt === null || f.kept.includes(e.id)));
}
