import { formatCents } from "../shared/money";

// The words of the league's own messages (ADR 49), one list the notices and the tests read.

/** Each kind's words; the title of a round's message is "{League}: {Round}". */
export const NOTICE_WORDS = {
  title: (league: string, round: string) => `${league}: ${round}`,
  reminder: (round: string, time: string, course: string, owedCents: number) =>
    `${round} starts at ${time} at ${course}. ${owedCents > 0 ? `You owe ${formatCents(owedCents)}.` : "You are paid."}`,
  owed: (owedCents: number, round: string) => `You owe ${formatCents(owedCents)} for ${round}. Pay at check-in or with your credit.`,
  placed: (place: string, of: number, division: string) => `You placed ${place} of ${of} in ${division}.`,
  didNotFinish: (division: string) => `You did not finish in ${division}.`,
  final: "The results are final.",
  credited: (cents: number) => ` ${formatCents(cents)} was credited to your balance.`,
  cancelled: (round: string, reason: string) => `${round} is cancelled: ${reason}.`,
  paidBack: " What you paid is back as credit.",
  // A round postponed (ADR 50): the new start in the league's zone ("Thursday, June 11, 2026 at 6:00 PM").
  postponed: (round: string, when: string) => `${round} is postponed to ${when}.`,
  mayWithdraw: " You may withdraw until then, with everything you paid back as credit.",
  ace: (player: string, hole: number | undefined, course: string | null) =>
    `${player} ${hole ? `aced hole ${hole}` : "hit an ace"}${course ? ` at ${course}` : ""}!`,
} as const;
