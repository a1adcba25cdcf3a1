import { Fragment, type InputHTMLAttributes, useId } from "react";
import { StatusBadge } from "~/components/ui/badge";
import { td } from "~/components/ui/table";
import { LayoutOptions } from "./round-place";
import { type CourseChoice, courseOfLayout } from "~/lib/courses/layouts";
import type { EditorRow, RowState } from "~/lib/rounds/multi-rounds";
import { MONEY_FIELDS, type RoundInputs } from "~/lib/rounds/round-values";

type Field = keyof RoundInputs;

const frame =
  "min-h-11 rounded-md border border-slate-400 bg-surface px-2 py-1.5 text-base text-ink aria-[invalid]:border-danger-700 aria-[invalid]:ring-1 aria-[invalid]:ring-danger-700";
const control = `${frame} read-only:bg-slate-100 read-only:text-muted`;
// A select is :read-only to CSS whatever it allows: it greys only when disabled (a deleted row).
const select = `${frame} disabled:bg-slate-100 disabled:text-muted`;

/** One input in a cell, labelled for screen readers by column and row, with its error under it. */
function Cell({ error, className, ...input }: { error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <td className={`${td} align-top`}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${control} ${className ?? ""}`}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 min-w-32 max-w-44 whitespace-normal text-xs font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </td>
  );
}

const BADGES = {
  new: <StatusBadge status="Today" label="New" />,
  changed: <StatusBadge status="Pending" label="Changed" />,
  deleted: <StatusBadge status="Conflict" label="Delete" />,
};

/**
 * A row of the multi-editor. Only a row with something to save carries input names
 * (`rows[k].field`, k its place among those rows, ADR 9), so the post holds exactly the
 * new, changed and deleted rows.
 */
export function MultiRoundRow({
  row,
  index,
  state,
  postIndex,
  errors,
  autoFocus,
  choices,
  onEdit,
  onDelete,
}: {
  row: EditorRow;
  index: number;
  state: RowState;
  postIndex: number | null;
  errors: Record<string, string>;
  autoFocus: boolean;
  choices: readonly CourseChoice[];
  onEdit: (change: Partial<Record<Field, string>>) => void;
  onDelete: (deleted: boolean) => void;
}) {
  const number = index + 1;
  const name = (field: string) => (postIndex === null ? undefined : `rows[${postIndex}].${field}`);
  const cell = (field: Field, label: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Cell
      name={name(field)}
      value={row.values[field]}
      onChange={(e) => onEdit({ [field]: e.target.value })}
      aria-label={`${label}, row ${number}`}
      readOnly={row.deleted}
      error={errors[field]}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <tr data-row-id={row.id} className={row.deleted ? "line-through decoration-danger-700" : undefined}>
      <td className={`${td} align-top`}>
        <span className="flex min-h-11 flex-col items-start justify-center gap-0.5 tabular-nums">
          {number}
          {state ? BADGES[state] : null}
        </span>
        {postIndex === null ? null : (
          <>
            <input type="hidden" name={name("id")} value={row.id} />
            {row.version === null ? null : <input type="hidden" name={name("version")} value={row.version} />}
            <input type="hidden" name={name("row")} value={number} />
            <input type="hidden" name={name("delete")} value={row.deleted ? "1" : "0"} />
          </>
        )}
        {errors.id ? <p className="mt-1 max-w-44 whitespace-normal text-xs font-medium text-danger-700">{errors.id}</p> : null}
      </td>
      {cell("date", "Date", { type: "date", className: "w-40", autoFocus })}
      {cell("time", "Time", { type: "time", className: "w-32" })}
      {cell("name", "Name", { className: "w-44", maxLength: 100 })}
      <td className={`${td} align-top`}>
        {/* A layout makes the location its course's name (ADR 25), shown at once and not typed over. */}
        <select
          name={name("layout_id")}
          value={row.values.layout_id}
          onChange={(e) => {
            const course = courseOfLayout(choices, e.target.value);
            onEdit(course === null ? { layout_id: e.target.value } : { layout_id: e.target.value, location: course });
          }}
          disabled={row.deleted}
          aria-label={`Course and layout, row ${number}`}
          aria-invalid={errors.layout_id ? true : undefined}
          className={`${select} w-64`}
        >
          <LayoutOptions choices={choices} />
        </select>
        {errors.layout_id ? (
          <p className="mt-1 max-w-44 whitespace-normal text-xs font-medium text-danger-700">{errors.layout_id}</p>
        ) : null}
      </td>
      {cell("location", "Location", { className: "w-44", maxLength: 100, readOnly: row.deleted || row.values.layout_id !== "" })}
      {MONEY_FIELDS.map((f) => (
        <Fragment key={f.name}>{cell(f.name, f.label, { inputMode: "decimal", className: "w-20 text-right tabular-nums" })}</Fragment>
      ))}
      {cell("pdga_url", "PDGA link", { type: "url", className: "w-56" })}
      <td className={`${td} align-top`}>
        <label className="flex min-h-11 items-center gap-2 text-sm no-underline">
          <input
            type="checkbox"
            checked={row.deleted}
            onChange={(e) => onDelete(e.target.checked)}
            className="size-5 accent-danger-700"
            aria-label={`Delete row ${number}`}
          />
          {row.entryCount > 0 ? <span className="text-xs text-muted">{row.entryCount} entries</span> : null}
        </label>
      </td>
    </tr>
  );
}
