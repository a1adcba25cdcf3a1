// Capped rounds and the players who wait for them (ADR 28): each a user with an approved
// claim on a player of their own, and the credit asked for.
import { eq } from "drizzle-orm";
import { makeUser } from "./auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "./fixtures";
import { PRICE } from "./money-fixtures";
import { claims, waitlist, waitlistNotices } from "~/.server/db/schema";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { joinWaitlist } from "~/.server/services/signup/waitlist";
import { afterWrite } from "./after-write";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

export { PRICE };

/** A round open for registration, `startsIn` seconds ahead (a week), capped at `cap` places. */
export const cappedRound = (cap: number | null, opts: { divisions?: Record<string, number>; startsIn?: number } = {}) =>
  makeRound({
    startsAt: nowSec() + (opts.startsIn ?? 7 * DAY),
    openForRegistration: true,
    fieldCap: cap,
    divisionCaps: opts.divisions ? JSON.stringify(opts.divisions) : null,
  });

/** A signed-up-able player: a user with an approved claim, and `creditCents` of credit. */
export async function claimedPlayer(creditCents = 0, division = "MA2") {
  const [user, player] = await Promise.all([makeUser(), makePlayer({ division })]);
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  if (creditCents) await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: creditCents });
  return { user, player };
}

/** Fills `n` places of a round with entries of fresh players. */
export async function fill(roundId: number, n: number, division = "MA2") {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await makeEntry({ roundId, playerId: (await makePlayer({ division })).id, division }));
  return made;
}

export const listRows = (roundId: number) => testDb().select().from(waitlist).where(eq(waitlist.roundId, roundId)).orderBy(waitlist.id);

export const noticesOf = async (waitlistId: number) =>
  (await testDb().select().from(waitlistNotices).where(eq(waitlistNotices.waitlistId, waitlistId)).orderBy(waitlistNotices.id)).map(
    (n) => n.kind,
  );

/** Moves an open offer's deadline into the past, as time passing would. */
export const lapse = (waitlistId: number) =>
  testDb()
    .update(waitlist)
    .set({ offerExpiresAt: nowSec() - 1 })
    .where(eq(waitlist.id, waitlistId));

/**
 * A one-place round whose two waiting players, `a` then `b` (each with `creditCents`), saw
 * the place freed: `a` holds the offer, `b` waits.
 */
export async function offeredRound(creditCents = 0) {
  const round = await cappedRound(1);
  const [taken] = await fill(round.id, 1);
  const [a, b] = await Promise.all([claimedPlayer(creditCents), claimedPlayer(creditCents)]);
  for (const p of [a, b])
    await afterWrite(
      await joinWaitlist(testDb(), { userId: p.user.id, roundId: round.id, division: "MA2", ace: true, autoConfirm: false }),
    );
  // The place the withdrawal frees goes to the list after it (ADR 44), as a request's runner does it.
  await afterWrite(await withdrawEntry(testDb(), taken!.id, { admin: true }));
  return { round, a, b };
}
export { DAY };
