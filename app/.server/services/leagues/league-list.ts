import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leagueRowColumns, leagues } from "../../db/schema";
import { type League, leagueOf } from "../../league";

// The deployment's front door (ADR 46): the leagues a visitor can find and open, by name. A
// league is listed while it is active (not frozen for a move, not moved), has played or set at
// least one round, is neither closed by its owner nor suspended by the operator, and neither
// of them has left it off. One read: the rounds are asked by the league's own index.

export type LeagueListing = Pick<League, "slug" | "name" | "isDefault"> & { town: string | null };

/** Words that must all appear in the name or the town, in any case: "thu springfield" finds "Thursday Night League" in "Springfield, IL". */
const matches = (text: string, words: string[]) => words.every((w) => text.toLowerCase().includes(w));

/** Every league on the front door, by name; with `search`, those whose name and town have each of its words. */
export async function listLeagues(db: Db, vars: Parameters<typeof leagueOf>[1], search = ""): Promise<LeagueListing[]> {
  const rows = await db
    .select({ ...leagueRowColumns, town: leagues.town })
    .from(leagues)
    .where(
      and(
        eq(leagues.status, "active"),
        isNull(leagues.closedAt),
        isNull(leagues.suspendedAt),
        eq(leagues.hiddenByOwner, false),
        eq(leagues.hiddenByOperator, false),
        sql`exists (select 1 from rounds r where r.league_id = ${leagues.id})`,
      ),
    );
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows
    .map((row) => ({ ...leagueOf(row, vars), town: row.town }))
    .filter((l) => matches(`${l.name} ${l.town ?? ""}`, words))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.slug.localeCompare(b.slug))
    .map(({ slug, name, isDefault, town }) => ({ slug, name, isDefault, town }));
}
