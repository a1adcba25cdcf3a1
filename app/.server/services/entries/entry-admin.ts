import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, inLeague, uniqueViolation } from "../../db/client";
import { entries, players } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import { balanceCentsSql } from "../players/balance-sql";
import { chunk } from "../../db/chunk";
import type { Committed } from "../../follow-ups";
import type { GuardedPlayer } from "../money/in-round";
import { type RoundChange, type RoundState, type StateEntry, commitRoundChange, readRoundState, roundOfRow } from "./participants";
import { assertEntryVersion } from "../rounds/versions";
import { guardOf } from "./payouts";
import { playerRow } from "../players/player-row";
import { type Withdrawal, withdrawEntry } from "./withdrawal";
import { settleLapsedNow } from "./waitlist-promote";
import { lapsedOfferQuery } from "../waitlist/place";
import { settled, settledValue } from "~/lib/shared/settled";
import { nowSeconds } from "~/lib/shared/time";
import { withEntryRow } from "./entry-row";
import { type EntryRow, entriesQuery, toEntryRow } from "./entries";
import type { EntryChanges, NewEntryValues } from "~/schemas/entries";
import { fullNameSql } from "../../db/player-name";
import { fullName } from "~/lib/players/player-name";

// The admin's writes to a round's entries. Each goes through commitRoundChange,
// so the round's payouts and result labels are rewritten in the same atomic batch and no
// player's credit goes below zero.

const entryOf = (state: RoundState, id: number) => {
  const found = state.entries.find((e) => e.id === id);
  if (!found) throw notFound("Entry not found");
  return found;
};

const alreadyEntered = (name: string) => conflict(`${name} is already entered in this round.`);

type NewEntry = Omit<NewEntryValues, "over_cap"> & { over_cap?: boolean };

/**
 * Adds an entry (and, for 'Add player: {text}', its new player) to a round: answers the
 * entry's id, and what it leaves for after its batch (ADR 44).
 */
export async function addEntry(db: Db, v: NewEntry): Promise<Committed<number>> {
  const { value, followUps } = await addEntryRow(db, v);
  return { value: value.id, followUps };
}

/** addEntry, answering the entry as its batch read it back. */
export async function addEntryRow(db: Db, v: NewEntry): Promise<Committed<EntryRow>> {
  // Asked at once (ADR 41), checked in the order they always were: the player, then the list, then the round.
  const [facts, [lapsed], read] = await Promise.all([
    v.player ? settled(playerFacts(db, v.player)) : null,
    v.over_cap ? [] : lapsedOfferQuery(db, v.round_id, nowSeconds()),
    settled(readRoundState(db, v.round_id)),
  ]);
  const existing = facts ? settledValue(facts) : null;
  const entryValues = {
    roundId: v.round_id,
    division: v.division,
    ace: v.ace,
    creditAddedCents: v.credit_added,
    creditUsedCents: v.credit_used,
    payoutAdjustCents: v.payoutAdjust,
  };
  // A lapsed offer passes to the next on the list before the admin's entry is judged (ADR 28).
  // Settling writes: the round's state is then read afresh by commitRoundChange.
  const settledFirst = lapsed ? await settleLapsedNow(db, v.round_id, nowSeconds()) : [];
  const first = lapsed ? undefined : settledValue(read);
  try {
    const { value, followUps } = await commitRoundChange(
      db,
      v.round_id,
      (state) => withEntryRow(db, v.round_id, existing?.id ?? newPlayerId(db), plan(state)),
      first,
    );
    return { value, followUps: [...settledFirst, ...followUps] };
  } catch (err) {
    // Two adds of one player racing: the unique index lets one in.
    if (uniqueViolation(err)) throw alreadyEntered(existing?.name ?? "That player");
    throw err;
  }

  function plan(state: RoundState): RoundChange<number> {
    const after = [...state.entries, { id: null, division: v.division, score: 0 }];
    const delta = v.credit_added - v.credit_used;
    // Past the round's field cap only by the admin's explicit override (ADR 28).
    const place = (playerId: number) => (v.over_cap ? undefined : { playerId, division: v.division, byAdmin: true });
    if (existing) {
      if (state.entries.some((e) => e.playerId === existing.id)) throw alreadyEntered(existing.name);
      return {
        statements: [
          db
            .insert(entries)
            .values({ leagueId: db.leagueId, ...entryValues, playerId: existing.id })
            .returning({ id: entries.id }),
        ],
        after,
        guardPlayers: [{ playerId: existing.id, name: existing.name, balanceCents: existing.balanceCents, deltaCents: delta }],
        takesPlace: place(existing.id),
        answer: ([rows]) => firstId(rows),
      };
    }
    const fresh = v.newPlayer;
    if (!fresh) throw badRequest("Choose a player");
    // A new player has no credit: using some would overdraw them at once.
    if (delta < 0) throw conflict(`${fullName(fresh)} is a new player with no credit to use.`);
    return {
      statements: [
        db.insert(players).values(playerRow(db.leagueId, { ...fresh, division: v.division })),
        // The batch runs in order on one connection: last_insert_rowid() is the new player.
        db
          .insert(entries)
          .values({ leagueId: db.leagueId, ...entryValues, playerId: sql`last_insert_rowid()` })
          .returning({ id: entries.id }),
      ],
      after,
      guardPlayers: [],
      takesPlace: place(0),
      answer: ([, rows]) => firstId(rows),
    };
  }
}

/** The new player an add made in its batch: read right after the entry's insert, whose row last_insert_rowid() names. */
const newPlayerId = (db: Db) => sql`(select player_id from ${entries} where league_id = ${db.leagueId} and id = last_insert_rowid())`;

