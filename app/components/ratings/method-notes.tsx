import type { ReactNode } from "react";
import { type HandicapSettings, MIN_HANDICAP_ROUNDS } from "~/lib/ratings/handicap";
import { ESTABLISHED_AFTER, RATING_ROUNDS } from "~/lib/ratings/rating-walk";
import { BOOTSTRAP_RATING, MIN_PROPAGATORS, OUTLIER_SD, POINTS_PER_STROKE } from "~/lib/ratings/round-rating";

// How ratings and handicaps are computed, with the league's numbers: shown on the player and
// round pages inside <details>, which opens without JavaScript.

function Note({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="rounded-xl border border-line bg-white px-4 py-3 text-sm shadow-sm">
      <summary className="cursor-pointer font-semibold text-brand-800">{summary}</summary>
      <p className="mt-2 max-w-prose leading-relaxed text-ink">{children}</p>
    </details>
  );
}

/** The ratings explanation, and the handicap one when `settings` is given. */
export function MethodNotes({ settings }: { settings: HandicapSettings | null }) {
  return (
    <>
      <Note summary="How ratings are computed">
        {`Ratings work like PDGA ratings, computed here from league rounds only. A player's rating is the average of their last ${RATING_ROUNDS} round ratings; after ${ESTABLISHED_AFTER} rated rounds it is established. For each round, the players with an established rating are lined up by rating and score, and a straight line is fitted through them by least squares (score = a + b × rating). Anyone more than ${OUTLIER_SD} standard errors off the line is left out and the line fitted again. Each score's round rating is then read off the line: (score − a) ÷ b, to the nearest point. With fewer than ${MIN_PROPAGATORS} established players, or a fit that gives less than ${POINTS_PER_STROKE.min} or more than ${POINTS_PER_STROKE.max} points a stroke, each stroke is worth 10 points around the established players' average; a round with none rates its median score ${BOOTSTRAP_RATING}, which is how a new league gets its first ratings. Changing a score re-rates that round and every round after it.`}
      </Note>
      {settings ? (
        <Note summary="How handicaps are computed">
          {`A handicap is the average of a player's last ${settings.handicapRounds} scored league rounds (all seasons, rounded to one decimal), minus par, times ${settings.handicapPercent}%, rounded to one decimal; it needs at least ${Math.min(MIN_HANDICAP_ROUNDS, settings.handicapRounds)} rounds. Par is each round's own: its layout's par, or ${settings.handicapPar} for a round without a layout; when the rounds counted had different pars, their average par, rounded to one decimal. A player who averages under par has a negative handicap. In a round's results it is the handicap going into that round, the net score is the score minus the handicap, and players are placed by net score within their division.`}
        </Note>
      ) : null}
    </>
  );
}
