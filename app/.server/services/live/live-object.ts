import { AppError } from "../../errors";
import { DEFAULT_LEAGUE_ID } from "../../db/tables/leagues";
import type { LiveState } from "~/lib/live/live-state";
import type { PotView } from "~/lib/sidepots/side-pots";
import type { Change, LiveAnswer } from "~/schemas/live";
import type { Caller } from "../../../../workers/live/change-context";
import type { EndEarlyAsk } from "../../../../workers/live/end-early";

// How the Worker and the pages reach a round's Durable Object (ADR 26), and read its answers.

/**
 * The live round's object's name (ADR 46): `${leagueId}:${roundId}`, but the default league
 * keeps the name it had before leagues, `round:${roundId}`, so a round it was scoring live as
 * this change went out finishes on the object that holds its scores.
 */
export const liveRoundName = (leagueId: number, roundId: number) =>
  leagueId === DEFAULT_LEAGUE_ID ? `round:${roundId}` : `${leagueId}:${roundId}`;

/**
 * The live round's object: one per round of a league, by name. Every call carries the
 * league (the request's: `db.leagueId`, `c.var.league.id`) and the round; the object reads
 * and writes D1 as that league and refuses a call naming another league than its own.
 */
export function liveRound(env: Env, leagueId: number, roundId: number) {
  const stub = env.LIVE_ROUND.getByName(liveRoundName(leagueId, roundId));
  return {
    /** A socket's upgrade, its SocketInfo (with the league) in the header. */
    fetch: (upgrade: Request) => stub.fetch(upgrade),
    state: (view: LiveView, published?: boolean) => stub.state(leagueId, roundId, view, published),
    submit: (caller: Caller, changes: Change[]) => stub.submit(leagueId, roundId, caller, changes),
    rosterChanged: () => stub.rosterChanged(leagueId, roundId),
    finalize: (caller: Caller, confirmUnsigned: boolean) => stub.finalize(leagueId, roundId, caller, confirmUnsigned),
    endEarly: (caller: Caller, ask: EndEarlyAsk) => stub.endEarly(leagueId, roundId, caller, ask),
    earlyHoles: () => stub.earlyHoles(leagueId, roundId),
    pots: (pots: PotView[]) => stub.pots(leagueId, roundId, pots),
    log: (after: number, limit: number) => stub.log(leagueId, roundId, after, limit),
  };
}

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
export async function liveStateOf(env: Env, leagueId: number, roundId: number, view: LiveView, published?: boolean): Promise<LiveState> {
  return orRefused(await liveRound(env, leagueId, roundId).state(view, published));
}

/**
 * Tells the round's live object that its cards changed in D1 (a withdrawal, ADR 34): it reads
 * them again at once and tells the phones and the leaderboard. Failing here only delays that
 * to its next re-read of the cards; the write it follows stands.
 */
export async function liveRosterChanged(env: Env, leagueId: number, roundId: number): Promise<void> {
  try {
    orRefused(await liveRound(env, leagueId, roundId).rosterChanged());
  } catch (err) {
    console.error("Could not tell the live round its cards changed", err);
  }
}
