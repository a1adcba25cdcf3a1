import type { ResultGroup, ResultRow, RoundHandicaps } from "~/components/round-results";
import { netScore } from "~/lib/handicap";
import { formatCents } from "~/lib/money";
import { esc } from "./escape";
import { type Cell, groupRowHtml, rowHtml, tableHtml } from "./table";

// The round page's results (and, before scores, who signed up) as HTML: one table, one group
// row per division so the columns line up down the page, net columns when asked. Nothing in
// it is interactive, so no client code renders it (issue 12's client budget).

const name = (r: ResultRow) => `${r.firstName} ${r.lastName}`;
const players = (n: number) => `${n} ${n === 1 ? "player" : "players"}`;
const link = (r: ResultRow) =>
  `<a class="font-medium text-brand-800 underline-offset-2 hover:underline" href="/players/${r.playerId}">${esc(name(r))}</a>`;
const ACE =
  '<span title="Hit an ace in this round" class="ml-1.5 rounded bg-warn-50 px-1 text-xs font-semibold text-warn-800 ring-1 ring-warn-200">Ace</span>';

export function resultsHtml(groups: ResultGroup[], handicaps: RoundHandicaps): string {
  const net = handicaps !== null;
  const head: Cell[] = [
    { text: "Place", cls: "w-12" },
    { text: "Player" },
    { text: "Score", num: true },
    { text: "Rating", num: true },
    ...(net
      ? [
          { html: '<abbr title="Handicap going into this round">Hcp</abbr>', num: true },
          { text: "Net", num: true },
        ]
      : []),
    { text: "Payout", num: true },
  ];
  const body = groups.map((g) => {
    const winner = g.winners.length ? `Winner: ${g.winners.map(name).join(", ")} (${g.winners[0]?.score})` : "No scores yet";
    const rows = g.rows.map((r) => {
      const h = handicaps?.players[r.playerId]?.handicap;
      return rowHtml([
        { text: r.place ?? "–", cls: "tabular-nums" },
        { html: link(r) + (r.ace ? ACE : ""), cls: "max-w-44 truncate sm:max-w-none" },
        { text: r.score > 0 ? r.score : "–", num: true, cls: "font-semibold" },
        { text: r.rating ?? "–", num: true },
        ...(net
          ? [
              { text: h === undefined ? "–" : h.toFixed(1), num: true },
              { text: h === undefined || r.score <= 0 ? "–" : netScore(r.score, h).toFixed(1), num: true },
            ]
          : []),
        { text: r.entryPayoutCents > 0 ? formatCents(r.entryPayoutCents) : "", num: true },
      ]);
    });
    return groupRowHtml(head.length, g.division, `${players(g.rows.length)} · ${winner}`) + rows.join("");
  });
  return tableHtml("Results", head, body.join(""));
}

/** Before scores are in: who is signed up, by division. */
export function registeredHtml(groups: ResultGroup[]): string {
  const body = groups.map(
    (g) =>
      groupRowHtml(1, g.division, players(g.rows.length)) +
      g.rows.map((r) => rowHtml([{ html: link(r).replace(" underline-offset-2", "") }])).join(""),
  );
  return tableHtml("Registered players", [{ text: "Player" }], body.join(""));
}
