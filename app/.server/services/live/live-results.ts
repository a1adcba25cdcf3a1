import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, checkFailed, inLeague } from "../../db/client";
import { auditLog, entries, rounds } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict } from "../../errors";
import type { Committed, FollowUp } from "../../follow-ups";
import { commitRoundChange } from "../entries/participants";
import type { LiveField } from "~/lib/live/live-state";

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
export async function writeLiveScores(
  db: Db,
  roundId: number,
  totals: LiveTotal[],
  along: BatchItem<"sqlite">[] = [],
): Promise<Committed<{ changed: number }>> {
  const byId = new Map(totals.map((t) => [t.entryId, { score: t.dnf ? 0 : t.score, dnf: t.dnf }]));
  return commitRoundChange(db, roundId, (state) => {
    // `along`: the audit rows of the save that changed them, written in this batch.
    const statements: BatchItem<"sqlite">[] = [...along];
    const after = state.entries.map((e) => {
      const total = byId.get(e.id);
      if (!total || (total.score === e.score && total.dnf === e.dnf)) return e;
      statements.push(
        db
          .update(entries)
          .set(total)
          .where(and(inLeague(db, entries), eq(entries.id, e.id))),
      );
      return { ...e, ...total };
    });
    return { statements, after, guardPlayers: [], answer: () => ({ changed: statements.length - along.length }) };
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

/**
 * Who saved an edit: the admin's account id and name as their verified session read it, kept
 * in the audit row so it outlives the account (the row never reads `users`, ADR 46).
 */
export type LiveActor = { userId: number; name: string };

/** The audit log's table name for live score edits (services/audit/audit-fields.ts reads it). */
export const LIVE_AUDIT_TABLE = "live_scores";

/** What an edit changed, as the audit row's key: "hole 3", "hole 3 penalty", "did not finish". */
const editKey = (e: Pick<LiveEdit, "field" | "hole">) =>
  e.field === "dnf" ? "did not finish" : e.field === "penalty" ? `hole ${e.hole} penalty` : `hole ${e.hole}`;

/**
 * The audit rows of one save (ADR 37): one per player it changed, naming the admin, with
 * every hole it changed before and after and the reason; the row's id is the save's last
 * change in the round's log. A batch item, for the save's one write.
 */
export function liveEditsInsert(db: Db, roundId: number, actor: LiveActor, edits: LiveEdit[]) {
  const byEntry = new Map<number, LiveEdit[]>();
  for (const e of edits) byEntry.set(e.entryId, [...(byEntry.get(e.entryId) ?? []), e]);
  return db.insert(auditLog).values(
    [...byEntry.values()].map((list) => {
      const before: Record<string, number | null> = {};
      const after: Record<string, number | string | null> = {};
      for (const e of list) {
        if (!(editKey(e) in before)) before[editKey(e)] = e.before;
        after[editKey(e)] = e.after;
      }
      const last = list.at(-1) as LiveEdit;
      after.reason = [...new Set(list.map((e) => e.reason))].join("; ");
      return {
        leagueId: db.leagueId,
        actorUserId: actor.userId,
        actorName: actor.name,
        actorRole: "admin" as const,
        tableName: LIVE_AUDIT_TABLE,
        rowId: last.seq,
        action: "update" as const,
        playerId: last.playerId,
        roundId,
        before: JSON.stringify(before),
        after: JSON.stringify(after),
      };
    }),
  );
}

/**
 * An admin's save of a locked card or a finalised round, written once: its audit rows, and a
 * finalised round's totals with their payouts in the same batch (ADR 37).
 */
export async function writeLiveEdits(
  db: Db,
  roundId: number,
  actor: LiveActor,
  edits: LiveEdit[],
  totals: LiveTotal[] | null,
): Promise<FollowUp[]> {
  if (edits.length === 0) return [];
  const rows = liveEditsInsert(db, roundId, actor, edits);
  if (totals) return (await writeLiveScores(db, roundId, totals, [rows])).followUps;
  await rows;
  return [];
}

/** The audit log's table name for a round ended early (ADR 50; services/audit/audit-words.ts reads it). */
export const ENDED_EARLY_AUDIT_TABLE = "rounds_ended_early";

/** The round was cancelled, or ended early, while this end was being written: nothing changed. */
export const ROUND_STOPPED_MEANWHILE = "This round was cancelled or ended early meanwhile: nothing was changed.";

/** A round's early end (ADR 50): when, who, the holes each card completed and the holes it needed. */
export type EndedEarly = { endedAt: number; actor: LiveActor; cards: { number: number; holes: number }[]; minHoles: number };

/**
 * Writes the results of a round ended early (each player's layout par plus their score to par
 * over their card's completed holes) with the round's `ended_early_at` and the audit row naming
 * who ended it, in one batch with its payouts, guarded: a round cancelled or already ended
 * early writes nothing (409).
 */
export async function writeEndedEarly(
  db: Db,
  roundId: number,
  totals: LiveTotal[],
  ended: EndedEarly,
): Promise<Committed<{ changed: number }>> {
  const round = and(inLeague(db, rounds), eq(rounds.id, roundId));
  const along: BatchItem<"sqlite">[] = [
    writeGuard(
      db,
      "roundCancelled",
      sql`exists (select 1 from ${rounds} where ${round} and (${rounds.cancelledAt} is not null or ${rounds.endedEarlyAt} is not null))`,
    ),
    db.update(rounds).set({ endedEarlyAt: ended.endedAt }).where(round),
    db.insert(auditLog).values({
      leagueId: db.leagueId,
      actorUserId: ended.actor.userId,
      actorName: ended.actor.name,
      actorRole: "admin",
      tableName: ENDED_EARLY_AUDIT_TABLE,
      rowId: roundId,
      action: "update",
      roundId,
      before: null,
      after: JSON.stringify({
        holes: ended.cards.map((c) => `card ${c.number}: ${c.holes}`).join(", "),
        min_holes: ended.minHoles,
      }),
    }),
  ];
  try {
    return await writeLiveScores(db, roundId, totals, along);
  } catch (err) {
    if (checkFailed(err, "round_cancelled")) throw conflict(ROUND_STOPPED_MEANWHILE);
    throw err;
  }
}
