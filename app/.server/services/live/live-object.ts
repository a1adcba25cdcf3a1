import { AppError } from "../../errors";
import type { LiveState } from "~/lib/live/live-state";
import type { LiveAnswer } from "~/schemas/live";

// How the Worker and the pages reach a round's Durable Object (ADR 26), and read its answers.

/** The live round's object: one per round, by name. */
export const liveRound = (env: Env, roundId: number) => env.LIVE_ROUND.getByName(`round:${roundId}`);

/**
 * An object's answer asked before the D1 reads it goes beside (one round trip), to be
 * awaited after them: a failure of the one asked is left for that await, not unhandled
 * when a D1 refusal (a 404) is thrown first.
 */
export function askedBeside<T>(call: PromiseLike<T>): Promise<T> {
  const answer = Promise.resolve(call);
  answer.catch(() => undefined);
  return answer;
}

/** The value of an answer, or its refusal as the /api's (or the page's) error. */
export function orRefused<T>(answer: LiveAnswer<T>): T {
  if (!answer.ok) throw new AppError(answer.code, answer.error);
  return answer.value;
}

/**
 * Who looks at a live round (ADR 26): an admin sees everything, a player who entered what on
 * their own cards' flags, the public neither, nor a round whose cards are drafts.
 */
export type LiveView = "admin" | "public" | { cardIds: number[] };

/** The round's live state as `view` sees it; `published`: whether D1 says its cards are (the object reads them again if its copy differs). */
export async function liveStateOf(env: Env, roundId: number, view: LiveView, published?: boolean): Promise<LiveState> {
  return orRefused(await liveRound(env, roundId).state(roundId, view, published));
}

/**
 * Tells the round's live object that its cards changed in D1 (a withdrawal, ADR 34): it reads
 * them again at once and tells the phones and the leaderboard. Failing here only delays that
 * to its next re-read of the cards; the write it follows stands.
 */
export async function liveRosterChanged(env: Env, roundId: number): Promise<void> {
  try {
    orRefused(await liveRound(env, roundId).rosterChanged(roundId));
  } catch (err) {
    console.error("Could not tell the live round its cards changed", err);
  }
}
