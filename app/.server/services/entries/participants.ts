import { type SQL, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, checkFailed } from "../../db/client";
import { entries, players, rounds } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict, notFound } from "../../errors";
import { type PotChange, entriesPotChanges, potGuards } from "../money/ace-pot";
import { potRefusal } from "../money/ace-pot-refusal";
import { roundPaymentsFingerprintSql } from "../money/money-sql";
import { type RoundPayment, paymentsOfRows, roundPaymentsQuery } from "../money/round-money";
import { balanceCentsSql } from "../players/balance-sql";
import { entryColumns } from "./entries";
import { formatCents } from "~/lib/money";
import { payoutsByEntry } from "~/lib/payouts";
import { fullNameSql } from "../../db/player-name";
import { fullRefusal, noRoomGuard } from "../waitlist/field";
import { potsFingerprintSql } from "../sidepots/pot-sql";
import { type PotState, potStateOf, potStateQueries } from "../sidepots/pot-state";
import type { Settled } from "~/lib/settled";
import { type Committed, type FollowUp, MAIL_WAITLIST, nothingAfter, rerate, syncTagsFrom } from "../../follow-ups";

// Every write to a round's entries goes through commitRoundChange (ADR 14): it reads the
// round, lets the caller plan its statements from what it read, recomputes the payouts and
// result labels of the round as it will be, and sends all of it as one atomic batch that
// starts with a guard: if the round's entries changed since they were read (another admin,
// a sign-up), the batch aborts and is planned again from a fresh read. Balance guards at
// the end abort it when a player's credit would go below zero, and a pot guard when the
// change would take the ace pot below zero at a moment it lowers (ADR 21).

export type StateEntry = {
  id: number;
  playerId: number;
  name: string;
  division: string;
  ace: boolean;
  score: number;
  dnf: boolean;
  payoutCents: number;
  payoutAdjustCents: number;
  creditAddedCents: number;
  creditUsedCents: number;
  /** What Credit payouts credited it for when it last ran; null when set by hand or never (ADR 37). */
  creditedForCents: number | null;
  /** The buy-ins of the side pots the entry is in: part of its price (ADR 30). */
  sidePotsCents: number;
  /** A doubles round's team number (ADR 31), null before the draw. */
  team: number | null;
  paymentId: number | null;
  result: string | null;
  version: number;
  balanceCents: number;
};

export type RoundState = {
  round: {
    id: number;
    name: string;
    startsAt: number;
    payoutCents: number;
    aceCents: number;
    version: number;
    countsForTags: boolean;
    doubles: boolean;
    feePdgaCents: number;
    feeCourseCents: number;
    feeOtherCents: number;
  };
  fingerprint: string;
  entries: StateEntry[];
  /** The round's money payments (PayPal and cash): what an entry owes, or paid beyond its price (ADR 37). */
  payments: RoundPayment[];
  /** The round's side pots (ADR 30): their opt-ins and marks are part of the fingerprint. */
  sidePots: PotState[];
};

/**
 * What a plan is made from: each entry's id and version (a trigger bumps it whenever a
 * field a write sets changes: division, score, ace, payouts, credits, payment; migration
 * 0011), and the round's version (its payout per entry among its fields).
 */
function fingerprintSql(roundId: number | SQL): SQL<string> {
  return sql<string>`(
    coalesce((select group_concat(id || ':' || version, ',')
      from (select id, version from ${entries} where round_id = ${roundId} order by id)), '')
    || '|' || coalesce((select version || ':' || teams_version from ${rounds} where id = ${roundId}), '')
    || '|' || ${potsFingerprintSql(roundId)}
    || '|' || ${roundPaymentsFingerprintSql(roundId)}
  )`;
}

