import type { PlayEntry } from "~/.server/services/entries/entries-screen";
import { EntryMoneyActions, EntryMoneyCell, EntryOwedNote } from "./entry-money";
import { stackWide, td, tdNum } from "~/components/ui/table";
import { DivisionOptions } from "~/components/players/division-options";
import { centsInput, formatCents, typedCents } from "~/lib/shared/money";
import { positionLabel } from "~/lib/rounds/results";

export type Draft = { division: string; ace: boolean; score: string; payoutAdjust: string; credit_added: string; credit_used: string };

export const draftOf = (e: PlayEntry): Draft => ({
  division: e.division,
  ace: e.ace,
  score: String(e.score),
  payoutAdjust: centsInput(e.payoutAdjustCents),
  credit_added: centsInput(e.creditAddedCents),
  credit_used: centsInput(e.creditUsedCents),
});

/** The score as the payout engine reads it while typing: anything not a whole number counts as no card (0). */
export const scoreOf = (d: Draft) => (/^\d{1,3}$/.test(d.score.trim()) ? Number(d.score) : 0);

/** Whether the server now holds what was typed ("5" landed as 5.00): a save of it went through. */
export const draftLanded = (typed: Draft, stored: Draft) =>
  typed.division === stored.division &&
  typed.ace === stored.ace &&
  scoreOf(typed) === scoreOf(stored) &&
  (["payoutAdjust", "credit_added", "credit_used"] as const).every((f) => typedCents(typed[f]) === typedCents(stored[f]));
const input =
  "min-h-11 rounded-md border border-slate-400 bg-surface px-2 py-1.5 text-base tabular-nums aria-[invalid]:border-danger-700 aria-[invalid]:ring-1 aria-[invalid]:ring-danger-700";

type Props = {
  index: number;
  entry: PlayEntry;
  draft: Draft;
  changed: boolean;
  computed: { payoutCents: number; result: string | null };
  creditCapCents: number;
  /** The league's divisions (its settings), offered first. */
  divisions: readonly string[];
  errorFor: (field: string) => string | undefined;
  onChange: (next: Draft) => void;
};

/** One entry: every field an input named rows[index].field (ADR 9), errors beside their input. */
export function EntryRow({ index, entry, draft, changed, computed, creditCapCents, divisions, errorFor, onChange }: Props) {
  const name = (field: string) => `rows[${index}].${field}`;
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  // What this entry could take from the balance: what is left plus what it already uses, capped at the round's price.
  const suggestion = Math.min(Math.max(0, entry.balanceCents + entry.creditUsedCents), creditCapCents);
  const money = (field: "payoutAdjust" | "credit_added" | "credit_used", label: string, short: string) => {
    const error = errorFor(field);
    return (
      <td className={td} data-label={short}>
        <input
          name={name(field)}
          value={draft[field]}
          onChange={(e) => set({ [field]: e.target.value })}
          inputMode="decimal"
          aria-label={`${label} for ${entry.name}`}
          aria-invalid={error ? true : undefined}
          className={`${input} w-24 text-right`}
        />
        {error ? <p className="mt-1 max-w-40 text-xs font-medium text-danger-700">{error}</p> : null}
        {field === "credit_used" && scoreOf(draft) === 0 && suggestion > 0 && typedCents(draft.credit_used) !== suggestion ? (
          <button
            type="button"
            className="mt-1 block min-h-8 text-xs font-medium text-brand-800 underline"
            onClick={() => set({ credit_used: centsInput(suggestion) })}
          >
            Use {formatCents(suggestion)}
          </button>
        ) : null}
      </td>
    );
  };
  const scoreError = errorFor("score");
  return (
    <tr id={`entry-${entry.id}`} className={changed ? "bg-warn-50" : undefined}>
      <td className={td}>
        <input type="hidden" name={name("id")} value={entry.id} />
        <input type="hidden" name={name("version")} value={entry.version} />
        <span className="font-medium">{entry.name}</span>
        {changed ? <span className="ml-1 text-xs text-warn-800">(changed)</span> : null}
        <span className="block text-xs text-muted">Balance {formatCents(entry.balanceCents)}</span>
        <EntryOwedNote entry={entry} />
      </td>
      <td className={td} data-label="Division">
        <select
          name={name("division")}
          value={draft.division}
          onChange={(e) => set({ division: e.target.value })}
          aria-label={`Division for ${entry.name}`}
          className={`${input} w-24`}
        >
          <DivisionOptions league={divisions} />
        </select>
      </td>
      <td className={td} data-label="Ace">
        <input type="hidden" name={name("ace")} value="0" />
        <input
          type="checkbox"
          name={name("ace")}
          value="1"
          checked={draft.ace}
          onChange={(e) => set({ ace: e.target.checked })}
          aria-label={`Ace fund for ${entry.name}`}
          className="size-6"
        />
      </td>
      <td className={td} data-label="Score">
        <input
          name={name("score")}
          value={draft.score}
          onChange={(e) => set({ score: e.target.value })}
          inputMode="numeric"
          aria-label={`Score for ${entry.name}`}
          aria-invalid={scoreError ? true : undefined}
          className={`${input} w-20 text-right`}
        />
        {scoreError ? <p className="mt-1 max-w-40 text-xs font-medium text-danger-700">{scoreError}</p> : null}
      </td>
      <td className={tdNum} data-label="Place">
        {positionLabel(computed.result) ?? "–"}
      </td>
      <td className={tdNum} data-label="Payout">
        {formatCents(computed.payoutCents)}
      </td>
      {money("payoutAdjust", "Payout adjust", "Adjust")}
      {money("credit_added", "Credit added", "Credit added")}
      {money("credit_used", "Credit used", "Credit used")}
      <EntryMoneyCell entry={entry} />
      <td className={`${td} ${stackWide}`}>
        <EntryMoneyActions entry={entry} />
      </td>
    </tr>
  );
}
