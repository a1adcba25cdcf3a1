// Demo logins, their claims, and the payments behind the demo players' recent sign-ups.
import { quoteSignUp } from "../../app/lib/signup/pricing";
import { DAY_SECONDS } from "../../app/lib/shared/time";
import { PAID_ROUNDS_BACK } from "./play";
import type { DemoPlayers, SeedClaim, SeedEntry, SeedPayment, SeedRound, SeedUser } from "./types";
import { fullName } from "../../app/lib/players/player-name";

export const ADMIN_LOGIN = { email: "admin@league.test", password: "LeagueAdmin2026" };
export const PLAYER_PASSWORD = "PlayerPass2026";
export const PLAYER_EMAILS = [1, 2, 3, 4, 5].map((n) => `player${n}@league.test`);

/** What PayPal itself would report on the capture (US Checkout: 3.49% + $0.49). */
const providerFee = (amount: number) => Math.round(amount * 0.0349 + 49);

export function buildAccounts(
  rounds: readonly SeedRound[],
  entries: readonly SeedEntry[],
  demo: DemoPlayers,
  now: number,
): { users: SeedUser[]; claims: SeedClaim[]; payments: SeedPayment[] } {
  const past = rounds.filter((r) => r.kind === "past");
  const paidRounds = [...past.slice(-PAID_ROUNDS_BACK), ...rounds.filter((r) => r.kind === "next")];
  const firstPaid = paidRounds[0];
  const firstRound = rounds[0];
  if (!firstPaid || !firstRound) throw new Error("the schedule has no past rounds");
  const joined = firstPaid.startsAt - 12 * DAY_SECONDS;

  const users: SeedUser[] = [
    {
      id: 1,
      name: "League Admin",
      email: ADMIN_LOGIN.email,
      password: ADMIN_LOGIN.password,
      isOperator: true,
      createdAt: firstRound.startsAt - 30 * DAY_SECONDS,
    },
    { id: 2, name: fullName(demo.approved1), email: PLAYER_EMAILS[0]!, password: PLAYER_PASSWORD, isOperator: false, createdAt: joined },
    {
      id: 3,
      name: fullName(demo.approved2),
      email: PLAYER_EMAILS[1]!,
      password: PLAYER_PASSWORD,
      isOperator: false,
      createdAt: joined + 7200,
    },
    {
      id: 4,
      name: fullName(demo.pending),
      email: PLAYER_EMAILS[2]!,
      password: PLAYER_PASSWORD,
      isOperator: false,
      createdAt: now - 3 * DAY_SECONDS,
    },
    { id: 5, name: "Riley Newcomb", email: PLAYER_EMAILS[3]!, password: PLAYER_PASSWORD, isOperator: false, createdAt: now - DAY_SECONDS },
    // A second account claiming player3's record: the admin marked it a conflict.
    {
      id: 6,
      name: fullName(demo.pending),
      email: PLAYER_EMAILS[4]!,
      password: PLAYER_PASSWORD,
      isOperator: false,
      createdAt: now - 2 * DAY_SECONDS,
    },
  ];
  const approved = (id: number, userId: number, playerId: number, at: number): SeedClaim => ({
    id,
    userId,
    playerId,
    status: "approved",
    createdAt: at,
    updatedAt: at + DAY_SECONDS,
    approvedAt: at + DAY_SECONDS,
  });
  const claims: SeedClaim[] = [
    approved(1, 2, demo.approved1.id, joined + 600),
    approved(2, 3, demo.approved2.id, joined + 7800),
    {
      id: 3,
      userId: 4,
      playerId: demo.pending.id,
      status: "pending",
      createdAt: now - 3 * DAY_SECONDS + 900,
      updatedAt: now - 3 * DAY_SECONDS + 900,
      approvedAt: null,
    },
    {
      id: 4,
      userId: 6,
      playerId: demo.pending.id,
      status: "conflict",
      note: "Another account has claimed this record too. Which email did you sign up for the league with?",
      createdAt: now - 2 * DAY_SECONDS + 600,
      updatedAt: now - DAY_SECONDS,
      approvedAt: null,
    },
  ];

  const payments: SeedPayment[] = [];
  const userOf = new Map([
    [demo.approved1.id, 2],
    [demo.approved2.id, 3],
  ]);
  for (const round of paidRounds) {
    for (const e of entries) {
      const userId = userOf.get(e.playerId);
      if (e.roundId !== round.id || userId === undefined) continue;
      // The entry's credit was already clamped when it was spent: the quote keeps it.
      const quote = quoteSignUp({ round, aceOptIn: e.ace, balanceCents: e.creditUsed, creditRequestedCents: e.creditUsed });
      const id = payments.length + 1;
      payments.push({
        id,
        userId,
        roundId: round.id,
        playerId: e.playerId,
        method: quote.paidByCredit ? "credit" : "paypal",
        amount: quote.chargeCents,
        leagueFee: quote.feeCents,
        providerFee: quote.paidByCredit ? null : providerFee(quote.chargeCents),
        creditUsed: e.creditUsed,
        aceOptIn: e.ace,
        division: e.division,
        transactionId: quote.paidByCredit ? null : `DEMO-ORDER-${1000 + id}`,
        createdAt: e.createdAt,
        updatedAt: e.createdAt + 45,
      });
      e.paymentId = id;
    }
  }
  return { users, claims, payments };
}
