// Shared by the race suite: requests fired together through the Worker, every answer
// read and held to the API's promises (never a 5xx; every refusal a readable error), and
// the checks of "nothing half-written" that more than one scenario needs.
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { makeUser, tokenFor } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { entries, rounds } from "~/.server/db/schema";
import { payoutsByEntry } from "~/lib/rounds/payouts";

/** Each scenario runs this many times on fresh data, so a race lost one time in five shows. */
export const RUNS = Array.from({ length: 5 }, (_, i) => i + 1);

export type Answer = { status: number; body: any };

/**
 * Waits for requests that were all started before the first one was awaited, and reads
 * every answer: none may be a 5xx, and every 4xx carries the one error shape with words.
 */
export async function answersOf(pending: Promise<Response>[]): Promise<Answer[]> {
  const responses = await Promise.all(pending);
  return Promise.all(
    responses.map(async (res) => {
      const text = await res.text();
      expect(res.status, `no 5xx: ${text}`).toBeLessThan(500);
      const body = text ? JSON.parse(text) : null;
      if (res.status >= 400) {
        expect(body, `a refusal says why: ${text}`).toMatchObject({
          error: expect.stringMatching(/[A-Za-z]{3}/),
          code: expect.any(String),
        });
      }
      return { status: res.status, body };
    }),
  );
}

export const withStatus = (answers: Answer[], status: number) => answers.filter((a) => a.status === status);

/** Every answer is `ok` or a 409 with exactly `message`; answers the successes. */
export function oneWayOrTheOther(answers: Answer[], ok: number, message: string | RegExp): Answer[] {
  for (const a of answers) {
    if (a.status === ok) continue;
    expect(a.status, JSON.stringify(a.body)).toBe(409);
    if (typeof message === "string") expect(a.body.error).toBe(message);
    else expect(a.body.error).toMatch(message);
  }
  return withStatus(answers, ok);
}

export async function adminToken(): Promise<string> {
  return tokenFor(await makeUser({ isAdmin: true }));
}

export const roundEntries = (roundId: number) =>
  testDb().select().from(entries).where(eq(entries.roundId, roundId)).orderBy(asc(entries.id));

/** The round's stored payouts and result labels are exactly what its stored scores give (app/lib/rounds/payouts.ts). */
export async function expectPayoutsMatchScores(roundId: number) {
  const [round] = await testDb().select().from(rounds).where(eq(rounds.id, roundId));
  expect(round, `round ${roundId}`).toBeDefined();
  const rows = await roundEntries(roundId);
  const computed = payoutsByEntry(rows, round!.payoutCents);
  const stored = rows.map((e) => ({ id: e.id, payoutCents: e.payoutCents, result: e.result }));
  expect(stored).toEqual(rows.map((e) => ({ id: e.id, ...computed.get(e.id) })));
}

/** Regex-safe text (names hold only letters and digits here, but a message may hold $ and .). */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Start offsets (ms) for the two sides of a pair race, by run: together, then each side a
 * little ahead, so both orders of arrival are exercised and neither is left to luck.
 */
export function offsets(run: number): [number, number] {
  const table: [number, number][] = [
    [0, 0],
    [0, 4],
    [4, 0],
    [0, 12],
    [12, 0],
  ];
  return table[(run - 1) % table.length]!;
}

/** A request started `ms` after the others (still before any of them is answered, for offsets this small). */
export function later(ms: number, send: () => Promise<Response>): Promise<Response> {
  return ms === 0 ? send() : new Promise((resolve) => setTimeout(resolve, ms)).then(send);
}
