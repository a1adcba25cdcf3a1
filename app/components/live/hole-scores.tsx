import { HoleRow, big } from "./hole-row";
import { LockedHoleEdit } from "./locked-hole-edit";
import { RefusalNote, type Refusals } from "./refusal-note";
import type { Refusal } from "./use-live-round";
import type { Make, ScoreUnit } from "~/lib/live/live-scoring";
import type { LiveFlag } from "~/lib/live/live-state";
import type { Change } from "~/schemas/live";

/**
 * One hole of the card (ADR 26, "The phone"): each player's (or doubles team's) row, "Par
 * for the rest, next hole", and what the server refused on the card's other holes, with a
 * way there: the scorer has often moved on by the time an answer comes.
 */
export function HoleScores({
  hole,
  par,
  units,
  canEdit,
  make,
  record,
  flags,
  refusals,
  dismiss,
  onHole,
  onNext,
  onPrevious,
  locked = null,
  ctp = false,
}: {
  hole: number;
  par: number;
  units: ScoreUnit[];
  canEdit: boolean;
  make: Make;
  record: (changes: Change[]) => Promise<void>;
  flags: readonly LiveFlag[];
  refusals: Refusals;
  dismiss: (r: Refusal) => void;
  onHole: (hole: number) => void;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
  /** A signed card or a finalised round: an admin types corrections and saves once (with the reason typed above); others only see it. */
  locked?: { canEdit: boolean; reason: string } | null;
  /** A closest-to-the-pin hole of the round's side pots (ADR 30): said under its par, with the way to record it. */
  ctp?: boolean;
}) {
  const each = (u: ScoreUnit, fields: Record<string, unknown> & { kind: Change["kind"] }) =>
    u.members.map((m) => make({ ...fields, entryId: m.entryId }));
  // A hole in question is null too, but it is settled, not filled in with par.
  const asked = new Set(flags.filter((f) => f.field === "strokes" && f.hole === hole).map((f) => f.entryId));
  const unset = units.filter((u) => !u.lead.dnf && u.lead.strokes[hole - 1] === null && !asked.has(u.lead.entryId));
  const names = new Map(units.flatMap((u) => u.members.map((m) => [m.entryId, u.name])));
  const elsewhere = [...refusals.values()].filter(
    (r) => (r.change.kind === "strokes" || r.change.kind === "penalty") && r.change.hole !== hole && names.has(r.change.entryId),
  );
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
          {ctp ? (
            <span className="mt-1 block rounded-md border border-warn-200 bg-warn-50 px-2 text-sm font-semibold text-warn-800">
              Closest to the pin
            </span>
          ) : null}
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
      {elsewhere.map((r) => {
        const at = "hole" in r.change ? r.change.hole : hole;
        return (
          <RefusalNote key={r.change.id} refusal={r} onDismiss={dismiss}>
            <button type="button" className="mr-1 min-h-11 font-semibold underline" onClick={() => onHole(at)}>
              Hole {at}, {names.get(r.change.entryId)}:
            </button>
          </RefusalNote>
        );
      })}
      {locked ? (
        locked.canEdit ? (
          <LockedHoleEdit
            key={hole}
            hole={hole}
            units={units}
            reason={locked.reason}
            make={make}
            record={record}
            refusals={refusals}
            dismiss={dismiss}
          />
        ) : (
          <LockedHoleView hole={hole} units={units} />
        )
      ) : (
        <ul className="mt-2 space-y-3">
          {units.map((u) => (
            <HoleRow
              key={u.key}
              unit={u}
              hole={hole}
              par={par}
              canEdit={canEdit}
              make={make}
              record={record}
              flags={flags}
              refusals={refusals}
              dismiss={dismiss}
            />
          ))}
        </ul>
      )}
      {unset.length && canEdit && !locked ? (
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

/** A locked hole as a player sees it: each one's strokes and penalty, nothing to change. */
function LockedHoleView({ hole, units }: { hole: number; units: ScoreUnit[] }) {
  return (
    <ul className="mt-2 space-y-2">
      {units.map((u) => {
        const strokes = u.lead.strokes[hole - 1];
        const penalty = u.lead.penalties[hole - 1] ?? 0;
        return (
          <li
            key={u.key}
            className="flex justify-between rounded-md border border-slate-300 p-2 text-lg"
            aria-label={`${u.name}, hole ${hole}`}
          >
            <span className="font-semibold">{u.name}</span>
            <span>{u.lead.dnf ? "DNF" : `${strokes ?? "–"}${penalty ? ` + ${penalty}` : ""}`}</span>
          </li>
        );
      })}
    </ul>
  );
}
