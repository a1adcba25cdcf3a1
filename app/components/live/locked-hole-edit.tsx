import { useState } from "react";
import { RefusalNote, type Refusals } from "./refusal-note";
import { unitRefusals } from "./hole-row";
import type { Refusal } from "./use-live-round";
import type { Make, ScoreUnit } from "~/lib/live/live-scoring";
import type { Change } from "~/schemas/live";

// A correction of a signed card or a finalised round by an admin (ADR 26, ADR 37): the new
// values typed for the hole, then one Save, so the correction is one write with one audit
// row per player it changes; a stepper tap would write each step.

type Values = Record<string, string>;

const fieldKey = (entryId: number, field: "strokes" | "penalty") => `${entryId}:${field}`;

export function LockedHoleEdit({
  hole,
  units,
  reason,
  make,
  record,
  refusals,
  dismiss,
}: {
  hole: number;
  units: ScoreUnit[];
  /** The admin's reason, typed above the card: a save needs one. */
  reason: string;
  make: Make;
  record: (changes: Change[]) => Promise<void>;
  refusals: Refusals;
  dismiss: (r: Refusal) => void;
}) {
  const stored = (u: ScoreUnit): Values => ({
    [fieldKey(u.lead.entryId, "strokes")]: String(u.lead.strokes[hole - 1] ?? ""),
    [fieldKey(u.lead.entryId, "penalty")]: String(u.lead.penalties[hole - 1] ?? 0),
  });
  const [values, setValues] = useState<Values>(() => Object.assign({}, ...units.map(stored)));
  const changes = units.flatMap((u) =>
    (["strokes", "penalty"] as const).flatMap((field) => {
      const now = stored(u)[fieldKey(u.lead.entryId, field)];
      const typed = values[fieldKey(u.lead.entryId, field)]?.trim() ?? "";
      if (typed === now || !/^\d{1,2}$/.test(typed)) return [];
      const value = Number(typed);
      return u.members.map((m) => make({ kind: field, entryId: m.entryId, hole, [field]: value } as never));
    }),
  );
  const input = "min-h-11 w-20 rounded-md border border-slate-400 px-3 text-lg";
  return (
    <form
      className="mt-2 space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (changes.length) void record(changes);
      }}
    >
      <ul className="space-y-3">
        {units.map((u) => (
          <li key={u.key} className="rounded-md border border-slate-300 p-2" aria-label={`${u.name}, hole ${hole}`}>
            <p className="text-lg font-semibold">{u.name}</p>
            <div className="mt-1 flex flex-wrap gap-3">
              {(["strokes", "penalty"] as const).map((field) => (
                <label key={field} className="flex flex-col gap-1 text-sm font-medium">
                  {field === "strokes" ? "Strokes" : "Penalty strokes"}
                  <input
                    className={input}
                    inputMode="numeric"
                    aria-label={`${u.name}, hole ${hole}: ${field === "strokes" ? "strokes" : "penalty strokes"}`}
                    value={values[fieldKey(u.lead.entryId, field)] ?? ""}
                    onChange={(e) =>
                      setValues({ ...values, [fieldKey(u.lead.entryId, field)]: e.target.value.replace(/\D/g, "").slice(0, 2) })
                    }
                  />
                </label>
              ))}
            </div>
            {unitRefusals(u, hole, refusals).map((r) => (
              <RefusalNote key={r.change.id} refusal={r} onDismiss={dismiss} />
            ))}
          </li>
        ))}
      </ul>
      <button
        type="submit"
        className="min-h-12 w-full rounded-md bg-brand-700 px-4 text-base font-semibold text-white disabled:opacity-50"
        disabled={changes.length === 0 || reason.trim().length < 3}
      >
        Save changes
      </button>
      {reason.trim().length < 3 ? <p className="text-sm text-muted">Give the reason above to save.</p> : null}
    </form>
  );
}
