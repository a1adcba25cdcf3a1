import { type ReactNode, useId } from "react";
import type { HoleInputs } from "~/lib/courses/layouts";

type HoleField = keyof HoleInputs;

const input =
  "min-h-11 w-full min-w-0 rounded-md border border-slate-400 bg-surface px-1 py-2 text-center text-base tabular-nums text-ink aria-[invalid]:border-danger-700 aria-[invalid]:ring-1 aria-[invalid]:ring-danger-700";

/**
 * One value of every hole (its par, its distance, its second-card place) as a grid of
 * small inputs in course order, so the keyboard walks the holes one by one. Each shows
 * the hole's number and is heard as "Hole 4 par"; the holes' errors are listed under the
 * grid, each tied to its input.
 */
export function HoleGrid({
  legend,
  legendHidden = false,
  hint,
  field,
  what,
  holes,
  errors,
  onChange,
  columns,
  maxLength,
}: {
  legend: ReactNode;
  /** Heard but not shown: the grid sits under a summary that already says it. */
  legendHidden?: boolean;
  hint?: ReactNode;
  field: HoleField;
  /** The value's name after the hole's: "par", "distance in feet", "second card". */
  what: string;
  holes: HoleInputs[];
  errors: Record<string, string>;
  onChange: (hole: number, value: string) => void;
  /** Grid columns, as Tailwind classes (fewer on a phone). */
  columns: string;
  maxLength: number;
}) {
  const id = useId();
  const errorsHere = holes.flatMap((_, i) => {
    const message = errors[`holes[${i}].${field}`];
    return message ? [{ i, message }] : [];
  });
  return (
    <fieldset className="space-y-2">
      <legend className={legendHidden ? "sr-only" : "text-sm font-semibold"}>{legend}</legend>
      {hint ? <div className="text-xs text-muted">{hint}</div> : null}
      <div className={`grid gap-2 ${columns}`}>
        {holes.map((hole, i) => {
          const error = errors[`holes[${i}].${field}`];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a hole is its place in the layout.
            <div key={i} className="flex min-w-0 flex-col items-center gap-0.5">
              <label htmlFor={`${id}-${i}`} className="text-xs font-medium tabular-nums text-muted">
                <span className="sr-only">Hole </span>
                {i + 1}
                <span className="sr-only"> {what}</span>
              </label>
              <input
                id={`${id}-${i}`}
                name={`holes[${i}].${field}`}
                value={hole[field]}
                onChange={(e) => onChange(i, e.target.value)}
                inputMode="numeric"
                autoComplete="off"
                maxLength={maxLength}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${i}-error` : undefined}
                className={input}
              />
            </div>
          );
        })}
      </div>
      {errorsHere.length > 0 ? (
        <ul className="space-y-1">
          {errorsHere.map(({ i, message }) => (
            <li key={i} id={`${id}-${i}-error`} className="text-sm font-medium text-danger-700">
              {message}
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
