import { type SQL, and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, checkFailed, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { entries, players, rounds } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict, notFound } from "../../errors";
import type { Committed, FollowUp } from "../../follow-ups";
import { payoutsByEntry } from "~/lib/rounds/payouts";
import type { Settled } from "~/lib/shared/settled";

// A write to a round's entries (ADR 14) reads the round, lets the caller plan its statements
// from what it read, recomputes the round's payouts and result labels as they will be, and
// sends all of it as one atomic batch that starts with a guard: if the round changed since it
// was read (another admin, a sign-up), the batch aborts and is planned again from a fresh
// read. What else a round's write must read, guard and leave behind belongs to the domains
// that take part in it (the ace pot, balances, payments, the field's caps, side pots, teams,
// tags, ratings): each is a RoundParticipant, listed once (services/entries/participants.ts),
// and this file knows none of them (ADR 45).

/** A round's entry as every round write reads it; participants add their columns. */
export type CoreEntry = {
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
  /** A doubles round's team number (ADR 31), null before the draw. */
  team: number | null;
  paymentId: number | null;
  result: string | null;
  version: number;
};

export type CoreRound = {
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
  /** Cancelled (ADR 50): no write changes its entries until it is restored. */
  cancelledAt: number | null;
};

/** The words of a write refused because its round is cancelled (ADR 50). */
export const cancelledRoundMessage = (name: string) => `${name} is cancelled, so its entries cannot change. Restore the round first.`;

/** The batch item that aborts a write to a round cancelled since it was read (ADR 50). */
export const notCancelledGuard = (db: Db, roundId: number | SQL) =>
  writeGuard(
    db,
    "roundCancelled",
    sql`(select cancelled_at from ${rounds} where league_id = ${db.leagueId} and id = ${roundId}) is not null`,
  );

/** The round as a write plans from it: participants add what they read beside it. */
export type CoreState = { round: CoreRound; fingerprint: string; entries: CoreEntry[] };

/**
 * An entry as it will be after the change: a new entry (not yet written) has no id. `ace`
 * when the change may set it: an opted-in entry planned with `ace: false`, or left out,
 * takes its fee from the pot, which is then guarded.
 */
export type PlannedEntry = { id: number | null; division: string; score: number; dnf?: boolean; ace?: boolean; team?: number | null };

/** What every change gives; participants ask for more (the players whose balance it lowers, a place it takes). */
export type CoreChange<T> = {
  statements: BatchItem<"sqlite">[];
  /** The round's entries after the change, for its payouts. */
  after: PlannedEntry[];
  /** The round's per-entry payout after the change, when the change sets it. */
  roundPayoutCents?: number;
  /** Reads sent last in the batch, after the payouts: what the answer reports, as the batch left it (ADR 41). */
  readBack?: BatchItem<"sqlite">[];
  /** What the caller answers, from the results of its own statements, the count of payouts rewritten and its readBack's rows. */
  answer: (results: unknown[], payoutsWritten: number, readBack: unknown[]) => T;
};

/** What a participant is handed for a change: the round's id, the state planned from and the change. */
export type Planned<S, C> = { db: Db; roundId: number; state: S; change: C & CoreChange<unknown> };

/**
 * A domain's part in every write to a round's entries. S is the state as far as it reads it
 * (CoreState and its own part), C the fields it asks of a change. Every hook is optional.
 */
export type RoundParticipant<S extends CoreState = CoreState, C = unknown> = {
  /** Columns each entry of the state carries for it, read by the player's row or the entry's. */
  entryColumns?: Record<string, SQL>;
  /** Reads sent beside the round's, unrun, and the part of the state their rows make. */
  reads?: {
    queries: (db: Db, roundId: number | SQL) => BatchItem<"sqlite">[];
    into: (rows: unknown[][]) => Partial<Omit<S, keyof CoreState>>;
  };
  /** Its part of the fingerprint: a write planned from an older state is replanned. `db` names the league (ADR 46). */
  fingerprint?: (roundId: number | SQL, db: Db) => SQL<string>;
  /** Guards sent before the change's statements: what must hold for the change to start. */
  guardsFirst?: (p: Planned<S, C>) => BatchItem<"sqlite">[];
  /** Guards sent after the statements and payouts: what must still hold once they ran. */
  guardsLast?: (p: Planned<S, C>) => BatchItem<"sqlite">[];
  /** The error to answer when one of its guards stopped the batch; undefined when the failure is not its. */
  refusal?: (err: unknown, p: Planned<S, C>) => Promise<Error | undefined> | Error | undefined;
  /** What the committed change leaves for after its batch (ADR 44). */
  followUps?: (state: S, after: PlannedEntry[]) => FollowUp[];
};

const entryColumns = {
  id: entries.id,
  playerId: entries.playerId,
  division: entries.division,
  ace: entries.ace,
  score: entries.score,
  dnf: entries.dnf,
  payoutCents: entries.payoutCents,
  payoutAdjustCents: entries.payoutAdjustCents,
  creditAddedCents: entries.creditAddedCents,
  creditUsedCents: entries.creditUsedCents,
  creditedForCents: entries.creditedForCents,
  team: entries.team,
  paymentId: entries.paymentId,
  result: entries.result,
  version: entries.version,
};

/**
 * The state a plan is made from: each entry's id and version (a trigger bumps it whenever a
 * field a write sets changes: division, score, ace, payouts, credits, payment; migration
 * 0011), the round's version (its payout per entry among its fields) and the participants' parts.
 */
