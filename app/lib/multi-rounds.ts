import { addDays } from "./round-dates";
import { MULTI_EDITOR_DEFAULTS, type RoundInputs, moneyInputs } from "./round-values";

// The multi-round editor's rows in the browser: a stored round keeps what was
// loaded, so a row is "changed" exactly while it differs from it; a new row has a
// temporary negative id until it is saved.

/** A row of the editor; `version` is a stored round's as loaded (ADR 20), null for a new row. */
export type EditorRow = {
  id: number;
  entryCount: number;
  version: number | null;
  original: RoundInputs | null;
  values: RoundInputs;
  deleted: boolean;
};

export type RowState = "new" | "deleted" | "changed" | null;

export const ROUND_FIELDS = [
  "date",
  "time",
  "name",
  "location",
  "fee_pdga",
  "fee_course",
  "fee_other",
  "ace",
  "payout",
  "pdga_url",
] as const;

export function loadedRows(rounds: ({ id: number; entryCount: number; version: number } & RoundInputs)[]): EditorRow[] {
  return rounds.map(({ id, entryCount, version, ...values }) => ({ id, entryCount, version, original: values, values, deleted: false }));
}

/** What the row's save would do: create it, delete it, save its edits, or nothing. */
export function rowState(row: EditorRow): RowState {
  if (row.id < 0) return row.deleted ? null : "new";
  if (row.deleted) return "deleted";
  const { original, values } = row;
  return original && ROUND_FIELDS.some((f) => values[f] !== original[f]) ? "changed" : null;
}

/** A new row: a week after the last row at its time of day, its name and place, the multi-editor's amounts. */
export function addRow(rows: EditorRow[], first: { date: string; time: string }): EditorRow[] {
  const last = rows.at(-1)?.values;
  const id = Math.min(0, ...rows.map((r) => r.id)) - 1;
  const values: RoundInputs = {
    date: (last && addDays(last.date, 7)) || first.date,
    time: last?.time || first.time,
    name: last?.name ?? "",
    location: last?.location ?? "",
    pdga_url: "",
    ...moneyInputs(MULTI_EDITOR_DEFAULTS),
  };
  return [...rows, { id, entryCount: 0, version: null, original: null, values, deleted: false }];
}

/** The field errors of the last save, `rows[k].field`, by the id of the k-th row it posted. */
export function errorsById(fieldErrors: Record<string, string>, postedIds: readonly number[]): Map<number, Record<string, string>> {
  const byId = new Map<number, Record<string, string>>();
  for (const [name, message] of Object.entries(fieldErrors)) {
    const m = /^rows\[(\d+)\]\.(\w+)$/.exec(name);
    const id = m ? postedIds[Number(m[1])] : undefined;
    if (!m || id === undefined) continue;
    const errors = byId.get(id) ?? {};
    errors[m[2] as string] ??= message;
    byId.set(id, errors);
  }
  return byId;
}
