import { Link } from "react-router";
import type { PlayerForm } from "~/.server/services/player-form";
import { HandicapMethod, RatingsMethod } from "~/components/ratings-method";
import { Card, Stats } from "~/components/ui/card";
import { DataTable, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { ESTABLISHED_AFTER } from "~/lib/rating-walk";
import { MIN_HANDICAP_ROUNDS, handicapSum } from "~/lib/handicap";

// Two-word headers may wrap, and the score (also in the rounds table below) shows from
// 640 px: the history then fits a 375 px phone without scrolling.
const wrap = "text-right whitespace-normal!";
const wide = "hidden sm:table-cell";

/** Rows shown at once; older ones open under "Earlier rounds" (works without JavaScript). */
const RECENT = 10;

/** A player's league rating and handicap with the sum behind it, and both after each round. */
export function PlayerFormCard({ form }: { form: PlayerForm }) {
  const h = form.handicap;
  const needed = Math.min(MIN_HANDICAP_ROUNDS, form.settings.handicapRounds);
  return (
    <Card title="Rating and handicap" titleId="form-title">
      <div className="space-y-4">
        <Stats
          items={[
            {
              label: "League rating",
              value: form.rating === null ? "–" : `${form.rating}${form.established ? "" : " (provisional)"}`,
            },
            { label: "Handicap", value: h ? h.handicap.toFixed(1) : "–" },
          ]}
        />
        <p className="text-sm text-muted" data-testid="handicap-sum">
          {h ? `Handicap: ${handicapSum(h)}.` : `A handicap needs ${needed} scored rounds.`}{" "}
          {form.rating !== null
            ? `Rating: the average of the last ${Math.min(form.ratedRounds, 8)} round ratings${form.established ? "" : ` (established after ${ESTABLISHED_AFTER})`}.`
            : ""}
        </p>
        {form.history.length > 0 ? <FormHistory rows={form.history} /> : null}
        <RatingsMethod />
        <HandicapMethod settings={form.settings} />
      </div>
    </Card>
  );
}

function FormHistory({ rows }: { rows: PlayerForm["history"] }) {
  const recent = rows.slice(0, RECENT);
  const earlier = rows.slice(RECENT);
  return (
    <div className="space-y-2">
      <HistoryTable rows={recent} caption="Rating and handicap after each round" />
      {earlier.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">Earlier rounds ({earlier.length})</summary>
          <div className="mt-2">
            <HistoryTable rows={earlier} caption="Rating and handicap after earlier rounds" />
          </div>
        </details>
      ) : null}
    </div>
  );
}

function HistoryTable({ rows, caption }: { rows: PlayerForm["history"]; caption: string }) {
  const { date } = useLeague();
  return (
    <DataTable
      caption={caption}
      pinFirst
      head={
        <tr>
          <th className={th}>Date</th>
          <th className={`${th} ${wide} text-right`}>Score</th>
          <th className={`${th} ${wrap}`}>Round rating</th>
          <th className={`${th} ${wrap}`}>Rating after</th>
          <th className={`${th} ${wrap}`}>Handicap after</th>
        </tr>
      }
    >
      {rows.map((r) => (
        <tr key={r.roundId}>
          <td className={td}>
            <Link to={`/rounds/${r.roundId}`} className="font-medium text-brand-800 hover:underline" aria-label={`${r.n}, ${date(r.d)}`}>
              {date(r.d)}
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
