import { and, eq, isNull, isNotNull } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries } from "../../db/schema";
import { conflict } from "../../errors";
import { roundMoneyOf } from "../money/round-money";
import { commitQuietChange, readRoundState } from "../entries/participants";
import { settled } from "~/lib/shared/settled";
import { leaveDraftCard } from "../cards/card-sql";
import { type NightActor, assertNightOpen, nightTarget } from "./night-target";
import { formatCents } from "~/lib/shared/money";
import { nowSeconds } from "~/lib/shared/time";

// Checking in at the course (ADR 25): an admin checks any entry in or out until the round
// has scores; a player their own, inside the check-in window, and only when it is paid —
// owing nothing, or paying what it owes from their credit with their consent, in the same
// batch as the check-in (the round's guarded write, ADR 14). A check-in of an entry already
// checked in changes nothing, so twenty taps check in once and take the credit once.

export const CHECK_IN_MESSAGES = {
  owes: (owed: number, round: string) => `You owe ${formatCents(owed)} for ${round}. Pay the organiser at the course.`,
  consent: (owed: number, round: string, balance: number) =>
    `You owe ${formatCents(owed)} for ${round}. Your credit (${formatCents(balance)}) covers it: check in with it, or pay the organiser at the course.`,
  changed: "Your entry changed while checking in. Please try again.",
} as const;

export type CheckIn = {
  entryId: number;
  playerId: number;
  name: string;
  roundId: number;
  roundName: string;
  checkedInAt: number | null;
  /** False when it already was so: the call changed nothing. */
  changed: boolean;
  /** Credit this check-in took to pay what the entry owed. */
  creditCents: number;
};

type CheckInInput = { roundId: number; entryId: number | null; who: NightActor; useCredit?: boolean; timeZone: string; now?: number };

/** Checks an entry in (see above): 403/404 for whose entry, 409 outside the window or when it is not paid. */
export async function checkIn(db: Db, input: CheckInInput): Promise<CheckIn> {
  const now = input.now ?? nowSeconds();
  // The round's state beside the target's reads (ADR 41): the batch is planned from it first.
  const [target, read] = await Promise.all([
    nightTarget(db, input.roundId, input.entryId, input.who),
    settled(readRoundState(db, input.roundId)),
  ]);
  const { round } = target;
  const first = read.ok ? read.value : undefined;
  const result = (checkedInAt: number | null, changed: boolean, creditCents = 0): CheckIn => ({
    entryId: target.entryId,
    playerId: target.playerId,
    name: target.name,
    roundId: round.id,
    roundName: round.name,
    checkedInAt,
    changed,
    creditCents,
  });
  if (target.checkedInAt !== null) return result(target.checkedInAt, false);
  assertNightOpen(round, input.who, now, input.timeZone);

  // A player's entry must be paid: what it owes is read with the round's state, whose
  // fingerprint holds its payments (ADR 37), so cash recorded meanwhile makes the batch
  // plan again and see the entry paid (no double pay).
  let owed = 0;
  const written = await commitQuietChange(
    db,
    round.id,
    (state) => {
      const entry = state.entries.find((e) => e.id === target.entryId);
      if (!entry) throw conflict(`${target.name}'s entry was withdrawn.`);
      owed = input.who.admin ? 0 : (roundMoneyOf(state.round, [entry], state.payments).byEntry.get(entry.id)?.owedCents ?? 0);
      if (owed > 0 && entry.balanceCents < owed) throw conflict(CHECK_IN_MESSAGES.owes(owed, round.name));
      if (owed > 0 && !input.useCredit) throw conflict(CHECK_IN_MESSAGES.consent(owed, round.name, entry.balanceCents));
      // The plan only writes: a check-in that another tap made first leaves its update a no-op
      // (checked_in_at is set), and the batch's balance guard holds the credit.
      return {
        statements: [
          db
            .update(entries)
            .set({
              checkedInAt: now,
              checkedInBy: input.who.userId,
              ...(owed > 0 ? { creditUsedCents: entry.creditUsedCents + owed } : {}),
            })
            .where(and(inLeague(db, entries), eq(entries.id, entry.id), isNull(entries.checkedInAt)))
            .returning({ id: entries.id }),
        ],
        after: state.entries,
        guardPlayers: owed > 0 ? [{ playerId: entry.playerId, name: entry.name, balanceCents: entry.balanceCents, deltaCents: -owed }] : [],
        answer: ([rows]) => (rows as unknown[]).length > 0,
      };
    },
    first,
  );
  if (written) return result(now, true, owed);
  // Nothing written: another tap checked in first, or a payment or credit changed the entry meanwhile.
  const again = await checkedInAt(db, target.entryId);
  if (again !== null) return result(again, false);
  throw conflict(CHECK_IN_MESSAGES.changed);
}

/** Undoes a check-in (and takes the player off a draft card): the same who and when as checking in. Money stays as it is. */
export async function undoCheckIn(db: Db, input: Omit<CheckInInput, "useCredit">): Promise<CheckIn> {
  const now = input.now ?? nowSeconds();
  // The round's state beside the target's reads (ADR 41): the batch is planned from it first.
  const [target, read] = await Promise.all([
    nightTarget(db, input.roundId, input.entryId, input.who),
    settled(readRoundState(db, input.roundId)),
  ]);
  const { round } = target;
  const first = read.ok ? read.value : undefined;
  const result = (changed: boolean): CheckIn => ({
    entryId: target.entryId,
    playerId: target.playerId,
    name: target.name,
    roundId: round.id,
    roundName: round.name,
    checkedInAt: null,
    changed,
    creditCents: 0,
  });
  if (target.checkedInAt === null) return result(false);
  assertNightOpen(round, input.who, now, input.timeZone);
  const written = await commitQuietChange(
    db,
    round.id,
    (state) => {
      if (!state.entries.some((e) => e.id === target.entryId)) throw conflict(`${target.name}'s entry was withdrawn.`);
      return {
        statements: [
          db
            .update(entries)
            .set({ checkedInAt: null, checkedInBy: null })
            .where(and(inLeague(db, entries), eq(entries.id, target.entryId), isNotNull(entries.checkedInAt)))
            .returning({ id: entries.id }),
          ...leaveDraftCard(db, round.id, target.entryId),
        ],
        after: state.entries,
        guardPlayers: [],
        answer: ([rows]) => (rows as unknown[]).length > 0,
      };
    },
    first,
  );
  return result(written);
}

async function checkedInAt(db: Db, entryId: number): Promise<number | null> {
  const [row] = await db
    .select({ at: entries.checkedInAt })
    .from(entries)
    .where(and(inLeague(db, entries), eq(entries.id, entryId)));
  return row?.at ?? null;
}
