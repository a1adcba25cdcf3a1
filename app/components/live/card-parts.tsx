import type { Link } from "./live-connection";
import { toParLabel } from "~/lib/live/live-board";
import { type ScoreUnit, holesInQuestion } from "~/lib/live/live-scoring";
import { type LivePlayer, type LiveState, playerToPar, playerTotal } from "~/lib/live/live-state";

// The scoring page's smaller parts (ADR 26, "The phone"): the link and what waits, the row
// of holes, and the running totals.

const LINK_TEXT = { connecting: "Connecting…", live: "Live", offline: "Offline: scores are saved on this phone" } as const;

export function CardStatus({ link, waitText }: { link: Link; waitText: string | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p
        className={`rounded-full px-3 py-1 text-sm font-semibold ${link === "live" ? "bg-brand-50 text-brand-900" : "bg-warn-50 text-warn-800"}`}
      >
        {LINK_TEXT[link]}
      </p>
      <p role="status" data-waiting className="text-sm font-semibold text-ink">
        {waitText ?? "Every score is sent"}
      </p>
    </div>
  );
}

/** Every hole of the card in its order: entered, in question, or still to play; the current one marked. */
export function HoleNav({
  order,
  hole,
  players,
  state,
  onHole,
}: {
  order: number[];
  hole: number;
  players: LivePlayer[];
  state: LiveState;
  onHole: (hole: number) => void;
}) {
  return (
    <nav aria-label="Holes" className="flex flex-wrap gap-1">
      {order.map((h) => {
        const entered = players.every((p) => p.dnf || p.strokes[h - 1] !== null);
        const flagged = state.flags.some((f) => f.hole === h && players.some((p) => p.entryId === f.entryId));
        return (
          <button
            key={h}
            type="button"
            aria-current={h === hole ? "step" : undefined}
            aria-label={`Hole ${h}${flagged ? ", flagged" : entered ? ", entered" : ""}`}
            onClick={() => onHole(h)}
            className={`min-h-11 min-w-11 rounded-md border text-base font-bold ${
              h === hole
                ? "border-brand-900 bg-brand-900 text-white"
                : flagged
                  ? "border-danger-700 bg-danger-50 text-danger-800"
                  : entered
                    ? "border-slate-400 bg-slate-100 text-ink"
                    : "border-slate-400 bg-surface text-ink"
            }`}
          >
            {h}
          </button>
        );
      })}
    </nav>
  );
}

/** Each player's (or team's) running total and its score against par. */
export function CardTotals({ units, state }: { units: ScoreUnit[]; state: LiveState }) {
  const asked = (u: ScoreUnit) => {
    const holes = holesInQuestion(state.flags, [u.lead.entryId]);
    return holes.length ? `, ${holes.length === 1 ? "hole" : "holes"} ${holes.join(", ")} in question` : "";
  };
  return (
    <section aria-labelledby="totals-title" className="rounded-lg border border-slate-300 bg-surface p-3">
      <h2 id="totals-title" className="mb-2 text-base font-bold">
        Totals
      </h2>
      <ul className="divide-y divide-slate-200">
        {units.map((u) => (
          <li key={u.key} className="flex items-center justify-between gap-2 py-2 text-base">
            <span className="font-semibold">{u.name}</span>
            {/* A hole in question is left out of the total until it is settled: said, not silent. */}
            <span className={`text-right tabular-nums ${asked(u) && !u.lead.dnf ? "font-semibold text-danger-800" : ""}`}>
              {u.lead.dnf ? "DNF" : `${playerTotal(u.lead)} (${toParLabel(playerToPar(u.lead, state.holes))})${asked(u)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