/** `roundId` may be SQL naming the round (a subquery keyed by an id the caller has): read beside its other reads (ADR 41). */
export async function readRoundState(db: Db, roundId: number | SQL): Promise<RoundState> {
  const [roundRows, entryRows, paymentRows, ...potRows] = await db.batch([
    db
      .select({
        id: rounds.id,
        name: rounds.name,
        startsAt: rounds.startsAt,
        payoutCents: rounds.payoutCents,
        aceCents: rounds.aceCents,
        version: rounds.version,
        countsForTags: rounds.countsForTags,
        doubles: rounds.doubles,
        feePdgaCents: rounds.feePdgaCents,
        feeCourseCents: rounds.feeCourseCents,
        feeOtherCents: rounds.feeOtherCents,
        fingerprint: fingerprintSql(roundId),
      })
      .from(rounds)
      .where(eq(rounds.id, roundId)),
    db
      .select({
        ...entryColumns,
        name: fullNameSql(players),
        // By the player table: inside the balance subqueries "entries" names their own rows.
        balanceCents: balanceCentsSql(sql`${players.id}`).mapWith(Number),
      })
      .from(entries)
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(eq(entries.roundId, roundId))
      .orderBy(entries.id),
    roundPaymentsQuery(db, roundId),
    ...potStateQueries(db, roundId),
  ]);
  const [round] = roundRows;
  if (!round) throw notFound("Round not found");
  const { fingerprint, ...rest } = round;
  return {
    round: rest,
    fingerprint,
    entries: entryRows,
    payments: paymentsOfRows(paymentRows),
    sidePots: potStateOf(potRows),
  };
}

/** A state read beside a caller's other reads, for commitRoundChange's first plan: only when it is the round's. */
export const firstOf = (read: Settled<RoundState>, roundId: number): RoundState | undefined =>
  read.ok && read.value.round.id === roundId ? read.value : undefined;

/**
 * An entry as it will be after the change: a new entry (not yet written) has no id. `ace`
 * when the change may set it: an opted-in entry planned with `ace: false`, or left out,
 * takes its fee from the pot, which is then guarded.
 */
export type PlannedEntry = { id: number | null; division: string; score: number; dnf?: boolean; ace?: boolean; team?: number | null };

export type RoundChange<T> = {
  statements: BatchItem<"sqlite">[];
  /** The round's entries after the change, for its payouts. */
  after: PlannedEntry[];
  /** The round's per-entry payout after the change, when the change sets it. */
  roundPayoutCents?: number;
  /** Players whose balance the change lowers (deltaCents < 0); each is guarded in the batch. */
  guardPlayers: GuardedPlayer[];
  /** A new entry that must find a place under the round's caps (ADR 28); left out by an admin's override. */
  takesPlace?: { playerId: number; division: string; byAdmin?: boolean };
  /** Changes to the pot besides the entries' own (a round moved or its ace fee changed): guarded where they lower it. */
  potChanges?: PotChange[];
  /** Reads sent last in the batch, after the payouts: what the answer reports, as the batch left it (ADR 41). */
  readBack?: BatchItem<"sqlite">[];
  /** What the caller answers, from the results of its own statements, the count of payouts rewritten and its readBack's rows. */
  answer: (results: unknown[], payoutsWritten: number, readBack: unknown[]) => T;
};

export type GuardedPlayer = { playerId: number; name: string; balanceCents: number; deltaCents: number };

/** Updates for the entries whose stored payout or label differs from the planned one: nothing else is written. */
function payoutUpdates(db: Db, state: RoundState, after: PlannedEntry[], payoutCents: number): BatchItem<"sqlite">[] {
  const planned = payoutsByEntry(after, payoutCents);
  const stored = new Map(state.entries.map((e) => [e.id, e]));
  const out: BatchItem<"sqlite">[] = [];
  for (const [id, p] of planned) {
    const now = stored.get(id);
    if (!now || (now.payoutCents === p.payoutCents && now.result === p.result)) continue;
    out.push(db.update(entries).set({ payoutCents: p.payoutCents, result: p.result }).where(eq(entries.id, id)));
  }
  return out;
}

// Replanning is cheap (two reads); a random pause that doubles with each attempt spreads out
// writers that collided (a busy night: sign-ups, score saves and withdrawals on one round),
// at most about 2.5 s in all before the caller is asked to try again.
const MAX_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));

/**
 * Plans and commits one change to a round's entries with its payouts, atomically; replans
 * when the round changed under it. `plan` may throw an AppError (404, 409) to refuse.
 * `read`: the round's state as the caller read it beside its own reads (one trip, ADR 41),
 * planned from on the first attempt; a replan reads it afresh. Answers the plan's answer and
 * what the change leaves for after its batch (ADR 44): ratings to recompute when scores
 * changed, a tags round's swap once it has results, the waitlist's news when an entry
 * is made (an entry for a player on the list closes their place).
 */
