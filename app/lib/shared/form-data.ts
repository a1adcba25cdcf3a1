// Form posts as plain objects for the shared zod schemas, and zod's error paths back as
// field names. A multi-row editor names its inputs `rows[3].score` (ADR 9): each list
// becomes an array of row objects, in index order, so one schema validates the rows
// whether they came from a form or from the /api's JSON.

/** What a route action answers to a form: a success message, the form's error, errors by field name. */
export type FormOutcome = { success?: string; formError?: string; fieldErrors?: Record<string, string> };

/** A post whose field names do not make a well-formed object (a 400, not a crash). */
export class FormShapeError extends Error {}

const ROW_FIELD = /^([A-Za-z_]\w*)\[(\d{1,4})\]\.([A-Za-z_]\w*)$/;
// Names that would write to Object.prototype instead of a plain field.
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);

/**
 * `name=Ann&rows[0].id=4&rows[0].score=52&rows[1].id=7` →
 * `{ name: "Ann", rows: [{ id: "4", score: "52" }, { id: "7" }] }`. Values stay strings
 * (schemas coerce); a repeated name keeps its last value. Rows must be numbered 0..n-1:
 * a gap would misplace every error message after it, so it is refused.
 */
export function formToObject(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  const lists = new Map<string, Map<number, Record<string, FormDataEntryValue>>>();
  for (const [key, value] of entries) {
    const row = ROW_FIELD.exec(key);
    if (!row) {
      if (!UNSAFE.has(key)) plain[key] = value;
      continue;
    }
    const [, list, index, field] = row;
    if (UNSAFE.has(list) || UNSAFE.has(field)) continue;
    const rows = lists.get(list) ?? new Map<number, Record<string, FormDataEntryValue>>();
    lists.set(list, rows);
    const target = rows.get(Number(index)) ?? {};
    rows.set(Number(index), target);
    target[field] = value;
  }
  for (const [list, rows] of lists) {
    if (Object.hasOwn(plain, list)) throw new FormShapeError(`"${list}" is both a field and a list of rows`);
    const indexes = [...rows.keys()].sort((a, b) => a - b);
    if (indexes.some((index, position) => index !== position)) {
      throw new FormShapeError(`The rows of "${list}" must be numbered from 0 without gaps`);
    }
    plain[list] = indexes.map((index) => rows.get(index));
  }
  return plain;
}

/** A zod issue's path as the form's field name: ["rows", 3, "score"] → "rows[3].score"; [] → "form". */
export function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "form";
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`)).join("");
}

/** A parse's errors by field name, the first issue of each field (the server's answer and the browser's check alike). */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[fieldName(issue.path)] ??= issue.message;
  return errors;
}
