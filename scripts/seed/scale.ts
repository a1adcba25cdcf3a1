// The scale league: ten times bigger than any real weekly league — ten seasons,
// 2,000 players, 500 rounds, 100,000 entries, 5,000 transfers, 300 aces, 1,500 users with
// claims and payments. Deterministic (fixed seeds) and played out in date order like the
// demo league, so no balance and no ace pot is ever below zero and the books balance.
import { computeRoundPayouts } from "../../app/lib/rounds/payouts";
import { clampCreditCents, entryTotalCents, quoteSignUp } from "../../app/lib/signup/pricing";
import { DAY_SECONDS, wallParts, zonedTimeToEpoch } from "../../app/lib/shared/time";
import { ADMIN_LOGIN, PLAYER_PASSWORD } from "./accounts";
import { DIVISIONS, LAST, MEN, WOMEN, WOMENS } from "./players";
import { chance, int, mulberry32, normal, pick, type Rng, sampleWeighted } from "./rng";
import { civil } from "./schedule";
import { withCashAtTheCourse } from "./cash";
import { parOf, scoreOn, seedCourses } from "./courses";
import type {
  League,
  SeedAce,
  SeedClaim,
  SeedEntry,
  SeedLayout,
  SeedPayment,
  SeedPlayer,
  SeedRound,
  SeedTransfer,
  SeedUser,
} from "./types";
import { fullName } from "../../app/lib/players/player-name";

export const SCALE = { players: 2_000, rounds: 500, entries: 100_000, transfers: 5_000, aces: 300, users: 1_500 } as const;
const UPCOMING = 4;
const SEED = 20_261_122;

/** The division a roll in [0, Σ weights) lands on, weighted as the demo league's are. */
function divisionFor(roll: number): readonly [string, number, number] {
  let left = roll;
  for (const division of DIVISIONS) {
    left -= division[1];
    if (left < 0) return division;
  }
  return DIVISIONS[DIVISIONS.length - 1] as readonly [string, number, number];
}

function players(rng: Rng, createdAt: number): SeedPlayer[] {
  const weight = DIVISIONS.reduce((sum, [, count]) => sum + count, 0);
  return Array.from({ length: SCALE.players }, (_, i): SeedPlayer => {
    const [division, , mean] = divisionFor(rng() * weight);
    const firsts = WOMENS.has(division) ? WOMEN : MEN;
    return {
      id: i + 1,
      firstName: pick(rng, firsts),
      // Names repeat in a league this big; the id keeps them apart, the number keeps search exact.
      lastName: `${pick(rng, LAST)}${i % 7 === 0 ? "" : ` ${String.fromCharCode(65 + (i % 26))}.`}`,
      pdga: chance(rng, 0.7) ? String(10_000 + i * 97) : null,
      division,
      inactive: chance(rng, 0.05),
      createdAt: createdAt + i * 600,
      skill: mean + normal(rng) * 1.8,
      attend: 0.15 + 0.85 * rng() ** 0.6,
    };
  });
}

/** 500 weekly Thursday rounds at 18:00 league time, the last four still to come, each on one of the layouts. */
function rounds(rng: Rng, now: number, timeZone: string, layouts: readonly SeedLayout[]): SeedRound[] {
  const wall = wallParts(now, timeZone);
  const today = civil(wall.year, wall.month, wall.day);
  const next = civil(today.year, today.month, today.day + ((4 - today.weekday + 7) % 7));
  const pastCount = SCALE.rounds - UPCOMING - 1;
  return Array.from({ length: SCALE.rounds }, (_, w): SeedRound => {
    const date = civil(next.year, next.month, next.day + 7 * (w - pastCount));
    const d = zonedTimeToEpoch({ year: date.year, month: date.month, day: date.day, hour: 18 }, timeZone);
    const kind = w < pastCount ? "past" : w === pastCount ? "next" : "upcoming";
    const layout = pick(rng, layouts);
    return {
      id: w + 1,
      startsAt: d,
      name: `Week ${w + 1}`,
      location: layout.courseName,
      layoutId: layout.id,
      par: parOf(layout),
      feePdgaCents: 50,
      feeCourseCents: 100,
      feeOtherCents: 0,
      aceCents: 100,
      payoutCents: 450,
      pdgaUrl: null,
      open: kind !== "past" && w - pastCount <= 2,
      createdAt: d - 21 * DAY_SECONDS,
      kind,
      month: date.month,
      difficulty: normal(rng),
    };
  });
}

