import type { Make } from "~/lib/live-scoring";
import type { LivePlayer, LiveState } from "~/lib/live-state";
import type { Change } from "~/schemas/live";

const FIELD = { strokes: "strokes", penalty: "penalty", dnf: "DNF" } as const;

/** Holes where the card's scorers disagree: each value and who gave it, and a button to settle on it. */
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
  const settle = (entryId: number, hole: number, field: keyof typeof FIELD, value: number): Change =>
    field === "strokes"
      ? make({ kind: "strokes", entryId, hole, strokes: value, settle: true })
      : field === "penalty"
        ? make({ kind: "penalty", entryId, hole, penalty: value, settle: true })
        : make({ kind: "dnf", entryId, dnf: value === 1, settle: true });
  return (
    <section aria-labelledby="flags-title" className="rounded-lg border-2 border-danger-700 bg-danger-50 p-3">
      <h2 id="flags-title" className="mb-2 text-base font-bold text-danger-800">
        The card disagrees: settle {flags.length === 1 ? "this hole" : "these holes"}
      </h2>
      <ul className="space-y-3">
        {flags.map((f) => {
          const values = [...new Set((f.values ?? []).map((v) => v.value))];
          return (
            <li key={`${f.entryId}-${f.field}-${f.hole}`} className="text-sm">
              <button type="button" className="min-h-11 font-semibold underline" onClick={() => f.hole && onHole(f.hole)}>
                {f.hole ? `Hole ${f.hole}` : "Did not finish"}, {names.get(f.entryId)} ({FIELD[f.field]})
              </button>
              <p>
                {(f.values ?? []).map((v) => `${v.name} says ${f.field === "dnf" ? (v.value ? "DNF" : "finished") : v.value}`).join(", ")}
              </p>
              <div className="mt-1 flex flex-wrap gap-2">
                {values.map((value) => (
                  <button
                    key={value}
                    type="button"
                    disabled={!canEdit}
                    className="min-h-11 rounded-md bg-danger-700 px-3 font-semibold text-white"
                    onClick={() => void record([settle(f.entryId, f.hole, f.field, value)])}
                  >
                    Settle at {f.field === "dnf" ? (value ? "DNF" : "finished") : value}
                  </button>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
