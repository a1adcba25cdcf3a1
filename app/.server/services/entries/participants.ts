import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { entries, payments as paymentRows } from "../../db/schema";
import { nothingAfter } from "../../follow-ups";
import { teams } from "../doubles/in-round";
import {
  type AcePotChange,
  type BalanceChange,
  type BalancesState,
  type PaymentsState,
  acePot,
  balances,
  payments,
} from "../money/in-round";
import { ratings } from "../ratings/in-round";
import { type CoreChange, type RoundParticipant, roundWrite } from "../rounds/round-write";
import { type SidePotsState, sidePots } from "../sidepots/in-round";
import { tags } from "../tags/in-round";
import { type PlaceChange, fieldCaps } from "../waitlist/in-round";

// Every domain that takes part in a write to a round's entries (ADR 45), listed once: a new
// format adds its participant here. The order is the batch's and the follow-ups' order:
// payments' and side pots' reads, then the guards after the statements (balances before
// the ace pot), and the follow-ups (ratings, tags, the waitlist's news).

type Extras = BalanceChange & AcePotChange & PlaceChange;

/** An entry of the round's state: the round's columns and those its participants add. */
export type StateEntry = BalancesState["entries"][number] & SidePotsState["entries"][number];

/** The round as every write to its entries plans from it. */
export type RoundState = Omit<PaymentsState & SidePotsState, "entries"> & { entries: StateEntry[] };

/** A change to a round's entries: its statements and what its participants ask of it. */
export type RoundChange<T> = CoreChange<T> & Extras;

const PARTICIPANTS: readonly RoundParticipant<RoundState, Extras>[] = [
  payments,
  sidePots,
  teams,
  ratings,
  tags,
  balances,
  acePot,
  fieldCaps,
];

const write = roundWrite<RoundState, Extras>(PARTICIPANTS);

/** The round's state: `roundId` may be SQL naming the round, read beside a caller's other reads (ADR 41). */
export const readRoundState = write.read;

/** The round of the league's entry or payment `id`, as SQL for readRoundState: none for another league's id (ADR 46). */
export const roundOfRow = (db: Db, table: typeof entries | typeof paymentRows, id: number) =>
  sql`(select round_id from ${table} where league_id = ${db.leagueId} and id = ${id})`;

/**
 * Plans and commits one change to a round's entries with its payouts and its participants'
 * guards, atomically; replans when the round changed under it (ADR 14). Answers the plan's
 * answer and what the change leaves for after its batch (ADR 44).
 */
export const commitRoundChange = write.commit;

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
  return nothingAfter(await write.commit(db, roundId, plan, read));
}
