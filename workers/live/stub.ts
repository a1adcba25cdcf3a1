import type { LiveAnswer } from "./live-round";
import { AppError } from "~/.server/errors";

// How the Worker reaches a round's Durable Object (ADR 26), and reads its answers.

/** The live round's object: one per round, by name. */
export const liveRound = (env: Env, roundId: number) => env.LIVE_ROUND.getByName(`round:${roundId}`);

/** The value of an answer, or its refusal as the /api's error. */
export function orRefused<T>(answer: LiveAnswer<T>): T {
  if (!answer.ok) throw new AppError(answer.code, answer.error);
  return answer.value;
}
