import type { PlayerForm } from "~/.server/services/player-form";
import { MIN_HANDICAP_ROUNDS, handicapSum } from "~/lib/handicap";
import { formatDate } from "~/lib/time";
import { ESTABLISHED_AFTER, RATING_ROUNDS } from "~/lib/rating-walk";
import { esc } from "./escape";
import { methodsHtml } from "./methods";
import { type Cell, rowHtml, tableHtml } from "./table";

// The player page's rating and handicap card below its two numbers: the sum behind them, the
// history tables and the method notes, built as HTML (nothing in it is interactive; the
// "Earlier rounds" <details> works without JavaScript), so no client code renders it.

/** Rows shown at once; older ones open under "Earlier rounds". */
const RECENT = 10;
// Two-word headers may wrap, and the score (also in the rounds table below) shows from
// 640 px: the history then fits a 375 px phone without scrolling.
const wrap = "text-right whitespace-normal!";
const wide = "hidden sm:table-cell";

function history(rows: PlayerForm["history"], caption: string, timeZone: string): string {
  const head: Cell[] = [
    { text: "Date" },
    { text: "Score", num: true, cls: wide },
    { text: "Round rating", cls: wrap },
    { text: "Rating after", cls: wrap },
    { text: "Handicap after", cls: wrap },
  ];
  const body = rows.map((r) => {
    const date = formatDate(r.d, timeZone);
    const link = `<a href="/rounds/${r.roundId}" class="font-medium text-brand-800 hover:underline" aria-label="${esc(`${r.n}, ${date}`)}">${esc(date)}</a>`;
    return rowHtml([
      { html: link },
      { text: r.score, num: true, cls: wide },
      { text: r.roundRating ?? "–", num: true },
      { text: r.rating ?? "–", num: true },
      { text: r.handicap === null ? "–" : r.handicap.toFixed(1), num: true },
    ]);
  });
  return tableHtml(caption, head, body.join(""), true);
}

/** The sum line, the history (recent, then earlier under <details>) and the method notes. */
export function playerFormHtml(form: PlayerForm, timeZone: string): string {
  const h = form.handicap;
  const needed = Math.min(MIN_HANDICAP_ROUNDS, form.settings.handicapRounds);
  const rating =
    form.rating !== null
      ? `Rating: the average of the last ${Math.min(form.ratedRounds, RATING_ROUNDS)} round ratings${form.established ? "" : ` (established after ${ESTABLISHED_AFTER})`}.`
      : "";
  const sum = `<p class="text-sm text-muted" data-testid="handicap-sum">${esc(`${h ? `Handicap: ${handicapSum(h)}.` : `A handicap needs ${needed} scored rounds.`} ${rating}`)}</p>`;
  const recent = form.history.slice(0, RECENT);
  const earlier = form.history.slice(RECENT);
  const tables =
    recent.length === 0
      ? ""
      : `<div class="space-y-2">${history(recent, "Rating and handicap after each round", timeZone)}${
          earlier.length === 0
            ? ""
            : `<details><summary class="cursor-pointer text-sm font-semibold text-brand-800">Earlier rounds (${earlier.length})</summary><div class="mt-2">${history(earlier, "Rating and handicap after earlier rounds", timeZone)}</div></details>`
        }</div>`;
  return sum + tables + methodsHtml(form.settings);
}

/** What the page's card needs: the two numbers it shows as stats, and the rest as HTML. */
export const formForPage = (form: PlayerForm, timeZone: string) => ({
  rating: form.rating,
  established: form.established,
  handicap: form.handicap?.handicap ?? null,
  html: playerFormHtml(form, timeZone),
});
export type FormForPage = ReturnType<typeof formForPage>;
