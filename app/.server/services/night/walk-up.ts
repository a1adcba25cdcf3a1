import { and, eq, sql } from "drizzle-orm";
import { type Db, uniqueViolation } from "../../db/client";
import { entries, players } from "../../db/schema";
import { conflict } from "../../errors";
import { type Cash, KEY_USED, aboveOwed, cashInsert, paymentByKey } from "../money/cash";
import { entryTotalCents } from "~/lib/pricing";
import { playerFacts } from "../rounds/entry-admin";
import { commitRoundChange } from "../rounds/round-entries";
import { nightRound, NIGHT_MESSAGES } from "./night-target";
import { fullName } from "~/lib/player-name";
import { nowSeconds } from "~/lib/time";

// A walk-up (ADR 25): a player who shows up at the course is entered, pays cash and is
// checked in, in ONE batch of the round (commitRoundChange), with a new player record when
// they have none. The cash carries the client's request key: a retry from a phone on a bad
// signal finds the payment the first try made and answers the same walk-up, changing nothing.

export type WalkUpPlayer = { id: number } | { firstName: string; lastName: string; pdga: string | null };

export type WalkUpInput = {
  roundId: number;
  player: WalkUpPlayer;
  division: string;
  ace: boolean;
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
  paymentId: number;
  amountCents: number;
  checkedInAt: number | null;
};

const alreadyEntered = (name: string) => conflict(`${name} is already entered in this round: check them in from the list.`);

export async function walkUp(db: Db, input: WalkUpInput): Promise<WalkUp> {
  const earlier = await walkUpByKey(db, input.roundId, input.cash.requestKey);
  if (earlier) return earlier;
  const round = await nightRound(db, input.roundId);
  if (round.played) throw conflict(NIGHT_MESSAGES.played(round.name));
  const now = input.now ?? nowSeconds();
  const known = "id" in input.player ? await playerFacts(db, input.player.id) : null;
  const entry = { roundId: round.id, division: input.division, ace: input.ace, checkedInAt: now, checkedInBy: input.adminId };
  try {
    return await commitRoundChange(db, round.id, (state) => {
      if (known && state.entries.some((e) => e.playerId === known.id)) throw alreadyEntered(known.name);
      const fresh = "id" in input.player ? null : input.player;
      const name = known ? known.name : fullName(fresh as { firstName: string; lastName: string });
      const refused = aboveOwed(name, entryTotalCents(state.round, input.ace), input.cash);
      if (refused) throw refused;
      const statements = [
        ...(fresh ? [db.insert(players).values({ ...fresh, division: input.division })] : []),
        // In order on one connection: last_insert_rowid() is the new player, then the new entry.
        db
          .insert(entries)
          .values({ ...entry, playerId: known ? known.id : sql`last_insert_rowid()` })
          .returning({ id: entries.id, playerId: entries.playerId }),
        cashInsert(db, sql`${entries.id} = last_insert_rowid()`, input.cash),
      ];
      return {
        statements,
        after: [...state.entries, { id: null, division: input.division, score: 0 }],
        guardPlayers: [],
        takesPlace: input.overCap ? undefined : { playerId: known?.id ?? 0, division: input.division, byAdmin: true },
        answer: (results) => {
          const [made] = results.at(-2) as { id: number; playerId: number }[];
          const [paid] = results.at(-1) as { id: number }[];
          if (!made || !paid) throw new Error("the walk-up's inserts returned no row");
          return {
            entryId: made.id,
            playerId: made.playerId,
            playerName: name,
            paymentId: paid.id,
            amountCents: input.cash.amountCents,
            checkedInAt: now,
          };
        },
      };
    });
  } catch (err) {
    // A retry with the same key ran at once: the one that won made the walk-up.
    const won = await walkUpByKey(db, input.roundId, input.cash.requestKey);
    if (won) return won;
    if (uniqueViolation(err) && known) throw alreadyEntered(known.name);
    throw err;
  }
}

/** The walk-up a request key already made in this round (409 if the key paid for something else). */
async function walkUpByKey(db: Db, roundId: number, requestKey: string): Promise<WalkUp | null> {
  const paid = await paymentByKey(db, requestKey);
  if (!paid) return null;
  if (paid.roundId !== roundId) throw conflict(KEY_USED);
  const [entry] = await db
    .select({ id: entries.id, checkedInAt: entries.checkedInAt })
    .from(entries)
    .where(and(eq(entries.roundId, roundId), eq(entries.playerId, paid.playerId)));
  if (!entry) throw conflict(`${paid.playerName}'s walk-up was recorded, and the entry withdrawn since.`);
  return {
    entryId: entry.id,
    playerId: paid.playerId,
    playerName: paid.playerName,
    paymentId: paid.paymentId,
    amountCents: paid.amountCents,
    checkedInAt: entry.checkedInAt,
  };
}
