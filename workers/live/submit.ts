import { writeD1 } from "./d1";
import { finalTotals } from "./finalize";
import { authorize, deniedCards, deniedChange, unknownEntry } from "./authorize";
import { type LiveDeps, ensureRoster, refreshAside, rosterStale } from "./roster";
import { cardById, holesOf, playerByEntry, roundRow, storeStartedCard } from "./roster-store";
import { type BatchOutcome, type Caller, refused } from "./change-context";
import { applyChange } from "./rules";
import { seqOfChange } from "./change-log";
import { type PinCheck, checkPins, settlePins } from "./pin-checks";
import { writeLiveEdits } from "~/.server/services/live/live-results";
import { alone } from "~/.server/follow-ups";
import { startCard } from "~/.server/services/live/live-roster";
import type { Change } from "~/schemas/live";

// A batch of changes from a phone (socket or POST), start to end: who may score each of its
// changes (./authorize.ts), the D1
// steps the rules need first (a card's start, a PIN's hash), the rules themselves in the
// batch's order (./rules.ts), and what an admin's edit of a signed card or a finalised
// round writes to D1 after. Most batches need no D1 at all (a started card, no PIN, no
// reason): submitNow takes them in one synchronous step. A card's first batch waits for its
// start in D1 (startAside) while other cards' batches go on, then takes the same step. The
// rest go through submitChanges, which the caller runs with no other event in between.

const actorOf = (caller: Caller) => ({ userId: caller.userId, role: caller.role, name: caller.name });

/** The cards this batch would score first: they start in D1 before its changes apply. */
function cardsToStart(sql: SqlStorage, changes: Change[]): Set<number> {
  const toStart = new Set<number>();
  for (const c of changes) {
    if (c.kind === "signoff") continue;
    const player = playerByEntry(sql, c.entryId);
    const card = player ? cardById(sql, player.cardId) : null;
    if (card && card.startedAt === null && seqOfChange(sql, c.id) === null) toStart.add(card.id);
  }
  return toStart;
}

function applyAll(d: LiveDeps, caller: Caller, changes: Change[], pins: Map<string, PinCheck>, denied = new Set<number>()): BatchOutcome {
  const out: BatchOutcome = { results: [], cells: new Map(), signed: new Set(), cardIds: new Set(), started: new Set(), edits: [] };
  const ctx = {
    sql: d.sql,
    caller,
    now: d.now(),
    pins,
    out,
    holes: holesOf(d.sql).length,
    finalized: roundRow(d.sql)?.finalizedAt != null,
  };
  for (const c of changes) {
    const no = deniedChange(d.sql, denied, c);
    if (no) {
      out.results.push(no);
      continue;
    }
    try {
      out.results.push(d.storage.transactionSync(() => applyChange(ctx, c)));
    } catch (err) {
      console.error("Live change failed", c.id, err);
      out.results.push(refused(c.id, "internal", "This change could not be saved. Please send it again."));
    }
  }
  return out;
}

/**
 * The batch applied at once when it needs nothing from D1; else the cards to start first
 * (when that is all it needs), or "slow": submitChanges.
 */
export function submitNow(d: LiveDeps, caller: Caller, roundId: number, changes: Change[]): BatchOutcome | { start: number[] } | "slow" {
  const round = roundRow(d.sql);
  if (!round || round.roundId !== roundId) return "slow";
  if (changes.some((c) => c.reason !== undefined || (c.kind === "signoff" && c.pin !== undefined))) return "slow";
  if (unknownEntry(d.sql, changes) || deniedCards(d.sql, caller, changes).size > 0) return "slow";
  const start = cardsToStart(d.sql, changes);
  if (start.size > 0) return { start: [...start] };
  if (rosterStale(d)) refreshAside(d, roundId);
  return applyAll(d, caller, changes, new Map());
}

/**
 * Starts cards in D1 (each once, however many batches wait for it), holding up only the
 * batches that wait for them. Starts go one after another: D1 takes writes one at a time
 * anyway, and in a shotgun start's burst the first card then plays at once instead of
 * every card waiting for the last. Answers the cards this call started (the others' starts
 * are told by the batch that made them).
 */
export async function startAside(d: LiveDeps, caller: Caller, roundId: number, cardIds: number[]): Promise<number[]> {
  const mine: number[] = [];
  const starts = cardIds.map((cardId) => {
    let started = d.starting.get(cardId);
    if (!started) {
      const before = [...d.starting.values()].at(-1) ?? Promise.resolve();
      started = before
        .catch(() => {})
        .then(() => writeD1(d, actorOf(caller), async (db) => alone(await startCard(db, roundId, cardId, d.now()))))
        .then((card) => {
          if (card) storeStartedCard(d.sql, card);
          if (card) mine.push(cardId);
        })
        .finally(() => d.starting.delete(cardId));
      d.starting.set(cardId, started);
    }
    return started;
  });
  // A start that failed is tried again, and explained, by submitChanges.
  await Promise.allSettled(starts);
  return mine;
}

/** The batch with the D1 steps it needs; a card whose round is unpublished stays unstarted (its changes are refused). */
export async function submitChanges(d: LiveDeps, caller: Caller, roundId: number, changes: Change[]): Promise<BatchOutcome> {
  // Batches that came before this one and wait for a card's start went first: the caller
  // waited for the starts before blockConcurrencyWhile, which cannot wait for another
  // event's D1 call (it never completes while every other event is held: ADR 35).
  await ensureRoster(d, roundId);
  const denied = authorize(d, caller, changes);
  const started: number[] = [];
  const mayScore = changes.filter((c) => deniedChange(d.sql, denied, c) === null);
  for (const cardId of cardsToStart(d.sql, mayScore)) {
    const card = await writeD1(d, actorOf(caller), async (db) => alone(await startCard(db, roundId, cardId, d.now())));
    if (card) {
      storeStartedCard(d.sql, card);
      started.push(cardId);
    }
  }
  // A card's players as it started may differ from the copy the first check used.
  const deniedNow = authorize(d, caller, changes);
  const allowed = changes.filter((c) => deniedChange(d.sql, deniedNow, c) === null);
  const pins = await checkPins(d, caller, allowed);
  const out = applyAll(d, caller, changes, pins, deniedNow);
  await settlePins(d, pins);
  for (const cardId of started) out.started.add(cardId);
  if (out.edits.length > 0) {
    const final = roundRow(d.sql)?.finalizedAt != null;
    // One write for the save: its audit rows, and a finalised round's results with them (ADR 37).
    await writeD1(d, actorOf(caller), async (db) => ({
      value: undefined,
      followUps: await writeLiveEdits(
        db,
        roundId,
        { userId: caller.userId, name: caller.name },
        out.edits,
        final ? finalTotals(d.sql) : null,
      ),
    }));
  }
  return out;
}
