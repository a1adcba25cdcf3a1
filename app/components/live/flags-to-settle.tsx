import { type Make, disputedValues, flagQuestion } from "~/lib/live/live-scoring";
import type { LiveFlag, LivePlayer, LiveState } from "~/lib/live/live-state";
import type { Change } from "~/schemas/live";

// Holes the card's scorers disagree on (ADR 26): until settled, such a hole is null in the
// card's totals, so the page says so where the scorer looks: a banner at the top of the
// card, and the question itself ("3 or 4?") in the hole's row, each with the values to
// settle on.

/** The change that settles `f` at `value` for `entryId` (a doubles partner's own cell). */
export function settleChange(make: Make, f: LiveFlag, value: number, entryId = f.entryId): Change {
  if (f.field === "strokes") return make({ kind: "strokes", entryId, hole: f.hole, strokes: value, settle: true });
  if (f.field === "penalty") return make({ kind: "penalty", entryId, hole: f.hole, penalty: value, settle: true });
  return make({ kind: "dnf", entryId, dnf: value === 1, settle: true });
}

const settleLabel = (f: LiveFlag, value: number) => (f.field === "dnf" ? (value ? "DNF" : "finished") : String(value));

/** A button for each value a flag is disputed between: "Settle at 3", "Settle at 4". */
export function SettleButtons({ flag, canEdit, settle }: { flag: LiveFlag; canEdit: boolean; settle: (value: number) => void }) {
  return (
    <div className="mt-1 flex flex-wrap gap-2">
      {disputedValues(flag).map((value) => (
        <button
          key={value}
          type="button"
          disabled={!canEdit}
          className="min-h-11 rounded-md bg-danger-700 px-3 font-semibold text-white disabled:opacity-50"
          onClick={() => settle(value)}
        >
          Settle at {settleLabel(flag, value)}
        </button>
      ))}
    </div>
  );
}

/** A cell the card disagrees on, asked as the question it is ("3 or 4?"), with a button for each value. */
export function Question({
  flag,
  label,
  canEdit,
  settle,
  big: large = false,
}: {
  flag: LiveFlag;
  label: string;
  canEdit: boolean;
  settle: (value: number) => void;
  big?: boolean;
}) {
  return (
    <div className="mt-2 rounded-md border-2 border-danger-700 bg-danger-50 p-2 text-danger-800">
      <p className={large ? "text-center text-2xl font-bold" : "font-semibold"}>
        {large ? <span className="sr-only">In question: </span> : `${label}: `}
        {flagQuestion(flag)}
      </p>
      <SettleButtons flag={flag} canEdit={canEdit} settle={settle} />
    </div>
  );
}

/** The banner at the top of the card while any of its holes is in question: each value, who gave it, and a way to settle. */
export function FlagsToSettle({
  state,
  players,
  canEdit,
  make,
  record,
  onHole,
}: {
  state: LiveState;
  players: LivePlayer[];
  canEdit: boolean;
  make: Make;
  record: (changes: Change[]) => Promise<void>;
  onHole: (hole: number) => void;
}) {
  const names = new Map(players.map((p) => [p.entryId, p.name]));
  const flags = state.flags.filter((f) => names.has(f.entryId));
  if (flags.length === 0) return null;
  return (
    <section aria-labelledby="flags-title" className="rounded-lg border-2 border-danger-700 bg-danger-50 p-3">
      <h2 id="flags-title" className="mb-2 text-base font-bold text-danger-800">
        The scorecard disagrees: settle {flags.length === 1 ? "this hole" : "these holes"}
      </h2>
      <ul className="space-y-3">
        {flags.map((f) => (
          <li key={`${f.entryId}-${f.field}-${f.hole}`} className="text-sm">
            <button type="button" className="min-h-11 text-left font-semibold underline" onClick={() => f.hole && onHole(f.hole)}>
              {f.hole ? `Hole ${f.hole}, ` : ""}
              {names.get(f.entryId)}
              {f.field === "penalty" ? ", penalty" : ""}: {flagQuestion(f)}
            </button>
            <p>
              {(f.values ?? []).map((v) => `${v.name} says ${f.field === "dnf" ? (v.value ? "DNF" : "finished") : v.value}`).join(", ")}
            </p>
            <SettleButtons flag={f} canEdit={canEdit} settle={(value) => void record([settleChange(make, f, value)])} />
          </li>
        ))}
      </ul>
    </section>
  );
}
