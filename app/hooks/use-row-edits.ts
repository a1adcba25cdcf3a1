import { useState } from "react";

type Row = { id: number; version: number };
type Edit<T> = { version: number; value: T };

// Edits are plain values (strings, flags): equal when they would show the same inputs.
const identical = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The unsaved edits of a multi-row editor over rows the server holds (ADR 20). The rows
 * are always the loader's; an edit is kept beside them with the version of the row it was
 * typed over, and shows only while the row is still at that version. So after any server
 * action (a save, credit payouts, an add or delete, one added later) each row the action
 * changed shows the server's values with its new version and is not marked changed, with
 * nothing to reset by hand. Edits of rows the action left alone stay, still marked and
 * still saveable (their version still holds). An edit the server replaced with other
 * values than the ones typed is listed in `replaced`, so it never vanishes unseen; one
 * the server now holds as typed (`landed`: this editor's own save) just ends.
 */
export function useRowEdits<R extends Row, T>(rows: R[], serverValue: (row: R) => T, landed: (typed: T, stored: T) => boolean) {
  const [edits, setEdits] = useState<ReadonlyMap<number, Edit<T>>>(() => new Map());
  const [replaced, setReplaced] = useState<R[]>([]);
  // New rows from the server: settle the edits against them, during render (React's
  // "adjusting state when a prop changes"), so no frame shows a stale value.
  const key = rows.map((r) => `${r.id}:${r.version}`).join(",");
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const kept = new Map<number, Edit<T>>();
    const lost: R[] = [];
    for (const [id, edit] of edits) {
      const row = byId.get(id);
      if (row?.version === edit.version) kept.set(id, edit);
      else if (row && !landed(edit.value, serverValue(row))) lost.push(row);
    }
    setEdits(kept);
    setReplaced(lost);
  }

  const current = (row: R) => {
    const edit = edits.get(row.id);
    return edit && edit.version === row.version ? edit : undefined;
  };
  return {
    /** What the row's inputs show: the admin's edit, or the server's value. */
    valueOf: (row: R): T => current(row)?.value ?? serverValue(row),
    isDirty: (row: R) => current(row) !== undefined,
    /** The rows with an unsaved edit, in the rows' order. */
    dirty: rows.filter((row) => current(row) !== undefined),
    /** Records an edit over the row as shown; typing it back to exactly the server's value ends it. */
    set: (row: R, value: T) =>
      setEdits((all) => {
        const next = new Map(all);
        if (identical(value, serverValue(row))) next.delete(row.id);
        else next.set(row.id, { version: row.version, value });
        return next;
      }),
    /** Rows whose unsaved edit the last change from the server replaced. */
    replaced,
  };
}