export async function commitRoundChange<T>(
  db: Db,
  roundId: number,
  plan: (state: RoundState) => RoundChange<T>,
  read?: RoundState,
): Promise<Committed<T>> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) await pause(attempt);
    const state = attempt === 0 && read ? read : await readRoundState(db, roundId);
    const change = plan(state);
    const guard = writeGuard(db, "roundChanged", sql`${fingerprintSql(roundId)} is not ${state.fingerprint}`);
    const payouts = payoutUpdates(db, state, change.after, change.roundPayoutCents ?? state.round.payoutCents);
    const lowered = change.guardPlayers.filter((p) => p.deltaCents < 0);
    const balanceGuards = lowered.map((p) =>
      writeGuard(db, "overdrawn", sql`${balanceCentsSql(p.playerId)} < 0 and ${balanceCentsSql(p.playerId)} < ${p.balanceCents}`),
    );
    const potChanges = [...entriesPotChanges(state.round, state.entries, change.after), ...(change.potChanges ?? [])];
    const place = change.takesPlace;
    const placeGuard = place ? [noRoomGuard(db, roundId, place.division, place.playerId)] : [];
    try {
      const results = await db.batch([
        guard,
        ...placeGuard,
        ...change.statements,
        ...payouts,
        ...balanceGuards,
        ...potGuards(db, potChanges),
        ...(change.readBack ?? []),
      ]);
      const first = 1 + placeGuard.length;
      const readBack = results.slice(results.length - (change.readBack?.length ?? 0));
      const value = change.answer(results.slice(first, first + change.statements.length), payouts.length, readBack);
      return { value, followUps: followUpsOf(state, change.after) };
    } catch (err) {
      if (checkFailed(err, "round_changed")) continue;
      if (checkFailed(err, "overdrawn")) throw conflict(overdrawnMessage(lowered));
      if (place && checkFailed(err, "field_full")) throw await fullRefusal(db, roundId, place.division, place.byAdmin);
      if (checkFailed(err, "pot_negative")) throw conflict(await potRefusal(db, potChanges, "change"));
      throw err;
    }
  }
  throw conflict("The round's entries changed while saving. Please try again.");
}

/**
 * commitRoundChange for a change that can leave nothing for after its batch (a payment, a
 * check-in, the payouts): its answer. A follow-up it did leave is a mistake, thrown.
 */
export async function commitQuietChange<T>(
  db: Db,
  roundId: number,
  plan: (state: RoundState) => RoundChange<T>,
  read?: RoundState,
): Promise<T> {
  return nothingAfter(await commitRoundChange(db, roundId, plan, read));
}

/** What a committed change leaves for after its batch (ADR 44). */
function followUpsOf(state: RoundState, after: PlannedEntry[]): FollowUp[] {
  return [
    ...(scoresChanged(state, after) ? [rerate(state.round.startsAt)] : []),
    // A tags round's swap follows its results (ADR 27), recomputed from the holdings before it
    // (saving the same results again swaps nothing twice).
    ...(state.round.countsForTags && hasResults(state.entries, after) ? [syncTagsFrom(state.round.startsAt)] : []),
    ...(after.some((e) => e.id === null) ? [MAIL_WAITLIST] : []),
  ];
}

/** Whether the round had or will have a result (a score or a DNF): before that, no swap to make. */
function hasResults(before: StateEntry[], after: PlannedEntry[]): boolean {
  return [...before, ...after].some((e) => e.score > 0 || e.dnf);
}

/** Whether a change adds, removes or re-scores a scored entry: the round's ratings (ADR 17) then change. */
function scoresChanged(state: RoundState, after: PlannedEntry[]): boolean {
  const before = new Map(state.entries.map((e) => [e.id, e.score]));
  const kept = new Set(after.map((e) => e.id));
  return (
    after.some((e) => (e.id === null ? e.score > 0 : before.get(e.id) !== e.score)) ||
    state.entries.some((e) => e.score > 0 && !kept.has(e.id))
  );
}

/** Names the players the change would overdraw as read; after a race with another write, every guarded one. */
export function overdrawnMessage(guarded: GuardedPlayer[]): string {
  const short = guarded.filter((p) => p.balanceCents + p.deltaCents < 0);
  const names = (short.length ? short : guarded).map(
    (p) => `${p.name} has ${formatCents(p.balanceCents)} of credit and this would take ${formatCents(-p.deltaCents)}`,
  );
  return `Credit cannot go below zero: ${names.join("; ")}.`;
}
