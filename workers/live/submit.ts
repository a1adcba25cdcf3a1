import { readD1, writeD1 } from "./d1";
import { finalTotals } from "./finalize";
import { type LiveDeps, LiveRefusal, ensureRoster } from "./roster";
import { cardById, playerByEntry, playersOnCard, roundRow, storeStartedCard } from "./roster-store";
import { type BatchOutcome, type Caller, applyChange, refused } from "./rules";
import { seqOfChange } from "./score-store";
import { pinMatches } from "~/.server/services/accounts/scoring-pin";
import { recordLiveEdits, writeLiveScores } from "~/.server/services/live/live-results";
import { pinHashOfPlayer, startCard } from "~/.server/services/live/live-roster";
import type { Change } from "~/schemas/live";

// A batch of changes from a phone (socket or POST), start to end: who may send it, the D1
// steps the rules need first (a card's start, a PIN's hash), the rules themselves in the
// batch's order (./rules.ts), and what an admin's edit of a signed card or a finalised
// round writes to D1 after. The caller runs it with no other event in between.

const actorOf = (caller: Caller) => ({ userId: caller.userId, role: caller.role });

/** The first card the caller may not score among those the batch names; null when they may score them all. */
function deniedCard(sql: SqlStorage, caller: Caller, changes: Change[]): number | null {
  if (caller.role === "admin") return null;
  for (const c of changes) {
    const player = playerByEntry(sql, c.entryId);
    if (!player) continue;
    if (!playersOnCard(sql, player.cardId).some((p) => p.playerId === caller.playerId)) return player.cardId;
  }
  return null;
}

const unknownEntry = (sql: SqlStorage, changes: Change[]) => changes.some((c) => playerByEntry(sql, c.entryId) === null);

/** Refuses the whole batch when it names a card the caller is not on (after reading the cards again, in case they moved). */
async function authorize(d: LiveDeps, caller: Caller, roundId: number, changes: Change[]): Promise<void> {
  if (deniedCard(d.sql, caller, changes) !== null || unknownEntry(d.sql, changes)) await ensureRoster(d, roundId, { refresh: true });
  const denied = deniedCard(d.sql, caller, changes);
  if (denied === null) return;
  const number = cardById(d.sql, denied)?.number;
  throw new LiveRefusal("forbidden", `Only the players of ${number === undefined ? "a card" : `card ${number}`} and admins can score it.`);
}

/** Starts in D1 the cards this batch scores first; a card whose round is unpublished stays unstarted (its changes are refused). */
async function startCards(d: LiveDeps, caller: Caller, roundId: number, changes: Change[]): Promise<void> {
  const toStart = new Set<number>();
  for (const c of changes) {
    if (c.kind === "signoff" || seqOfChange(d.sql, c.id) !== null) continue;
    const player = playerByEntry(d.sql, c.entryId);
    const card = player ? cardById(d.sql, player.cardId) : null;
    if (card && card.startedAt === null) toStart.add(card.id);
  }
  for (const cardId of toStart) {
    const started = await writeD1(d.env, d.exports, actorOf(caller), (db) => startCard(db, roundId, cardId, d.now()));
    if (started) storeStartedCard(d.sql, started);
  }
}

async function checkPins(d: LiveDeps, changes: Change[]): Promise<Map<string, boolean>> {
  const matches = new Map<string, boolean>();
  for (const c of changes) {
    if (c.kind !== "signoff" || c.pin === undefined) continue;
    const player = playerByEntry(d.sql, c.entryId);
    if (player) matches.set(c.id, await pinMatches(await pinHashOfPlayer(readD1(d.env), player.playerId), c.pin));
  }
  return matches;
}

export async function submitChanges(d: LiveDeps, caller: Caller, roundId: number, changes: Change[]): Promise<BatchOutcome> {
  await ensureRoster(d, roundId);
  await authorize(d, caller, roundId, changes);
  await startCards(d, caller, roundId, changes);
  // A card's players as it started may differ from the copy the first check used.
  await authorize(d, caller, roundId, changes);
  const ctx = { sql: d.sql, caller, now: d.now(), pinMatches: await checkPins(d, changes) };
  const out: BatchOutcome = { results: [], entryIds: new Set(), cardIds: new Set(), edits: [] };
  for (const c of changes) {
    try {
      out.results.push(d.storage.transactionSync(() => applyChange({ ...ctx, out }, c)));
    } catch (err) {
      console.error("Live change failed", c.id, err);
      out.results.push(refused(c.id, "internal", "This change could not be saved. Please send it again."));
    }
  }
  if (out.edits.length > 0) {
    const final = roundRow(d.sql)?.finalizedAt != null;
    await writeD1(d.env, d.exports, actorOf(caller), async (db) => {
      await recordLiveEdits(db, roundId, caller.userId, out.edits);
      if (final) await writeLiveScores(db, roundId, finalTotals(d.sql));
    });
  }
  return out;
}
