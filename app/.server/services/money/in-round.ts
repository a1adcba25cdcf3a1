import { sql } from "drizzle-orm";
import { checkFailed } from "../../db/client";
import { players } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict } from "../../errors";
import { balanceCentsSql } from "../players/balance-sql";
import type { CoreEntry, CoreState, Planned, RoundParticipant } from "../rounds/round-write";
import { type PotChange, entriesPotChanges, potGuards } from "./ace-pot";
import { potRefusal } from "./ace-pot-refusal";
import { roundPaymentsFingerprintSql } from "./money-sql";
import { type PaymentRow, type RoundPayment, paymentsOfRows, roundPaymentsQuery } from "./round-money";
import { formatCents } from "~/lib/shared/money";

// Money's three parts in a write to a round's entries (ADR 45): the round's payments, the
// players' balances and the ace pot.

/** The round's money payments (PayPal and cash): what an entry owes, or paid beyond its price (ADR 37); part of the fingerprint. */
export type PaymentsState = CoreState & { payments: RoundPayment[] };

export const payments: RoundParticipant<PaymentsState> = {
  reads: {
    queries: (db, roundId) => [roundPaymentsQuery(db, roundId)],
    into: ([rows]) => ({ payments: paymentsOfRows(rows as PaymentRow[]) }),
  },
  fingerprint: roundPaymentsFingerprintSql,
};

export type GuardedPlayer = { playerId: number; name: string; balanceCents: number; deltaCents: number };

/** Players whose balance the change lowers (deltaCents < 0); each is guarded in the batch. */
export type BalanceChange = { guardPlayers: GuardedPlayer[] };

export type BalancesState = CoreState & { entries: (CoreEntry & { balanceCents: number })[] };

const lowered = (change: BalanceChange) => change.guardPlayers.filter((p) => p.deltaCents < 0);

/** Credit never goes below zero (ADR 12): a player the change lowers is guarded after its statements. */
export const balances: RoundParticipant<BalancesState, BalanceChange> = {
  // By the player table: inside the balance subqueries "entries" names their own rows.
  entryColumns: { balanceCents: balanceCentsSql(sql`${players.id}`).mapWith(Number) },
  guardsLast: ({ db, change }) =>
    lowered(change).map((p) =>
      writeGuard(db, "overdrawn", sql`${balanceCentsSql(p.playerId)} < 0 and ${balanceCentsSql(p.playerId)} < ${p.balanceCents}`),
    ),
  refusal: (err, { change }) => (checkFailed(err, "overdrawn") ? conflict(overdrawnMessage(lowered(change))) : undefined),
};

/** Names the players the change would overdraw as read; after a race with another write, every guarded one. */
export function overdrawnMessage(guarded: GuardedPlayer[]): string {
  const short = guarded.filter((p) => p.balanceCents + p.deltaCents < 0);
  const names = (short.length ? short : guarded).map(
    (p) => `${p.name} has ${formatCents(p.balanceCents)} of credit and this would take ${formatCents(-p.deltaCents)}`,
  );
  return `Credit cannot go below zero: ${names.join("; ")}.`;
}

/** Changes to the pot besides the entries' own (a round moved or its ace fee changed): guarded where they lower it. */
export type AcePotChange = { potChanges?: PotChange[] };

const potChangesOf = ({ state, change }: Planned<CoreState, AcePotChange>) => [
  ...entriesPotChanges(state.round, state.entries, change.after),
  ...(change.potChanges ?? []),
];

/** The ace pot never goes below zero at a moment a change lowers it (ADR 21). */
export const acePot: RoundParticipant<CoreState, AcePotChange> = {
  guardsLast: (p) => potGuards(p.db, potChangesOf(p)),
  refusal: async (err, p) => (checkFailed(err, "pot_negative") ? conflict(await potRefusal(p.db, potChangesOf(p), "change")) : undefined),
};
