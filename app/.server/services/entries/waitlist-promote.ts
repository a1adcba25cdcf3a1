import { and, asc, eq, lte, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { players, rounds, waitlist } from "../../db/schema";
import { balanceCentsSql } from "../players/balance-sql";
import { fullNameSql } from "../../db/player-name";
import { noRoomSql, readField } from "../waitlist/field";
import { placesLeft } from "~/lib/waitlist/field-places";
import { offerDeadline } from "~/lib/waitlist/hold-window";
import { quoteSignUp } from "~/lib/signup/pricing";
import { nowSeconds } from "~/lib/shared/time";
import { type AutoEntrant, autoEnter } from "./auto-enter";
import { type FollowUp, MAIL_WAITLIST } from "../../follow-ups";

// Filling freed places from a round's waitlist (ADR 28). Run after every write that can
// free a place (a withdrawal, an admin removing an entry, a cap raised, an offer declined),
// before every write that takes a place or joins or leaves the list when an offer has
// lapsed (lapsedOfferQuery, settleLapsedNow), and every minute by the Worker's cron. Never by a read: a page
// shows a lapsed offer as lapsed from the rows. Lapsed offers expire first; then, while a
// place is free, the first waiting player it can go to (their division must have room
// too) is entered at once from their credit when they asked for that and it covers the
// fee, else offered the place for the hold window (app/lib/waitlist/hold-window.ts). Each step is a
// conditional write, so two runs at once offer one place once.

/** What a settling did, and what it leaves for after (ADR 44): its news to mail, its auto-entries' follow-ups. */
export type Settled = { expired: number; offered: number; autoEntered: number; followUps: FollowUp[] };

// More steps than any round's free places: each step fills one place or ends the run.
const MAX_STEPS = 200;

/** The next player on a round's list: one auto-entry can enter, and whether they asked it to. */
export type Waiting = AutoEntrant & { autoConfirm: boolean };

export async function settleWaitlist(db: Db, roundId: number, now = nowSeconds()): Promise<Settled> {
  const done: Settled = { expired: 0, offered: 0, autoEntered: 0, followUps: [] };
  done.expired = (
    await db
      .update(waitlist)
      .set({ status: "expired", closedAt: now })
      .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId), eq(waitlist.status, "offered"), lte(waitlist.offerExpiresAt, now)))
      .returning({ id: waitlist.id })
  ).length;
  const [round] = await db
    .select()
    .from(rounds)
    .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));
  const deadline = round ? offerDeadline(now, round.startsAt) : null;
  // A cancelled round offers no place (ADR 50): its restore settles the list again.
  if (!round?.openForRegistration || round.cancelledAt !== null || deadline === null) return withNews(done);
  const tried = new Set<number>();
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = await nextInLine(db, roundId, tried);
    if (!next) break;
    tried.add(next.id);
    const quote = quoteSignUp({
      round,
      aceOptIn: next.ace,
      balanceCents: next.balanceCents,
      creditRequestedCents: Number.MAX_SAFE_INTEGER,
    });
    const entered = next.autoConfirm && quote.paidByCredit ? await autoEnter(db, roundId, next, quote, now) : null;
    if (entered) {
      done.autoEntered++;
      done.followUps.push(...entered);
      continue;
    }
    if (await offerPlace(db, roundId, next, now, deadline)) done.offered++;
  }
  return withNews(done);
}

/** A settling that changed a place on the list left news for its player (the list's notices). */
const withNews = (done: Settled): Settled =>
  done.expired + done.offered + done.autoEntered > 0 ? { ...done, followUps: [...done.followUps, MAIL_WAITLIST] } : done;

/** The first waiting player (not yet tried in this run) whose division has a free place. */
async function nextInLine(db: Db, roundId: number, tried: Set<number>): Promise<Waiting | null> {
  const field = await readField(db, roundId);
  if (!field) return null;
  const queue = await db
    .select({
      id: waitlist.id,
      playerId: waitlist.playerId,
      userId: waitlist.userId,
      name: fullNameSql(players),
      division: waitlist.division,
      ace: waitlist.ace,
      autoConfirm: waitlist.autoConfirm,
      balanceCents: balanceCentsSql(sql`${waitlist.playerId}`).mapWith(Number),
    })
    .from(waitlist)
    .innerJoin(players, eq(players.id, waitlist.playerId))
    .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId), eq(waitlist.status, "waiting")))
    .orderBy(asc(waitlist.id));
  return queue.find((w) => !tried.has(w.id) && placesLeft(field.caps, field.taken, w.division) > 0) ?? null;
}

/** Offers the place, if it is still free and the player still waiting: one conditional update. */
async function offerPlace(db: Db, roundId: number, w: Waiting, now: number, deadline: number): Promise<boolean> {
  const made = await db
    .update(waitlist)
    .set({ status: "offered", offeredAt: now, offerExpiresAt: deadline })
    .where(
      and(
        inLeague(db, waitlist),
        eq(waitlist.id, w.id),
        eq(waitlist.status, "waiting"),
        sql`not ${noRoomSql(db, roundId, w.division, w.playerId)}`,
        // Not once the round is cancelled, however close the cancel came to this write.
        sql`not exists (select 1 from ${rounds} r where r.league_id = ${db.leagueId} and r.id = ${roundId} and r.cancelled_at is not null)`,
      ),
    )
    .returning({ id: waitlist.id });
  return made.length > 0;
}

/** settleWaitlist as the after-write runner's step (workers/after-write.ts): its follow-ups. */
export async function settleWaitlistAfter(db: Db, roundId: number): Promise<FollowUp[]> {
  return (await settleWaitlist(db, roundId)).followUps;
}

/**
 * The settling a write runs first when lapsedOfferQuery found an offer: a failure is logged and the
 * write goes on. Answers what the settling leaves for after the write (ADR 44).
 */
export async function settleLapsedNow(db: Db, roundId: number, now: number): Promise<FollowUp[]> {
  try {
    return (await settleWaitlist(db, roundId, now)).followUps;
  } catch (err) {
    console.error(`Could not settle the waitlist of round ${roundId}`, err);
    return [];
  }
}

/**
 * Every round with a waitlist to settle: open offers past their deadline, or players waiting
 * for a round still to come. Answers what the settling left for after it (ADR 44).
 */
export async function settleAllWaitlists(db: Db, now = nowSeconds()): Promise<FollowUp[]> {
  const due = await db
    .selectDistinct({ roundId: waitlist.roundId })
    .from(waitlist)
    .innerJoin(rounds, eq(rounds.id, waitlist.roundId))
    .where(
      and(
        inLeague(db, waitlist),
        sql`(${waitlist.status} = 'offered' and ${waitlist.offerExpiresAt} <= ${now})
        or (${waitlist.status} = 'waiting' and ${rounds.openForRegistration} = 1 and ${rounds.cancelledAt} is null and ${rounds.startsAt} > ${now})`,
      ),
    );
  const followUps: FollowUp[] = [];
  for (const { roundId } of due) followUps.push(...(await settleWaitlist(db, roundId, now)).followUps);
  return followUps;
}
