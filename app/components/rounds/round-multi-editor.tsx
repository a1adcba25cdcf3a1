import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { MultiRoundRow } from "./round-multi-row";
import { UnsavedChanges } from "~/components/ui/unsaved-changes";
import { ActionStatus } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { useFocusFirstInvalid } from "~/components/ui/form-field";
import { DataTable, th } from "~/components/ui/table";
import { useFormResult } from "~/hooks/use-form-result";
import { type EditorRow, addRow, errorsById, loadedRows, rowState } from "~/lib/rounds/multi-rounds";
import type { CourseChoice } from "~/lib/courses/layouts";
import { rowLabel } from "~/lib/rounds/round-dates";
import { MONEY_FIELDS, type RoundInputs } from "~/lib/rounds/round-values";
import { useLeagueUrls } from "~/hooks/use-league-urls";

export type LoadedRound = { id: number; entryCount: number; version: number } & RoundInputs;

/** After a save that deleted every round in the editor, back to the list after 1.5 s. */
const BACK_AFTER_MS = 1500;

/** The first error of a failed save as the spec words it, naming the row as the editor shows it. */
function firstError(fieldErrors: Record<string, string>, posted: readonly number[], rows: EditorRow[]): string | null {
  const [name, message] = Object.entries(fieldErrors)[0] ?? [];
  if (!name || !message) return null;
  const k = /^rows\[(\d+)\]/.exec(name)?.[1];
  const index = k === undefined ? -1 : rows.findIndex((r) => r.id === posted[Number(k)]);
  const row = rows[index];
  return `Error saving rounds: ${row ? `${rowLabel(index + 1, row.values.date)}: ` : ""}${message}`;
}

/**
 * The multi-round editor: a table of rounds edited in place; Add round, Save
 * (only new, changed and deleted rows are posted, and saved all or nothing), and a
 * prompt before unsaved edits are lost. A failed save keeps every edit in the browser.
 */
export function RoundMultiEditor({
  loaded,
  first,
  choices,
}: {
  loaded: LoadedRound[];
  first: { date: string; time: string };
  choices: readonly CourseChoice[];
}) {
  const { href } = useLeagueUrls();
  const [rows, setRows] = useState(() => loadedRows(loaded));
  const [added, setAdded] = useState<number | null>(null);
  const { success, formError, fieldErrors, result } = useFormResult<{ allDeleted: boolean }>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const saving = useRef(false);
  const posted = useRef<number[]>([]);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, fieldErrors);
  useEffect(() => {
    if (navigation.state === "idle") saving.current = false;
  }, [navigation.state]);
  const allDeleted = result?.allDeleted === true;
  useEffect(() => {
    if (!allDeleted) return;
    const timer = setTimeout(() => navigate(href("/admin/rounds")), BACK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [allDeleted, navigate, href]);

  const states = rows.map(rowState);
  let next = 0;
  const postIndex = states.map((s) => (s ? next++ : null));
  const pending = next;
  // Each answer (a new fieldErrors) is read against the ids that post sent.
  const errors = useMemo(() => errorsById(fieldErrors, posted.current), [fieldErrors]);
  const edit = (id: number, change: (row: EditorRow) => EditorRow) => setRows((all) => all.map((r) => (r.id === id ? change(r) : r)));

  return (
    <Form
      method="post"
      noValidate
      ref={form}
      className="space-y-4"
      onSubmit={() => {
        posted.current = rows.filter((_, i) => states[i]).map((r) => r.id);
        saving.current = true;
      }}
    >
      <ActionStatus message={success} />
      <ActionStatus message={formError ?? firstError(fieldErrors, posted.current, rows)} tone="error" />
      <input type="hidden" name="shown" value={rows.flatMap((r) => (r.id > 0 ? [r.id] : [])).join(",")} />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            const more = addRow(rows, first);
            setRows(more);
            setAdded(more.at(-1)?.id ?? null);
          }}
        >
          Add round
        </Button>
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Saving…" : "Save"}
        </Button>
        <ButtonLink to={href("/admin/rounds")}>Cancel</ButtonLink>
        <p role="status" className="text-sm text-muted">
          {pending === 0 ? "No unsaved changes." : `${pending} unsaved ${pending === 1 ? "change" : "changes"}.`}
        </p>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="No rounds in the editor.">Add round schedules a new one.</EmptyState>
      ) : (
        // A field that takes focus (Tab, the first error) scrolls clear of the pinned Row column.
        <div className="[&_.pin-first]:scroll-pl-24">
          <DataTable
            caption="Rounds to edit"
            pinFirst
            head={
              <tr>
                {[
                  "Row",
                  "Date",
                  "Time",
                  "Name",
                  "Course and layout",
                  "Location",
                  ...MONEY_FIELDS.map((f) => f.short),
                  "PDGA link",
                  "Delete",
                ].map((label) => (
                  <th key={label} scope="col" className={th}>
                    {label}
                  </th>
                ))}
              </tr>
            }
          >
            {rows.map((row, i) => (
              <MultiRoundRow
                key={row.id}
                row={row}
                index={i}
                state={states[i] ?? null}
                postIndex={postIndex[i] ?? null}
                errors={errors.get(row.id) ?? {}}
                autoFocus={row.id === added}
                choices={choices}
                onEdit={(change) => edit(row.id, (r) => ({ ...r, values: { ...r.values, ...change } }))}
                onDelete={(deleted) => edit(row.id, (r) => ({ ...r, deleted }))}
              />
            ))}
          </DataTable>
        </div>
      )}
      <UnsavedChanges
        dirty={pending > 0 && !allDeleted}
        saving={saving}
        what={`${pending} unsaved ${pending === 1 ? "change" : "changes"}`}
      />
    </Form>
  );
}
