import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leagueRowColumns, leagues } from "../../db/schema";
import { type League, leagueOf } from "../../league";

// The deployment's front door (ADR 46): the active leagues a visitor can open, by name. A
// frozen league (a move under way) or a moved one is left out until it is active again; so is
// one the operator suspended or hid.

export type LeagueListing = Pick<League, "slug" | "name" | "isDefault">;

/** Words that must all appear in a name, in any case: "thu league" finds "Thursday Night League". */
const matches = (name: string, words: string[]) => words.every((w) => name.toLowerCase().includes(w));

/** Every league open to visitors, by name; with `search`, those whose name has each of its words. */
export async function listLeagues(db: Db, vars: Parameters<typeof leagueOf>[1], search = ""): Promise<LeagueListing[]> {
  const rows = await db
    .select(leagueRowColumns)
    .from(leagues)
    .where(and(eq(leagues.status, "active"), isNull(leagues.suspendedAt), eq(leagues.hiddenByOperator, false)));
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows
    .map((row) => leagueOf(row, vars))
    .filter((l) => matches(l.name, words))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.slug.localeCompare(b.slug))
    .map(({ slug, name, isDefault }) => ({ slug, name, isDefault }));
}
