import { sql } from "drizzle-orm";
import { type Db, uniqueViolation } from "../../db/client";
import { entries, players } from "../../db/schema";
import { badRequest, conflict } from "../../errors";
import { type Cash, aboveOwed, cashInsert } from "../entries/cash";
import { cashKey, creditPayment, walkUpByKey } from "./walk-up-payments";
import { entryTotalCents } from "~/lib/signup/pricing";
import { playerFacts } from "../entries/entry-admin";
import type { FollowUp } from "../../follow-ups";
import { playerRow } from "../players/player-row";
import { commitRoundChange, readRoundState } from "../entries/participants";
import { settleLapsedNow } from "../entries/waitlist-promote";
import { lapsedOfferQuery } from "../waitlist/place";
import { settled, settledValue } from "~/lib/shared/settled";
import { nightRound, NIGHT_MESSAGES } from "./night-target";
import { fullName } from "~/lib/players/player-name";
import { formatCents } from "~/lib/shared/money";
import { nowSeconds } from "~/lib/shared/time";
import { WALK_UP_PAYS } from "~/schemas/money-actions";

// A walk-up (ADR 25): a player who shows up at the course is entered, pays and is checked
// in, in ONE batch of the round (commitRoundChange), with a new player record when they have
// none. They pay in cash, from their league credit, or part of each (ADR 38): the credit is
// the entry's credit_used with a payment of method credit, as a credit sign-up writes it,
// guarded by the batch's balance guard. The request key lives on the walk-up's first payment
// (the credit one when credit pays): a retry from a phone on a bad signal finds it and
// answers the same walk-up, changing nothing.

export type WalkUpPlayer = { id: number } | { firstName: string; lastName: string; pdga: string | null };

export type WalkUpInput = {
  roundId: number;
  player: WalkUpPlayer;
  division: string;
  ace: boolean;
  /** What the player's league credit pays (ADR 38); none when left out. */
  creditCents?: number;
  cash: Cash & { requestKey: string };
  adminId: number;
  /** The admin's explicit override of the round's field cap (ADR 28). */
  overCap?: boolean;
  now?: number;
};

export type WalkUp = {
  entryId: number;
  playerId: number;
  playerName: string;
  /** The payment that carries the request key: the credit one when credit paid, else the cash. */
  paymentId: number;
  /** The cash taken (0 when credit paid it all) and the credit used. */
  amountCents: number;
  creditCents: number;
  checkedInAt: number | null;
  /** Left for after the batch (ADR 44): a lapsed offer's settling, and the waitlist's news. */
  followUps: FollowUp[];
};

const alreadyEntered = (name: string) => conflict(`${name} is already entered in this round: check them in from the list.`);

export async function walkUp(db: Db, input: WalkUpInput): Promise<WalkUp> {
  const now = input.now ?? nowSeconds();
  // Every read at once (ADR 41), checked in the order they always were: the key's earlier
  // walk-up, the round, the player, a lapsed offer; the round's state for the batch's first plan.
  const [earlier, roundRead, player, [lapsed], read] = await Promise.all([
    walkUpByKey(db, input.roundId, input.cash.requestKey),
    settled(nightRound(db, input.roundId)),
    "id" in input.player ? settled(playerFacts(db, input.player.id)) : null,
    input.overCap ? [] : lapsedOfferQuery(db, input.roundId, now),
    settled(readRoundState(db, input.roundId)),
  ]);
  if (earlier) return { ...earlier, followUps: [] };
  const round = settledValue(roundRead);
  if (round.played) throw conflict(NIGHT_MESSAGES.played(round.name));
  const known = player ? settledValue(player) : null;
  const fresh = "id" in input.player ? null : input.player;
  const name = known ? known.name : fullName(fresh as { firstName: string; lastName: string });
  const credit = input.creditCents ?? 0;
  const cashCents = input.cash.amountCents;
  if (credit + cashCents === 0) throw badRequest(WALK_UP_PAYS);
  if (!known && credit > 0) throw conflict(`${name} is a new player: they have no credit to pay with.`);
  const key = input.cash.requestKey;
  const entry = { roundId: round.id, division: input.division, ace: input.ace, checkedInAt: now, checkedInBy: input.adminId };
  // A lapsed offer passes to the next on the list before the walk-up is judged (ADR 28).
  // Settling writes: the round's state is then read afresh for the plan.
  const settledFirst = lapsed ? await settleLapsedNow(db, round.id, now) : [];
  const first = !lapsed && read.ok ? read.value : undefined;
  try {
    const { value, followUps } = await commitRoundChange(
      db,
      round.id,
      (state) => {
        if (known && state.entries.some((e) => e.playerId === known.id)) throw alreadyEntered(known.name);
        const price = entryTotalCents(state.round, input.ace);
        if (credit > price) throw conflict(`${name}'s entry is ${formatCents(price)}: use at most ${formatCents(price)} of credit.`);
        const refused = aboveOwed(name, price - credit, input.cash);
        if (refused) throw refused;
        // In order on one connection: last_insert_rowid() is the new player or the credit payment, then the new entry.
        const statements = [
          ...(fresh ? [db.insert(players).values(playerRow(db.leagueId, { ...fresh, division: input.division }))] : []),
          ...(known && credit > 0 ? [creditPayment(db, round.id, known.id, credit, input, key)] : []),
          db
            .insert(entries)
            .values({
              leagueId: db.leagueId,
              ...entry,
              playerId: known ? known.id : sql`last_insert_rowid()`,
              creditUsedCents: credit,
              paymentId: credit > 0 ? sql`last_insert_rowid()` : null,
            })
            .returning({ id: entries.id, playerId: entries.playerId }),
          ...(cashCents > 0
            ? [cashInsert(db, sql`${entries.id} = last_insert_rowid()`, { ...input.cash, requestKey: credit > 0 ? cashKey(key) : key })]
            : []),
        ];
        const at = statements.length - (cashCents > 0 ? 2 : 1);
        return {
          statements,
          after: [...state.entries, { id: null, division: input.division, score: 0 }],
          guardPlayers: known && credit > 0 ? [{ playerId: known.id, name, balanceCents: known.balanceCents, deltaCents: -credit }] : [],
          takesPlace: input.overCap ? undefined : { playerId: known?.id ?? 0, division: input.division, byAdmin: true },
          answer: (results) => {
            const [made] = results[at] as { id: number; playerId: number }[];
            const [paid] = results[credit > 0 ? at - 1 : at + 1] as { id: number }[];
            if (!made || !paid) throw new Error("the walk-up's inserts returned no row");
            return {
              entryId: made.id,
              playerId: made.playerId,
              playerName: name,
              paymentId: paid.id,
              amountCents: cashCents,
              creditCents: credit,
              checkedInAt: now,
            };
          },
        };
      },
      first,
    );
    return { ...value, followUps: [...settledFirst, ...followUps] };
  } catch (err) {
    // A retry with the same key ran at once: the one that won made the walk-up.
    const won = await walkUpByKey(db, input.roundId, key);
    if (won) return { ...won, followUps: settledFirst };
    if (uniqueViolation(err) && known) throw alreadyEntered(known.name);
    throw err;
  }
}

/** What the night screen says of a walk-up: how it was paid. */
export function walkUpMessage(w: Pick<WalkUp, "playerName" | "amountCents" | "creditCents">): string {
  const parts = [
    w.creditCents > 0 ? `${formatCents(w.creditCents)} from credit` : null,
    w.amountCents > 0 ? `${formatCents(w.amountCents)} in cash` : null,
  ].filter(Boolean);
  return `${w.playerName} is entered, paid ${parts.join(" and ")} and is checked in.`;
}
