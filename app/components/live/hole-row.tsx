import { Question, settleChange } from "./flags-to-settle";
import { RefusalNote, type Refusals } from "./refusal-note";
import type { Refusal } from "./use-live-round";
import { type Make, type ScoreUnit, controlKey } from "~/lib/live/live-scoring";
import type { LiveFlag } from "~/lib/live/live-state";
import type { Change } from "~/schemas/live";

const STROKES = { min: 1, max: 20 };

export const big = "flex min-h-14 min-w-14 items-center justify-center rounded-lg text-2xl font-bold disabled:opacity-40";

/** What the server refused of this unit's controls on this hole (and its DNF), newest last. */
export function unitRefusals(u: ScoreUnit, hole: number, refusals: Refusals): Refusal[] {
  return u.members.flatMap((m) =>
    [
      controlKey({ kind: "strokes", entryId: m.entryId, hole }),
      controlKey({ kind: "penalty", entryId: m.entryId, hole }),
      controlKey({ kind: "dnf", entryId: m.entryId }),
    ].flatMap((key) => refusals.get(key) ?? []),
  );
}

/**
 * One player's (or doubles team's, ADR 31) row of a hole: − and + (a first tap starts from
 * par, the number itself enters par), a penalty stroke, DNF, and what the server refused of
 * them, right there. Every tap is a change kept on the phone first; a team's is one per partner.
 */
export function HoleRow({
  unit: u,
  hole,
  par,
  canEdit,
  make,
  record,
  flags,
  refusals,
  dismiss,
}: {
  unit: ScoreUnit;
  hole: number;
  par: number;
  canEdit: boolean;
  make: Make;
  record: (changes: Change[]) => Promise<void>;
  /** The card's holes in question: one of this row's is asked as a question here, with the values to settle on. */
  flags: readonly LiveFlag[];
  refusals: Refusals;
  dismiss: (r: Refusal) => void;
}) {
  const each = (fields: Record<string, unknown> & { kind: Change["kind"] }) =>
    u.members.map((m) => make({ ...fields, entryId: m.entryId }));
  const set = (strokes: number) =>
    void record(each({ kind: "strokes", hole, strokes: Math.min(STROKES.max, Math.max(STROKES.min, strokes)) }));
  const p = { ...u.lead, name: u.name };
  const strokes = p.strokes[hole - 1] ?? null;
  const penalty = p.penalties[hole - 1] ?? 0;
  const quiet = "min-h-11 rounded-md border border-slate-400 px-3";
  const flagOf = (field: LiveFlag["field"]) =>
    flags.find((f) => f.entryId === u.lead.entryId && f.field === field && (field === "dnf" || f.hole === hole));
  const [inQuestion, penaltyInQuestion, dnfInQuestion] = [flagOf("strokes"), flagOf("penalty"), flagOf("dnf")];
  const settle = (f: LiveFlag) => (value: number) => void record(u.members.map((m) => settleChange(make, f, value, m.entryId)));
  return (
    <li className="rounded-md border border-slate-300 p-2" aria-label={`${p.name}, hole ${hole}`}>
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate text-lg font-semibold">{p.name}</span>
        {p.dnf ? <span className="font-bold text-danger-800">DNF</span> : null}
      </div>
      {dnfInQuestion ? <Question flag={dnfInQuestion} label="Did not finish" canEdit={canEdit} settle={settle(dnfInQuestion)} /> : null}
      {inQuestion ? (
        <Question flag={inQuestion} label={`${p.name}, hole ${hole}`} canEdit={canEdit} settle={settle(inQuestion)} big />
      ) : p.dnf ? null : (
        <div className="mt-2 flex items-center justify-between gap-2">
          <button
            type="button"
            className={`${big} bg-slate-200 text-ink`}
            disabled={!canEdit}
            aria-label={`One stroke less for ${p.name}`}
            onClick={() => set((strokes ?? par) - 1)}
          >
            −
          </button>
          <button
            type="button"
            className={`${big} min-w-20 border-2 ${strokes === null ? "border-dashed border-slate-400 text-muted" : "border-brand-900 text-ink"}`}
            disabled={!canEdit}
            aria-label={strokes === null ? `Enter par ${par} for ${p.name}` : `${p.name}: ${strokes} strokes`}
            onClick={() => strokes === null && set(par)}
          >
            <output aria-live="polite">{strokes ?? par}</output>
          </button>
          <button
            type="button"
            className={`${big} bg-slate-200 text-ink`}
            disabled={!canEdit}
            aria-label={`One stroke more for ${p.name}`}
            onClick={() => set((strokes ?? par) + 1)}
          >
            +
          </button>
        </div>
      )}
      {penaltyInQuestion ? (
        <Question flag={penaltyInQuestion} label="Penalty strokes" canEdit={canEdit} settle={settle(penaltyInQuestion)} />
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        {p.dnf ? null : (
          <button
            type="button"
            className={quiet}
            disabled={!canEdit}
            onClick={() => void record(each({ kind: "penalty", hole, penalty: penalty + 1 }))}
          >
            Penalty +1{penalty ? ` (now ${penalty})` : ""}
          </button>
        )}
        {penalty && !p.dnf && !penaltyInQuestion ? (
          <button
            type="button"
            className={quiet}
            disabled={!canEdit}
            onClick={() => void record(each({ kind: "penalty", hole, penalty: penalty - 1 }))}
          >
            Remove a penalty
          </button>
        ) : null}
        <button
          type="button"
          className={quiet}
          disabled={!canEdit}
          onClick={() => {
            if (p.dnf || window.confirm(`Mark ${p.name} as did not finish?`)) void record(each({ kind: "dnf", dnf: !p.dnf }));
          }}
        >
          {p.dnf ? "Undo DNF" : "DNF"}
        </button>
      </div>
      {unitRefusals(u, hole, refusals).map((r) => (
        <RefusalNote key={r.change.id} refusal={r} onDismiss={dismiss} />
      ))}
    </li>
  );
}