function fingerprintSql(participants: readonly RoundParticipant<never, never>[], db: Db, roundId: number | SQL): SQL<string> {
  const parts = participants.flatMap((p) => (p.fingerprint ? [sql` || '|' || ${p.fingerprint(roundId, db)}`] : []));
  return sql<string>`(
    coalesce((select group_concat(id || ':' || version, ',')
      from (select id, version from ${entries} where league_id = ${db.leagueId} and round_id = ${roundId} order by id)), '')
    || '|' || coalesce((select version from ${rounds} where league_id = ${db.leagueId} and id = ${roundId}), '')${sql.join(parts)}
  )`;
}

// Replanning is cheap (two reads); a random pause that doubles with each attempt spreads out
// writers that collided (a busy night: sign-ups, score saves and withdrawals on one round),
// at most about 2.5 s in all before the caller is asked to try again.
const MAX_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));

/** Updates for the entries whose stored payout or label differs from the planned one: nothing else is written. */
function payoutUpdates(db: Db, state: CoreState, after: PlannedEntry[], payoutCents: number): BatchItem<"sqlite">[] {
  const planned = payoutsByEntry(after, payoutCents);
  const stored = new Map(state.entries.map((e) => [e.id, e]));
  const out: BatchItem<"sqlite">[] = [];
  for (const [id, p] of planned) {
    const now = stored.get(id);
    if (!now || (now.payoutCents === p.payoutCents && now.result === p.result)) continue;
    out.push(
      db
        .update(entries)
        .set({ payoutCents: p.payoutCents, result: p.result })
        .where(and(inLeague(db, entries), eq(entries.id, id))),
    );
  }
  return out;
}

/** A round's reads and write with the given participants: S and C are what they make of a state and ask of a change. */
export function roundWrite<S extends CoreState, C>(participants: readonly RoundParticipant<S, C>[]) {
  // The fingerprint reads only the participants' SQL, whatever their state's type.
  const list = participants as readonly RoundParticipant<never, never>[];
  const extraColumns = Object.assign({}, ...participants.map((p) => p.entryColumns ?? {})) as Record<string, SQL>;

  /** `roundId` may be SQL naming the round (a subquery keyed by an id the caller has): read beside its other reads (ADR 41). */
  async function read(db: Db, roundId: number | SQL): Promise<S> {
    const partQueries = participants.map((p) => p.reads?.queries(db, roundId) ?? []);
    const [roundRows, entryRows, ...rest] = (await db.batch([
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
          cancelledAt: rounds.cancelledAt,
          fingerprint: fingerprintSql(list, db, roundId),
        })
        .from(rounds)
        .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
      db
        .select({ ...entryColumns, name: fullNameSql(players), ...extraColumns })
        .from(entries)
        .innerJoin(players, eq(players.id, entries.playerId))
        .where(and(inLeague(db, entries), eq(entries.roundId, roundId)))
        .orderBy(entries.id),
      ...partQueries.flat(),
    ] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [(CoreRound & { fingerprint: string })[], CoreEntry[], ...unknown[][]];
    const [round] = roundRows;
    if (!round) throw notFound("Round not found");
    const { fingerprint, ...core } = round;
    const state: CoreState = { round: core, fingerprint, entries: entryRows };
    let at = 0;
    for (const [i, p] of participants.entries()) {
      const n = partQueries[i].length;
      if (p.reads) Object.assign(state, p.reads.into(rest.slice(at, at + n)));
      at += n;
    }
    return state as S;
  }

  /**
   * Plans and commits one change to a round's entries with its payouts, atomically; replans
   * when the round changed under it. `plan` may throw an AppError (404, 409) to refuse.
   * `first`: the round's state as the caller read it beside its own reads (one trip, ADR 41),
   * planned from on the first attempt; a replan reads it afresh. Answers the plan's answer and
   * what the participants say the change leaves for after its batch (ADR 44).
   */
  async function commit<T>(db: Db, roundId: number, plan: (state: S) => CoreChange<T> & C, first?: S): Promise<Committed<T>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await pause(attempt);
      const state = attempt === 0 && first ? first : await read(db, roundId);
      if (state.round.cancelledAt !== null) throw conflict(cancelledRoundMessage(state.round.name));
      const change = plan(state);
      const planned: Planned<S, C> = { db, roundId, state, change };
      const guard = writeGuard(db, "roundChanged", sql`${fingerprintSql(list, db, roundId)} is not ${state.fingerprint}`);
      const payouts = payoutUpdates(db, state, change.after, change.roundPayoutCents ?? state.round.payoutCents);
      const before = participants.flatMap((p) => p.guardsFirst?.(planned) ?? []);
      const last = participants.flatMap((p) => p.guardsLast?.(planned) ?? []);
      try {
        const results = await db.batch([
          guard,
          notCancelledGuard(db, roundId),
          ...before,
          ...change.statements,
          ...payouts,
          ...last,
          ...(change.readBack ?? []),
        ]);
        const start = 2 + before.length;
        const readBack = results.slice(results.length - (change.readBack?.length ?? 0));
        const value = change.answer(results.slice(start, start + change.statements.length), payouts.length, readBack);
        return { value, followUps: participants.flatMap((p) => p.followUps?.(state, change.after) ?? []) };
      } catch (err) {
        if (checkFailed(err, "round_changed") || checkFailed(err, "round_cancelled")) continue;
        for (const p of participants) {
          const refusal = await p.refusal?.(err, planned);
          if (refusal) throw refusal;
        }
        throw err;
      }
    }
    throw conflict("The round's entries changed while saving. Please try again.");
  }

  return { read, commit };
}

/** A state read beside a caller's other reads, for a commit's first plan: only when it is the round's. */
export const firstOf = <S extends CoreState>(read: Settled<S>, roundId: number): S | undefined =>
  read.ok && read.value.round.id === roundId ? read.value : undefined;
