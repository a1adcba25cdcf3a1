import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leagueRowColumns, leagues } from "../../db/tables/leagues";
import { leagueOf } from "../../league";
import { type PotChange, aceCountsSql, feesCountSql, loweredSpans } from "./ace-pot";
import { formatCents } from "~/lib/shared/money";
import { formatDate } from "~/lib/shared/time";
import { fullNameSql } from "../../db/player-name";

// The words for a write refused because the ace pot would go below zero (ADR 21). The
// refusal's dates are in the zone of the query builder's league (ADR 46): its row is read
// beside the pot's events (its zone, or the vars' for a default league without one of its
// own), since the writes that can be refused (a round's entries, its date or fees, an ace)
// are made by many callers that have no reason to carry the zone.

type Event = { t: number; k: number; cents: number; name: string | null; added?: boolean };

/**
 * Why a write was refused, in the league's words: the first moment the change lowers
 * where the pot would be below zero, what it would hold, and whose ace was paid then.
 * Read after the refusal (nothing was written), with the change applied in memory.
 */
export async function potRefusal(db: Db, changes: readonly PotChange[], what: "change" | "ace"): Promise<string> {
  const spans = loweredSpans(changes);
  const [stored, [league]] = await Promise.all([
    db.all<Event>(sql`
    select r.d as t, 0 as k, r.ace_cents * rs.ace_entries as cents, null as name
      from rounds r join round_stats rs on rs.round_id = r.id where r.league_id = ${db.leagueId} and rs.ace_entries > 0 and ${feesCountSql("r")}
    union all
    select a.d, 1, -a.amt_cents, ${fullNameSql("p")} from aces a join players p on p.id = a.player_id where a.league_id = ${db.leagueId} and ${aceCountsSql("a")}`),
    db.select(leagueRowColumns).from(leagues).where(eq(leagues.id, db.leagueId)),
  ]);
  if (!league) throw new Error(`league ${db.leagueId} not found`);
  const events: Event[] = [
    ...stored,
    ...changes.map((c) => ({ t: c.t, k: c.kind === "ace" ? 1 : 0, cents: c.cents, name: null, added: true })),
    ...spans.map(([from]) => ({ t: from, k: 0, cents: 0, name: null })),
  ].sort((a, b) => a.t - b.t || a.k - b.k);
  const inSpan = (t: number) => spans.some(([from, until]) => t >= from && (until === null || t < until));
  const { timeZone } = leagueOf(league, env);
  let pot = 0;
  for (const [i, e] of events.entries()) {
    pot += Number(e.cents);
    // A moment is read after all its fees join; when aces follow, at the ace that goes below zero.
    if (e.k === 0 && events[i + 1]?.t === e.t) continue;
    if (pot >= 0 || !inSpan(e.t)) continue;
    const on = formatDate(e.t, timeZone);
    if (e.k === 1 && e.added && what === "ace") {
      return `On ${on} the ace pot holds ${formatCents(pot - e.cents)}; an ace of ${formatCents(-e.cents)} would take it below zero.`;
    }
    const when = e.k === 1 && e.name ? `, when ${e.name}'s ace was paid` : "";
    return `The ace pot cannot go below zero: after this ${what} it would hold ${formatCents(pot)} on ${on}${when}.`;
  }
  return "The ace pot cannot go below zero, and another change to it was saved at the same moment. Please try again.";
}
