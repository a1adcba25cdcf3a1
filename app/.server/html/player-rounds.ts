import type { PlayerRound } from "~/.server/services/rounds";
import { formatCents } from "~/lib/money";
import { positionLabel } from "~/lib/results";
import { formatDate } from "~/lib/time";
import { esc } from "./escape";
import { type Cell, rowHtml, tableHtml } from "./table";

// The player page's rounds table as HTML (nothing in it is interactive, so no client code
// renders it: issue 12's client budget). Date pinned, then the round and its score: what a
// phone shows before scrolling.

const money = (cents: number) => (cents ? formatCents(cents) : "");

export function playerRoundsHtml(rounds: PlayerRound[], timeZone: string): string {
  const head: Cell[] = [
    { text: "Date" },
    { text: "Round" },
    { text: "Score", num: true },
    { text: "Rating", num: true },
    { text: "Position" },
    { text: "Division" },
    { text: "Payout", num: true },
    { text: "Credit added", num: true },
    { text: "Credit used", num: true },
  ];
  const body = rounds.map((r) =>
    rowHtml([
      { text: formatDate(r.d, timeZone) },
      { html: `<a href="/rounds/${r.roundId}" class="font-medium text-brand-800 hover:underline">${esc(r.n)}</a>` },
      { text: r.score > 0 ? r.score : "–", num: true, cls: "font-semibold" },
      { text: r.rating ?? "–", num: true },
      { text: positionLabel(r.result) ?? "–" },
      { text: r.division },
      { text: money(r.entryPayoutCents), num: true },
      { text: money(r.creditAddedCents), num: true },
      { text: money(r.creditUsedCents), num: true },
    ]),
  );
  return tableHtml("Rounds played", head, body.join(""), true);
}
