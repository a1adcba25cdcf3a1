import { addDays } from "./round-dates";
import { ROUND_FORM_DEFAULTS, type RoundInputs, moneyInputs } from "./round-values";

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
  "layout_id",
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

/**
 * The name after `name` in a series: its number one up, as wide as it was ("Week 52" →
 * "Week 53", "Week 09" → "Week 10"), or " 2" added to a name without one ("Glow Round" →
 * "Glow Round 2"). Empty stays empty.
 */
export function nextRoundName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") return "";
  const m = /^(.*?)(\d+)$/.exec(trimmed);
  if (!m) return `${trimmed} 2`;
  const [, stem = "", digits = ""] = m;
  // Digit by digit from the right, so a long number stays exact and "09" keeps its width.
  let carry = 1;
  const up = [...digits]
    .reverse()
    .map((d) => {
      const sum = Number(d) + carry;
      carry = sum > 9 ? 1 : 0;
      return String(sum % 10);
    })
    .reverse()
    .join("");
  return `${stem}${carry ? "1" : ""}${up}`;
}

/**
 * A new row, as the next week of the last row: a week after it at its time of day, at its
 * place (course and layout) with its fees, the name numbered on. An empty editor's first
 * row: the coming league night with the round form's amounts.
 */
export function addRow(rows: EditorRow[], first: { date: string; time: string }): EditorRow[] {
  const last = rows.at(-1)?.values;
  const id = Math.min(0, ...rows.map((r) => r.id)) - 1;
  const values: RoundInputs = last
    ? { ...last, date: addDays(last.date, 7) || first.date, time: last.time || first.time, name: nextRoundName(last.name), pdga_url: "" }
    : { ...first, name: "", location: "", layout_id: "", pdga_url: "", ...moneyInputs(ROUND_FORM_DEFAULTS) };
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
