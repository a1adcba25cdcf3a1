import type { Db } from "../db/client";
import { roundPayments, withdrawalBack } from "../services/money/round-money";
import { playerNight } from "../services/night/player-night";
import { publishedCards } from "../services/night/round-night";
import { roundHandicaps } from "../services/ratings/rating-and-handicap";
import { roundPageData } from "./round-page";
import { roundPots } from "../services/sidepots/pot-view";
import { getLeagueSettings } from "../services/settings/league-settings";
import { roundPageWaitlist } from "../services/waitlist/round-field";
import { checkInWindow } from "~/lib/night/night";
import { leaguePayPalRow } from "../services/signup/league-paypal";

/**
 * Everything the round page reads from D1, asked at once: one trip (ADR 41). The signed-in
 * player's part (`me`: the player of their approved claim) is read by the ids the URL and
 * the session give, before anyone knows they entered: their night and what a withdrawal
 * would give back are kept only when they did.
 */
export async function roundPageReads(db: Db, id: number, me: number | null, net: boolean, now: number) {
  const [page, handicaps, cards, settings, waitlist, sidePots, night, payments, payPal] = await Promise.all([
    roundPageData(db, id, me),
    net ? roundHandicaps(db, id) : null,
    publishedCards(db, id),
    me === null ? null : getLeagueSettings(db),
    // The field against its caps, and the player's place on the waitlist (ADR 28).
    roundPageWaitlist(db, id, me, now),
    roundPots(db, id),
    // The player's league night (ADR 25): check-in, what they owe, their card once published.
    me === null ? null : playerNight(db, id, me),
    me === null ? null : roundPayments(db, id),
    // The league's own PayPal, if it has one: the sign-up dialog's way to pay (app/.server/paypal/config.ts).
    me === null ? null : leaguePayPalRow(db),
  ]);
  // The player's own entry, and their night in it with the check-in window (ADR 25).
  const mine = page.facts?.entered ? page.entries.find((e) => e.playerId === me) : undefined;
  const window = mine && settings ? checkInWindow(page.round.startsAt, settings.checkInOpensMinutes) : null;
  return {
    ...page,
    handicaps,
    cards,
    settings,
    waitlist,
    sidePots,
    mine: mine ? { entry: mine, back: withdrawalBack(page.round, mine, payments ?? []) } : null,
    night: night && window ? { ...night, window } : null,
    payPal: payPal ?? null,
  };
}