export function buildScaleLeague(now: number, timeZone: string): League & { pot: number } {
  const rng = mulberry32(SEED);
  const { courses, layouts } = seedCourses();
  const roundList = rounds(rng, now, timeZone, layouts);
  const first = roundList[0]!;
  const playerList = players(rng, first.startsAt - 60 * DAY_SECONDS);
  const active = playerList.filter((p) => !p.inactive);
  const balances = new Map<number, number>();
  const add = (id: number, cents: number) => balances.set(id, (balances.get(id) ?? 0) + cents);

  // Users: the admin, then 1,500 players' accounts; most claims approved.
  const users: SeedUser[] = [
    { id: 1, name: "League Admin", email: ADMIN_LOGIN.email, password: ADMIN_LOGIN.password, isOperator: true, createdAt: first.startsAt },
  ];
  const claims: SeedClaim[] = [];
  const userOf = new Map<number, number>();
  for (let i = 0; i < SCALE.users; i++) {
    const player = playerList[i]!;
    const userId = i + 2;
    const at = first.startsAt + i * 3_600;
    users.push({
      id: userId,
      name: fullName({ firstName: player.firstName, lastName: player.lastName }),
      email: `scale${i + 1}@league.test`,
      password: PLAYER_PASSWORD,
      isOperator: false,
      createdAt: at,
    });
    const status = i % 20 === 19 ? "pending" : i % 50 === 49 ? "conflict" : "approved";
    claims.push({
      id: i + 1,
      userId,
      playerId: player.id,
      status,
      createdAt: at,
      updatedAt: at + DAY_SECONDS,
      approvedAt: status === "approved" ? at + DAY_SECONDS : null,
    });
    if (status === "approved") userOf.set(player.id, userId);
  }

  const entries: SeedEntry[] = [];
  const payments: SeedPayment[] = [];
  const transfers: SeedTransfer[] = [];
  const aces: SeedAce[] = [];
  let pot = 0;
  const pastCount = roundList.filter((r) => r.kind === "past").length;
  // The open rounds ahead hold 60 sign-ups; the past ones the rest of the 100,000.
  const perRound = Math.ceil((SCALE.entries - 60) / pastCount);
  const transfersPerRound = SCALE.transfers / pastCount;

  for (const round of roundList) {
    const size = round.kind === "past" ? perRound : round.kind === "next" ? 40 : round.open ? 10 : 0;
    const field = sampleWeighted(rng, active, (p) => p.attend, size);
    const roundEntries = field.map((player, i): SeedEntry => {
      const ace = chance(rng, 0.85);
      const total = entryTotalCents(round, ace);
      const creditUsed = chance(rng, 0.5) ? clampCreditCents(total, balances.get(player.id) ?? 0, total) : 0;
      add(player.id, -creditUsed);
      if (ace) pot += round.aceCents;
      const id = entries.length + i + 1;
      const userId = userOf.get(player.id);
      let paymentId: number | null = null;
      if (userId !== undefined && chance(rng, 0.3)) {
        const quote = quoteSignUp({ round, aceOptIn: ace, balanceCents: creditUsed, creditRequestedCents: creditUsed });
        paymentId = payments.length + 1;
        payments.push({
          id: paymentId,
          userId,
          roundId: round.id,
          playerId: player.id,
          method: quote.paidByCredit ? "credit" : "paypal",
          amount: quote.chargeCents,
          leagueFee: quote.feeCents,
          providerFee: quote.paidByCredit ? null : Math.round(quote.chargeCents * 0.0349 + 49),
          creditUsed,
          aceOptIn: ace,
          division: player.division,
          transactionId: quote.paidByCredit ? null : `SCALE-ORDER-${paymentId}`,
          createdAt: round.startsAt - DAY_SECONDS,
          updatedAt: round.startsAt - DAY_SECONDS + 45,
        });
      }
      return {
        id,
        roundId: round.id,
        playerId: player.id,
        division: player.division,
        ace,
        score: round.kind === "past" ? scoreOn(round.par, player.skill + round.difficulty + normal(rng) * 2.6) : 0,
        payoutCents: 0,
        result: null,
        creditAdded: 0,
        creditUsed,
        paymentId,
        createdAt: round.startsAt - int(rng, 2, 96) * 3_600,
      };
    });
    if (round.kind === "past") {
      // Payouts are credited, as the league's "credit payouts" does.
      for (const r of computeRoundPayouts(roundEntries, round.payoutCents)) {
        const entry = roundEntries.find((e) => e.id === r.id)!;
        entry.payoutCents = r.payoutCents;
        entry.result = r.result;
        entry.creditAdded = r.payoutCents;
        add(entry.playerId, r.payoutCents);
      }
      // The 300 aces spread evenly over the past rounds.
      if (Math.floor((round.id * SCALE.aces) / pastCount) > aces.length && roundEntries.length > 0) {
        const amt = Math.min(pot, int(rng, 20, 120) * 100);
        aces.push({
          id: aces.length + 1,
          date: round.startsAt + 3_600,
          playerId: pick(rng, roundEntries).playerId,
          roundId: round.id,
          amountCents: amt,
        });
        pot -= amt;
      }
      const count = Math.floor(transfersPerRound * round.id) - Math.floor(transfersPerRound * (round.id - 1));
      for (let t = 0; t < count; t++) {
        const d = round.startsAt + int(rng, 1, 5) * DAY_SECONDS;
        const to = pick(rng, active).id;
        const from = pick(rng, active).id;
        const movable = balances.get(from) ?? 0;
        if (from !== to && movable >= 200 && chance(rng, 0.5)) {
          const amt = int(rng, 1, Math.floor(movable / 100)) * 100;
          add(from, -amt);
          add(to, amt);
          transfers.push({ id: transfers.length + 1, date: d, from, to, amountCents: amt, description: "Side bet" });
        } else {
          const amt = int(rng, 1, 4) * 500;
          add(to, amt);
          transfers.push({ id: transfers.length + 1, date: d, from: null, to, amountCents: amt, description: "Cash buy-in" });
        }
      }
    }
    entries.push(...roundEntries);
  }
  const paid = withCashAtTheCourse(roundList, entries, payments);
  return { courses, layouts, players: playerList, rounds: roundList, entries, transfers, aces, users, claims, payments: paid, pot };
}
