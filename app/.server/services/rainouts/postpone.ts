import { and, eq, sql } from "drizzle-orm";
import { type Db, checkFailed, inLeague } from "../../db/client";
import { cards, entries, rounds } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict, notFound } from "../../errors";
import { type Committed, notify, rerate, syncTagsFrom } from "../../follow-ups";
import { commitRoundChange, readRoundState } from "../entries/participants";
import { postponedNotice } from "../messages/round-notices";
import { roundPotChanges } from "../money/ace-pot";
import { firstOf } from "../rounds/round-write";
import { roundChanged } from "../rounds/versions";
import { settled } from "~/lib/shared/settled";
import { nowSeconds } from "~/lib/shared/time";
import type { PostponeInput } from "~/schemas/rainouts";

// Postponing a round (ADR 50): the same round, entries, cards and side pots on a new night.
// The start moves as the round editor moves it (one write of the round through
// commitRoundChange, ADR 14 and 45): a later date takes the round's ace fees out of the pot
// until then (ADR 21), guarded like any date change; the ratings from the earlier of the two
// dates and, for a tags round, the swaps are done again (ADR 17, 27). Check-ins are cleared:
// it is a new night, and a checked-in player could not withdraw themselves. Until the new
// start a player may withdraw with everything back as credit (services/entries/withdrawal.ts
// allows it before the start). The entered and waitlisted players are told (ADR 49).

export const POSTPONE_MESSAGES = {
  cancelled: "This round is cancelled, so it cannot be postponed. Restore it first.",
  notFuture: "The new start must be in the future.",
  scored: "A card of this round already has a score, so it cannot be postponed. End it early or cancel it instead.",
} as const;

/** What a postponement answers: the round as the batch left it, and how many check-ins it cleared. */
export type Postponed = {
  roundId: number;
  startsAt: number;
  /** The start before the round's first postponement. */
  postponedFrom: number;
  version: number;
  checkInsCleared: number;
};

const startedCardSql = (db: Db, roundId: number) =>
  sql`exists (select 1 from ${cards} where league_id = ${db.leagueId} and round_id = ${roundId} and started_at is not null)`;

/**
 * Moves the round `roundId`, as the admin read it at `version`, to start at `startsAt`.
 * 404 for a round not in the league; 409 when it changed since it was read, is cancelled,
 * has a score on a card, the new start is not in the future, or the move would take the ace
 * pot below zero. Leaves the notice to its players, the re-rating and the tags' swaps.
 */
export async function postponeRound(db: Db, roundId: number, input: PostponeInput): Promise<Committed<Postponed>> {
  // Every read at once (ADR 41): the round's rain-out columns and cards beside its state.
  const [[row], read] = await Promise.all([
    db
      .select({ cancelled: sql<number>`${rounds.cancelledAt} is not null`, started: sql<number>`${startedCardSql(db, roundId)}` })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    settled(readRoundState(db, roundId)),
  ]);
  if (!row) throw notFound("Round not found");
  if (row.cancelled) throw conflict(POSTPONE_MESSAGES.cancelled);
  let from = 0;
  let countsForTags = false;
  try {
    const done = await commitRoundChange(
      db,
      roundId,
      (state) => {
        if (state.round.version !== input.version) throw roundChanged();
        if (row.started || state.entries.some((e) => e.score > 0 || e.dnf)) throw conflict(POSTPONE_MESSAGES.scored);
        if (input.startsAt <= nowSeconds()) throw conflict(POSTPONE_MESSAGES.notFuture);
        from = state.round.startsAt;
        countsForTags = state.round.countsForTags;
        const where = and(inLeague(db, rounds), eq(rounds.id, roundId));
        return {
          statements: [
            // A card's first score landing after the read refuses the whole batch (a cancel: the round write's own guard).
            writeGuard(db, "cardsChanged", startedCardSql(db, roundId)),
            // SQLite's SET reads the row as it was: the start before the first postponement is kept.
            db
              .update(rounds)
              .set({ startsAt: input.startsAt, postponedFrom: sql`coalesce(${rounds.postponedFrom}, ${rounds.startsAt})` })
              .where(where),
            db
              .update(entries)
              .set({ checkedInAt: null, checkedInBy: null })
              .where(and(inLeague(db, entries), eq(entries.roundId, roundId), sql`${entries.checkedInAt} is not null`))
              .returning({ id: entries.id }),
          ],
          after: state.entries,
          guardPlayers: [],
          // A later date takes the round's ace fees out of the pot until then (ADR 21), as the editor's save does.
          potChanges: roundPotChanges(
            state.round,
            { startsAt: input.startsAt, aceCents: state.round.aceCents },
            state.entries.filter((e) => e.ace).length,
          ),
          readBack: [
            db
              .select({ startsAt: rounds.startsAt, postponedFrom: rounds.postponedFrom, version: rounds.version })
              .from(rounds)
              .where(where),
          ],
          answer: (results, _payouts, [stored]) => {
            const [now] = stored as { startsAt: number; postponedFrom: number; version: number }[];
            return { roundId, ...now, checkInsCleared: (results[2] as unknown[]).length };
          },
        };
      },
      firstOf(read, roundId),
    );
    const since = Math.min(from, input.startsAt);
    // A moved round changes the order rounds are rated in (ADR 17), and a tags round the swaps from it on (ADR 27).
    const moved = from === input.startsAt ? [] : [rerate(since), ...(countsForTags ? [syncTagsFrom(since)] : [])];
    return { value: done.value, followUps: [...done.followUps, ...moved, notify(postponedNotice(roundId, from, input.startsAt))] };
  } catch (err) {
    if (checkFailed(err, "cards_changed")) throw conflict(POSTPONE_MESSAGES.scored);
    throw err;
  }
}
