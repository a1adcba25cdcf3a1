import { Link } from "react-router";
import { MethodNotes } from "./method-notes";
import { Panel, Stats } from "~/components/ui/panel";
import { DataTable, HeadRow, td, tdNum } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { MIN_HANDICAP_ROUNDS, handicapSum } from "~/lib/ratings/handicap";
import { ESTABLISHED_AFTER, RATING_ROUNDS } from "~/lib/ratings/rating-walk";
import type { HistoryRound, RatingAndHandicap } from "~/.server/services/ratings/rating-and-handicap";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/** Rows shown at once; older ones open under "Earlier rounds". */
const RECENT = 10;
// Two-word headers may wrap, and the score (also in the rounds table below) shows from
// 640 px: the history then fits a 375 px phone without scrolling.
const wrap = "text-right whitespace-normal!";
const wide = "hidden sm:table-cell";

function History({ rows, caption }: { rows: HistoryRound[]; caption: string }) {
  const { href } = useLeagueUrls();
  const { date } = useLeague();
  return (
    <DataTable
      caption={caption}
      pinFirst
      head={
        <HeadRow
          columns={[
            "Date",
            { label: "Score", num: true, className: wide },
            { label: "Round rating", className: wrap },
            { label: "Rating after", className: wrap },
            { label: "Handicap after", className: wrap },
          ]}
        />
      }
    >
      {rows.map((r) => (
        <tr key={r.roundId}>
          <td className={td}>
            <Link
              to={href(`/rounds/${r.roundId}`)}
              className="font-medium text-brand-800 hover:underline"
              aria-label={`${r.roundName}, ${date(r.startsAt)}`}
            >
              {date(r.startsAt)}
            </Link>
          </td>
          <td className={`${tdNum} ${wide}`}>{r.score}</td>
          <td className={tdNum}>{r.roundRating ?? "–"}</td>
          <td className={tdNum}>{r.rating ?? "–"}</td>
          <td className={tdNum}>{r.handicap === null ? "–" : r.handicap.toFixed(1)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The sum behind the handicap and the rating, in words a player can check. */
function sumLine(form: RatingAndHandicap): string {
  const h = form.handicap;
  const needed = Math.min(MIN_HANDICAP_ROUNDS, form.settings.handicapRounds);
  const rating =
    form.rating !== null
      ? `Rating: the average of the last ${Math.min(form.ratedRounds, RATING_ROUNDS)} round ratings${form.established ? "" : ` (established after ${ESTABLISHED_AFTER})`}.`
      : "";
  return `${h ? `Handicap: ${handicapSum(h)}.` : `A handicap needs ${needed} scored rounds.`} ${rating}`;
}

/**
 * A player's league rating and handicap: the two numbers, the sum behind them, both after
 * each round (the recent ones, older under "Earlier rounds", which opens without
 * JavaScript) and the method notes.
 */
export function RatingAndHandicapPanel({ form }: { form: RatingAndHandicap }) {
  const recent = form.history.slice(0, RECENT);
  const earlier = form.history.slice(RECENT);
  return (
    <Panel title="Rating and handicap" titleId="form-title">
      <div className="space-y-4">
        <Stats
          items={[
            {
              label: "League rating",
              value: form.rating === null ? "–" : `${form.rating}${form.established ? "" : " (provisional)"}`,
            },
            { label: "Handicap", value: form.handicap === null ? "–" : form.handicap.handicap.toFixed(1) },
          ]}
        />
        <p className="text-sm text-muted" data-testid="handicap-sum">
          {sumLine(form)}
        </p>
        {recent.length ? (
          <div className="space-y-2">
            <History rows={recent} caption="Rating and handicap after each round" />
            {earlier.length ? (
              <details>
                <summary className="cursor-pointer text-sm font-semibold text-brand-800">Earlier rounds ({earlier.length})</summary>
                <div className="mt-2">
                  <History rows={earlier} caption="Rating and handicap after earlier rounds" />
                </div>
              </details>
            ) : null}
          </div>
        ) : null}
        <MethodNotes settings={form.settings} />
      </div>
    </Panel>
  );
}
