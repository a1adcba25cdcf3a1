// The ace pot computed in the test from the rows themselves (ADR 21), without the app's
// SQL: every round's opted-in entries counted from `entries`, every ace, in date order.
import { sql } from "drizzle-orm";
import { testDb } from "./fixtures";

/** The lowest the pot is at any moment from `from` on (fees of a moment join before its aces leave). */
export async function lowestPotFrom(from: number): Promise<number> {
  const events = await testDb().all<{ t: number; k: number; cents: number }>(sql`
    select r.d as t, 0 as k, r.ace_cents * (select count(*) from entries e where e.round_id = r.id and e.ace = 1) as cents from rounds r
    union all select d, 1, -amt_cents from aces order by t, k`);
  let pot = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (const e of events) {
    pot += Number(e.cents);
    if (e.t >= from) lowest = Math.min(lowest, pot);
  }
  return lowest;
}
