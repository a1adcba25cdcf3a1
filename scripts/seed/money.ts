// League credit, transfers and aces, played out in date order so that no balance and
// no ace pot is ever below zero: a balance is credit added less credit used plus
// transfers in less transfers out, and the ace pot is the opted-in ace fees less the
// aces paid.
import { clampCreditCents, entryTotalCents } from "../../app/lib/signup/pricing";
import { DAY_SECONDS } from "../../app/lib/shared/time";
import { chance, int, pick, shuffle, type Rng } from "./rng";
import type { SeedAce, SeedEntry, SeedPlayer, SeedRound, SeedTransfer } from "./types";

const TRANSFER_COUNT = 30;
const ACE_COUNT = 8;
const MIN_SEND = 200;
const FRIENDLY = [
  "Bought a disc off the used rack",
  "Lost a bet on hole 7",
  "Paying back last week's entry",
  "Bag tag challenge",
  "Split a case of water",
  "Covering next week's entry",
  "Sold a mini marker",
  "CTP side bet",
];

type Balances = Map<number, number>;

function addTo(balances: Balances, playerId: number, cents: number): void {
  const next = (balances.get(playerId) ?? 0) + cents;
  if (next < 0) throw new Error(`player ${playerId} would go below zero (${next})`);
  balances.set(playerId, next);
}

function transferAfter(rng: Rng, round: SeedRound, id: number, balances: Balances, active: readonly number[]): SeedTransfer {
  // Within two days of the round: before the next round's first sign-ups (up to four days
  // ahead of it), which may spend what the transfer brings.
  const d = round.startsAt + int(rng, 1, 2) * DAY_SECONDS + int(rng, 0, 8) * 3600;
  const rich = active.filter((p) => (balances.get(p) ?? 0) >= MIN_SEND);
  const roll = rng();
  if (rich.length > 0 && roll < 0.45) {
    const from = pick(rng, rich);
    const to = pick(
      rng,
      active.filter((p) => p !== from),
    );
    const amt = Math.min(balances.get(from) ?? 0, pick(rng, [300, 500, 600, 700, 1000, 1500]));
    return { id, date: d, from, to, amountCents: amt, description: pick(rng, FRIENDLY) };
  }
  if (rich.length > 0 && roll < 0.65) {
    const from = pick(rng, rich);
    const balance = balances.get(from) ?? 0;
    const amt = chance(rng, 0.5) ? balance : Math.max(25, Math.floor(balance / 2 / 25) * 25);
    return { id, date: d, from, to: null, amountCents: amt, description: "Cash out" };
  }
  return {
    id,
    date: d,
    from: null,
    to: pick(rng, active),
    amountCents: pick(rng, [500, 1000, 1500, 2000, 2500]),
    description: "Cash buy-in",
  };
}

/** One index per equal slice of [lo, hi], so the picks spread over the seasons. */
function spread(rng: Rng, lo: number, hi: number, count: number): number[] {
  const width = (hi - lo + 1) / count;
  return Array.from({ length: count }, (_, k) => lo + Math.floor(k * width) + Math.floor(rng() * Math.max(1, Math.floor(width))));
}

export function settleMoney(
  rng: Rng,
  rounds: readonly SeedRound[],
  entries: readonly SeedEntry[],
  players: readonly SeedPlayer[],
): { transfers: SeedTransfer[]; aces: SeedAce[]; balances: Balances; pot: number } {
  const past = rounds.filter((r) => r.kind === "past");
  const active = players.filter((p) => !p.inactive).map((p) => p.id);
  // A transfer sits in the week after a past round (not the last one: keep them before today).
  const transferAfterRound = new Set(
    shuffle(rng, past.slice(1, -1))
      .slice(0, TRANSFER_COUNT)
      .map((r) => r.id),
  );
  // Aces: not in the first weeks (let the pot build) nor the last ones (leave a pot now).
  const aceRounds = new Set(spread(rng, 4, past.length - 6, ACE_COUNT).map((i) => past[i]?.id));
  const byRound = new Map<number, SeedEntry[]>();
  for (const e of entries) byRound.set(e.roundId, [...(byRound.get(e.roundId) ?? []), e]);

  const balances: Balances = new Map();
  const transfers: SeedTransfer[] = [];
  const aces: SeedAce[] = [];
  let pot = 0;
  for (const round of rounds) {
    const list = byRound.get(round.id) ?? [];
    // Sign-up: half of those with credit spend it, as much as the entry costs.
    for (const e of list) {
      const balance = balances.get(e.playerId) ?? 0;
      if (balance > 0 && chance(rng, 0.5)) {
        e.creditUsed = clampCreditCents(balance, balance, entryTotalCents(round, e.ace));
        addTo(balances, e.playerId, -e.creditUsed);
      }
      if (e.ace) pot += round.aceCents;
    }
    if (round.kind !== "past") continue;
    // After the round: most winners leave their prize on the books.
    for (const e of list) {
      if (e.payoutCents > 0 && chance(rng, 0.7)) {
        e.creditAdded = e.payoutCents;
        addTo(balances, e.playerId, e.creditAdded);
      }
    }
    if (aceRounds.has(round.id)) {
      const inPot = list.filter((e) => e.ace);
      if (inPot.length > 0 && pot > 0) {
        aces.push({ id: aces.length + 1, date: round.startsAt, playerId: pick(rng, inPot).playerId, roundId: round.id, amountCents: pot });
        pot = 0;
      }
    }
    if (transferAfterRound.has(round.id)) {
      const t = transferAfter(rng, round, transfers.length + 1, balances, active);
      if (t.from !== null) addTo(balances, t.from, -t.amountCents);
      if (t.to !== null) addTo(balances, t.to, t.amountCents);
      transfers.push(t);
    }
  }
  return { transfers, aces, balances, pot };
}