function firstId(rows: unknown): number {
  const id = (rows as { id: number }[] | undefined)?.[0]?.id;
  if (id === undefined) throw new Error("the entry insert returned no row");
  return id;
}

/** A player with their name and balance (404 when there is none). */
export async function playerFacts(db: Db, id: number) {
  const [p] = await db
    .select({ id: players.id, name: fullNameSql(players), balanceCents: balanceCentsSql(id).mapWith(Number) })
    .from(players)
    .where(and(inLeague(db, players), eq(players.id, id)));
  if (!p) throw notFound("Player not found");
  return p;
}

/** The round all of `ids` belong to: one round per write (404 for an unknown id, or one of another round than `expected`). */
async function roundOf(db: Db, ids: number[], expected?: number): Promise<number> {
  const rows = (
    await Promise.all(
      chunk(ids).map((part) =>
        db
          .select({ id: entries.id, roundId: entries.roundId })
          .from(entries)
          .where(and(inLeague(db, entries), inArray(entries.id, part))),
      ),
    )
  ).flat();
  if (rows.length !== new Set(ids).size) throw notFound("Entry not found");
  const roundIds = new Set(rows.map((r) => r.roundId));
  if (roundIds.size > 1) throw badRequest("Change the entries of one round at a time");
  const roundId = rows[0]?.roundId ?? 0;
  if (expected !== undefined && roundId !== expected) throw notFound("Entry not found");
  return roundId;
}

/** An edit of one entry: `version` is the entry's as the editor read it (ADR 20). */
export type EntryChange = { id: number; version: number; value: EntryChanges };

/**
 * Applies edits to entries of one round (the inline editor, /update, /bulk, the scores
 * page) in one batch with the round's payouts. Answers how many entries changed. An edit
 * of an entry that changed since it was read is refused (409); an entry the edit would
 * leave as it is gets no write, so its version does not matter (a form posted without
 * JavaScript sends every row).
 */
export async function updateEntries(db: Db, changes: EntryChange[], inRound?: number): Promise<Committed<number>> {
  const { value, followUps } = await editEntries(db, changes, inRound);
  return { value: value.updated, followUps };
}

/** updateEntries of one entry, answering the entry as its batch left it (its payout and label with it). */
export async function updateEntry(db: Db, change: EntryChange): Promise<Committed<EntryRow>> {
  const { value, followUps } = await editEntries(db, [change], undefined, change.id);
  if (!value.entry) throw notFound("Entry not found");
  return { value: value.entry, followUps };
}

async function editEntries(db: Db, changes: EntryChange[], inRound?: number, readBackId?: number) {
  const ids = changes.map((c) => c.id);
  if (new Set(ids).size !== ids.length) throw badRequest("Each entry may appear only once");
  // The entries' round and its state (keyed by the first entry's round) at once (ADR 41): roundOf's refusals win.
  const [roundId, read] = await Promise.all([roundOf(db, ids, inRound), settled(readRoundState(db, roundOfRow(db, entries, ids[0] ?? 0)))]);
  const first = read.ok && read.value.round.id === roundId ? read.value : undefined;
  return commitRoundChange(
    db,
    roundId,
    (state) => {
      const statements: BatchItem<"sqlite">[] = [];
      const guardPlayers: GuardedPlayer[] = [];
      const edited = new Map<number, StateEntry>();
      for (const { id, version, value } of changes) {
        const now = entryOf(state, id);
        const next = {
          ...now,
          division: value.division ?? now.division,
          ace: value.ace ?? now.ace,
          score: value.score ?? now.score,
          // A score typed for an entry marked DNF (ADR 26) says the player finished after all.
          dnf: value.score !== undefined && value.score > 0 ? false : now.dnf,
          payoutAdjustCents: value.payoutAdjust ?? now.payoutAdjustCents,
          creditAddedCents: value.credit_added ?? now.creditAddedCents,
          creditUsedCents: value.credit_used ?? now.creditUsedCents,
        };
        const set = changedFields(now, next);
        if (Object.keys(set).length === 0) continue;
        assertEntryVersion(now, version);
        // Credit set by hand is the admin's own decision, no longer what Credit payouts gave (ADR 37).
        const byHand = set.creditAddedCents !== undefined ? { creditedForCents: null } : {};
        statements.push(
          db
            .update(entries)
            .set({ ...set, ...byHand })
            .where(and(inLeague(db, entries), eq(entries.id, id))),
        );
        guardPlayers.push(guardOf(now, next));
        edited.set(id, next);
      }
      return {
        statements,
        after: state.entries.map((e) => edited.get(e.id) ?? e),
        guardPlayers,
        readBack: readBackId === undefined ? [] : [entriesQuery(db, eq(entries.id, readBackId))],
        answer: (_, __, [rows]) => {
          const [row] = (rows ?? []) as Parameters<typeof toEntryRow>[0][];
          return { updated: statements.length, entry: row ? toEntryRow(row) : undefined };
        },
      };
    },
    first,
  );
}

const EDITABLE = ["division", "ace", "score", "dnf", "payoutAdjustCents", "creditAddedCents", "creditUsedCents"] as const;

function changedFields(now: StateEntry, next: StateEntry): Partial<Pick<StateEntry, (typeof EDITABLE)[number]>> {
  const set: Record<string, unknown> = {};
  for (const field of EDITABLE) if (next[field] !== now[field]) set[field] = next[field];
  return set;
}

/**
 * Removes an entry read at `version` as a withdrawal (ADR 22): what paid for it (credit,
 * PayPal, cash) comes back as league credit in the same batch, so no path removes a paid
 * entry and keeps the money.
 */
export async function deleteEntry(db: Db, id: number, version: number, inRound?: number, reason?: string): Promise<Withdrawal> {
  return withdrawEntry(db, id, { admin: true }, { inRound, version, reason });
}
