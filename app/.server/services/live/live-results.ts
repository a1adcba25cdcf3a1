import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { auditLog, entries, users } from "../../db/schema";
import { commitRoundChange } from "../rounds/round-entries";
import type { LiveField } from "~/lib/live-state";

// Where live scores meet the round's results (ADR 26): finalising writes each player's
// total as their entry's score (or marks it DNF) through commitRoundChange, so payouts,
// places and stale ratings follow in the same batch as with the scores page (ADR 14), and
// an admin's change to a signed card or a finalised round leaves a row in the audit log.

/** A player's result as the live round holds it: the total (strokes and penalties), or DNF. */
export type LiveTotal = { entryId: number; score: number; dnf: boolean };

/**
 * Writes the totals into the round's entries, with the round's payouts and labels; an
 * entry already holding its total gets no write, so finalising again changes nothing.
 * Entries no longer in the round are skipped. Answers how many entries changed.
 */
export async function writeLiveScores(db: Db, roundId: number, totals: LiveTotal[]): Promise<{ changed: number }> {
  const byId = new Map(totals.map((t) => [t.entryId, { score: t.dnf ? 0 : t.score, dnf: t.dnf }]));
  return commitRoundChange(db, roundId, (state) => {
    const statements: BatchItem<"sqlite">[] = [];
    const after = state.entries.map((e) => {
      const total = byId.get(e.id);
      if (!total || (total.score === e.score && total.dnf === e.dnf)) return e;
      statements.push(db.update(entries).set(total).where(eq(entries.id, e.id)));
      return { ...e, ...total };
    });
    return { statements, after, guardPlayers: [], answer: () => ({ changed: statements.length }) };
  });
}

/** An admin's change to a signed card or a finalised round, as the audit log keeps it. */
export type LiveEdit = {
  /** The change's number in the round's change log. */
  seq: number;
  entryId: number;
  playerId: number;
  field: LiveField;
  hole: number;
  before: number | null;
  after: number;
  reason: string;
};

/** The audit log's table name for live score edits (services/audit/audit-fields.ts reads it). */
export const LIVE_AUDIT_TABLE = "live_scores";

/** One audit row per edit, naming the admin who made it (the triggers' shape, written here: no table of ours holds live scores). */
export async function recordLiveEdits(db: Db, roundId: number, actorUserId: number, edits: LiveEdit[]): Promise<void> {
  if (edits.length === 0) return;
  const actorName = sql`(select ${users.name} from ${users} where ${users.id} = ${actorUserId})`;
  const json = (field: LiveField, hole: number, value: number | null, reason?: string) =>
    JSON.stringify({ hole, [field]: value, ...(reason === undefined ? {} : { reason }) });
  await db.insert(auditLog).values(
    edits.map((e) => ({
      actorUserId,
      actorName,
      actorRole: "admin" as const,
      tableName: LIVE_AUDIT_TABLE,
      rowId: e.seq,
      action: "update" as const,
      playerId: e.playerId,
      roundId,
      before: json(e.field, e.hole, e.before),
      after: json(e.field, e.hole, e.after, e.reason),
    })),
  );
}
