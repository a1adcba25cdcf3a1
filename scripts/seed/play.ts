// Who played which week, their scores, and the payouts the real engine computes.
import { computeRoundPayouts } from "../../app/lib/rounds/payouts";
import { DAY_SECONDS } from "../../app/lib/shared/time";
import { scoreOn } from "./courses";
import { chance, int, normal, sampleWeighted, type Rng } from "./rng";
import type { DemoPlayers, SeedEntry, SeedPlayer, SeedRound } from "./types";

/** The demo accounts' entries that came through the sign-up flow (payments rows). */
export const PAID_ROUNDS_BACK = 5;

function fieldSize(rng: Rng, month: number): number {
  if (month === 12 || month <= 2) return int(rng, 12, 20);
  if (month >= 5 && month <= 9) return int(rng, 26, 40);
  return int(rng, 18, 30);
}

/** The player's night on the round's layout: their par-54 play with the night's luck, scaled to its par. */
function score(rng: Rng, player: SeedPlayer, round: SeedRound): number {
  return scoreOn(round.par, player.skill + round.difficulty + normal(rng) * 2.6);
}

/** Who enters a round, in sign-up order: the forced players first, then a weighted draw. */
function field(rng: Rng, round: SeedRound, active: SeedPlayer[], demo: DemoPlayers, lastPast: Set<number>): SeedPlayer[] {
  let forced: SeedPlayer[] = [];
  let excluded: SeedPlayer[] = [];
  let size = 0;
  if (round.kind === "past") {
    size = fieldSize(rng, round.month);
    if (lastPast.has(round.id)) forced = [demo.approved1, demo.approved2];
  } else if (round.kind === "next") {
    size = int(rng, 5, 8);
    // player2 is signed up already; player1 is left free to try the sign-up.
    forced = [demo.approved2];
    excluded = [demo.approved1];
  } else if (round.open) {
    size = int(rng, 2, 5);
    excluded = [demo.approved1, demo.approved2];
  }
  if (size === 0) return [];
  const pool = active.filter((p) => !forced.includes(p) && !excluded.includes(p));
  return [...forced, ...sampleWeighted(rng, pool, (p) => p.attend, size - forced.length)];
}

export function buildEntries(
  rng: Rng,
  rounds: readonly SeedRound[],
  players: readonly SeedPlayer[],
  demo: DemoPlayers,
  now: number,
): SeedEntry[] {
  const active = players.filter((p) => !p.inactive);
  const lastPast = new Set(
    rounds
      .filter((r) => r.kind === "past")
      .slice(-PAID_ROUNDS_BACK)
      .map((r) => r.id),
  );
  const entries: SeedEntry[] = [];
  for (const round of rounds) {
    const roundEntries = field(rng, round, active, demo, lastPast).map((player, i): SeedEntry => {
      const signedUp = round.startsAt - int(rng, 2, 4 * 24) * 3600;
      return {
        id: entries.length + i + 1,
        roundId: round.id,
        playerId: player.id,
        division: player.division,
        ace: chance(rng, 0.85),
        score: round.kind === "past" ? score(rng, player, round) : 0,
        payoutCents: 0,
        result: null,
        creditAdded: 0,
        creditUsed: 0,
        paymentId: null,
        createdAt: Math.max(round.createdAt + DAY_SECONDS, Math.min(signedUp, now - int(rng, 10, 600) * 60)),
      };
    });
    for (const r of computeRoundPayouts(roundEntries, round.payoutCents)) {
      const entry = roundEntries.find((e) => e.id === r.id);
      if (!entry) throw new Error(`payout for unknown entry ${r.id}`);
      entry.payoutCents = r.payoutCents;
      entry.result = r.result;
    }
    entries.push(...roundEntries);
  }
  return entries;
}
