import type { Make, ScoreUnit } from "~/lib/live-scoring";
import type { Change } from "~/schemas/live";

const STROKES = { min: 1, max: 20 };

const big = "flex min-h-14 min-w-14 items-center justify-center rounded-lg text-2xl font-bold disabled:opacity-40";

/**
 * One hole of the card: each player's (or doubles team's, ADR 31) strokes with a − and a +
 * (a first tap starts from par, the number itself enters par), a penalty stroke and DNF.
 * Every tap is a change kept on the phone first; a team's is one change per partner.
 */
export function HoleScores({
  hole,
  par,
  units,
  canEdit,
  make,
  record,
  onNext,
  onPrevious,
}: {
  hole: number;
  par: number;
  units: ScoreUnit[];
  canEdit: boolean;
  make: Make;
  record: (changes: Change[]) => Promise<void>;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
}) {
  const each = (u: ScoreUnit, fields: Record<string, unknown> & { kind: Change["kind"] }) =>
    u.members.map((m) => make({ ...fields, entryId: m.entryId }));
  const set = (u: ScoreUnit, strokes: number) =>
    void record(each(u, { kind: "strokes", hole, strokes: Math.min(STROKES.max, Math.max(STROKES.min, strokes)) }));
  const unset = units.filter((u) => !u.lead.dnf && u.lead.strokes[hole - 1] === null);
  return (
    <section aria-labelledby="hole-title" className="rounded-lg border-2 border-brand-900 bg-surface p-3">
      <div className="mb-3 flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={onPrevious ?? undefined}
          disabled={!onPrevious}
          className={`${big} border border-slate-400`}
          aria-label="Previous hole"
        >
          ‹
        </button>
        <h2 id="hole-title" className="text-center text-xl font-bold">
          Hole {hole} <span className="block text-base font-semibold text-muted">Par {par}</span>
        </h2>
        <button
          type="button"
          onClick={onNext ?? undefined}
          disabled={!onNext}
          className={`${big} border border-slate-400`}
          aria-label="Next hole"
        >
          ›
        </button>
      </div>
      <ul className="space-y-3">
        {units.map((u) => {
          const p = { ...u.lead, name: u.name };
          const strokes = p.strokes[hole - 1] ?? null;
          const penalty = p.penalties[hole - 1] ?? 0;
          return (
            <li key={u.key} className="rounded-md border border-slate-300 p-2" aria-label={`${p.name}, hole ${hole}`}>
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate text-lg font-semibold">{p.name}</span>
                {p.dnf ? <span className="font-bold text-danger-800">DNF</span> : null}
              </div>
              {p.dnf ? null : (
                <div className="mt-2 flex items-center justify-between gap-2">
                  <button
                    type="button"
                    className={`${big} bg-slate-200 text-ink`}
                    disabled={!canEdit}
                    aria-label={`One stroke less for ${p.name}`}
                    onClick={() => set(u, (strokes ?? par) - 1)}
                  >
                    −
                  </button>
                  <button
                    type="button"
                    className={`${big} min-w-20 border-2 ${strokes === null ? "border-dashed border-slate-400 text-muted" : "border-brand-900 text-ink"}`}
                    disabled={!canEdit}
                    aria-label={strokes === null ? `Enter par ${par} for ${p.name}` : `${p.name}: ${strokes} strokes`}
                    onClick={() => strokes === null && set(u, par)}
                  >
                    <output aria-live="polite">{strokes ?? par}</output>
                  </button>
                  <button
                    type="button"
                    className={`${big} bg-slate-200 text-ink`}
                    disabled={!canEdit}
                    aria-label={`One stroke more for ${p.name}`}
                    onClick={() => set(u, (strokes ?? par) + 1)}
                  >
                    +
                  </button>
                </div>
              )}
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                {p.dnf ? null : (
                  <button
                    type="button"
                    className="min-h-11 rounded-md border border-slate-400 px-3"
                    disabled={!canEdit}
                    onClick={() => void record(each(u, { kind: "penalty", hole, penalty: penalty + 1 }))}
                  >
                    Penalty +1{penalty ? ` (now ${penalty})` : ""}
                  </button>
                )}
                {penalty && !p.dnf ? (
                  <button
                    type="button"
                    className="min-h-11 rounded-md border border-slate-400 px-3"
                    disabled={!canEdit}
                    onClick={() => void record(each(u, { kind: "penalty", hole, penalty: penalty - 1 }))}
                  >
                    Remove a penalty
                  </button>
                ) : null}
                <button
                  type="button"
                  className="min-h-11 rounded-md border border-slate-400 px-3"
                  disabled={!canEdit}
                  onClick={() => {
                    if (p.dnf || window.confirm(`Mark ${p.name} as did not finish?`)) void record(each(u, { kind: "dnf", dnf: !p.dnf }));
                  }}
                >
                  {p.dnf ? "Undo DNF" : "DNF"}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {unset.length && canEdit ? (
        <button
          type="button"
          className="mt-3 min-h-12 w-full rounded-md bg-brand-700 px-4 text-base font-semibold text-white"
          onClick={() => {
            void record(unset.flatMap((u) => each(u, { kind: "strokes", hole, strokes: par })));
            onNext?.();
          }}
        >
          Par for the rest, next hole
        </button>
      ) : onNext ? (
        <button
          type="button"
          className="mt-3 min-h-12 w-full rounded-md bg-brand-700 px-4 text-base font-semibold text-white"
          onClick={onNext}
        >
          Next hole
        </button>
      ) : null}
    </section>
  );
}
