// Factories for service and API tests: each inserts one row through drizzle into the
// real local D1 and returns it. Storage is isolated per test FILE only (tests in one file
// share the database), so defaults are unique and tests find their own rows by id or name.
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { withAuditActor } from "../workers/audit-actor";
import { aces, entries, players, rounds, transfers } from "~/.server/db/schema";
import type { Ace, Entry, Player, Round, Transfer } from "~/.server/db/schema";
import { AppError } from "~/.server/errors";
import type { RoundValues } from "~/.server/services/entries/round-admin";
import { balanceCentsSql } from "~/.server/services/players/balance-sql";
import { expect } from "vitest";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

export const DAY = 86_400;

// Set-up writes name the "system" as their actor: an audit row with none is then a write
// the app made without naming who made it, which every file's end refuses (tests/books-check.ts).
const stamped = withAuditActor(env.DB, () => ({ userId: null, role: "system" }));
export const testDb = () => getDb(stamped, DEFAULT_LEAGUE_ID);
/** The same for another league's rows (ADR 46). */
export const leagueTestDb = (leagueId: number) => getDb(stamped, leagueId);

export const nowSec = () => Math.floor(Date.now() / 1000);

let counter = 0;
/** A letters-only tag unique within the run, for names the search can find exactly. */
export function uniq(prefix = ""): string {
  counter += 1;
  const letters = (n: number, width: number) => {
    let s = "";
    for (let i = 0; i < width || n > 0; i++) {
      s = String.fromCharCode(97 + (n % 26)) + s;
      n = Math.floor(n / 26);
    }
    return s;
  };
  return `${prefix}${letters(Math.floor(Math.random() * 26 ** 5), 5)}${letters(counter, 2)}`;
}

type PlayerInput = Partial<typeof players.$inferInsert>;
export async function makePlayer(input: PlayerInput = {}): Promise<Player> {
  const [row] = await testDb()
    .insert(players)
    .values({ leagueId: DEFAULT_LEAGUE_ID, firstName: `Fn${uniq()}`, lastName: `Ln${uniq()}`, division: "MA1", ...input })
    .returning();
  return row;
}

type RoundInput = Partial<typeof rounds.$inferInsert>;
/**
 * A round with the multi-editor's defaults: $0.50 PDGA + $4.50 payout, $1 ace fee; starting
 * now, or a day ahead when it is open for registration (a round that has started takes no
 * sign-ups, ADR 39).
 */
export async function makeRound(input: RoundInput = {}): Promise<Round> {
  const [row] = await testDb().insert(rounds).values(roundValues(input)).returning();
  return row;
}

export function roundValues(input: RoundInput = {}): typeof rounds.$inferInsert {
  return {
    leagueId: DEFAULT_LEAGUE_ID,
    startsAt: input.openForRegistration ? nowSec() + DAY : nowSec(),
    name: `Round ${uniq()}`,
    location: "Test Park",
    feePdgaCents: 50,
    feeCourseCents: 0,
    feeOtherCents: 0,
    aceCents: 100,
    payoutCents: 450,
    ...input,
  };
}

/** A round's values as the round services take them (a week ahead, $0.50 + $4.50, $1 ace). */
export const serviceRoundValues = (extra: Partial<RoundValues> = {}): RoundValues => ({
  startsAt: nowSec() + 7 * DAY,
  name: `Week ${uniq()}`,
  location: "Oak Hollow",
  fee_pdga: 50,
  fee_course: 0,
  fee_other: 0,
  ace: 100,
  payout: 450,
  pdga_url: null,
  ...extra,
});

type EntryInput = Partial<typeof entries.$inferInsert> & { roundId: number; playerId: number };
export async function makeEntry(input: EntryInput): Promise<Entry> {
  const [row] = await testDb()
    .insert(entries)
    .values({ leagueId: DEFAULT_LEAGUE_ID, division: "MA1", ...input })
    .returning();
  return row;
}

type TransferInput = Partial<typeof transfers.$inferInsert> & { amountCents: number };
/** A null side is the league itself. */
export async function makeTransfer(input: TransferInput): Promise<Transfer> {
  const [row] = await testDb()
    .insert(transfers)
    .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), description: `Transfer ${uniq()}`, ...input })
    .returning();
  return row;
}

type AceInput = Partial<typeof aces.$inferInsert> & { playerId: number; amountCents: number };
export async function makeAce(input: AceInput): Promise<Ace> {
  const [row] = await testDb()
    .insert(aces)
    .values({ leagueId: DEFAULT_LEAGUE_ID, date: nowSec(), ...input })
    .returning();
  return row;
}

/** The AppError a service call is refused with (the test fails if it succeeds or throws anything else). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

/** A player's balance in cents, as the app derives it. */
export async function balanceOf(playerId: number): Promise<number> {
  const [row] = await testDb().all<{ b: number }>(sql`select ${balanceCentsSql(playerId)} as b`);
  return Number(row?.b);
}

/** POST /api/entries by credit as the spec's client sends it: a $6 entry with the ace fund, in MA2. */
export const creditSignUpBody = (playerId: number, roundId: number, extra: Record<string, unknown> = {}) => ({
  ace: true,
  amount: 0.01,
  credit_used: 6,
  division: "MA2",
  method: "credit",
  payment_data: null,
  player_id: playerId,
  round_id: roundId,
  score: 0,
  ...extra,
});

/** A stored round's values as the round services take them (a save that changes only what the caller adds). */
export const storedRoundValues = (r: Round) => ({
  startsAt: r.startsAt,
  name: r.name,
  location: r.location,
  fee_pdga: r.feePdgaCents,
  fee_course: r.feeCourseCents,
  fee_other: r.feeOtherCents,
  ace: r.aceCents,
  payout: r.payoutCents,
  pdga_url: null,
});
