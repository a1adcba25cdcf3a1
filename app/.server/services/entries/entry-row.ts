import { type SQL, and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { entries } from "../../db/schema";
import { type EntryRow, entriesQuery, toEntryRow } from "./entries";
import type { RoundChange } from "./participants";

// The entry a write makes, read back in the write's own batch (ADR 14, 41): its answer
// needs no round trip after the batch. Read last among the change's statements, so it sees
// the entry and its side pots as the batch wrote them; a new entry's payout and label are
// not rewritten after them (payouts are rewritten for the entries the round had).

type EntryQueryRow = Parameters<typeof toEntryRow>[0];

/** `change`, whose statements make the player's entry in the round, answering that entry's row. */
export function withEntryRow(db: Db, roundId: number, playerId: number | SQL, change: RoundChange<number>): RoundChange<EntryRow> {
  return {
    ...change,
    statements: [...change.statements, entriesQuery(db, and(eq(entries.roundId, roundId), eq(entries.playerId, playerId)) as SQL)],
    answer: (results, payoutsWritten, readBack) => {
      change.answer(results.slice(0, -1), payoutsWritten, readBack);
      const [row] = results.at(-1) as EntryQueryRow[];
      if (!row) throw new Error("the entry the batch made was not read back");
      return toEntryRow(row);
    },
  };
}
