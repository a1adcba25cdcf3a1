import type { LiveField, LiveFlagValue, LiveSignMethod } from "~/lib/live/live-state";

// The scores of a live round in its own SQLite (ADR 26, schema in ./schema.ts): each
// scorer's value of each cell (a player's strokes or penalty on a hole, or their DNF) and
// the signatures. The log of changes is ./change-log.ts; wrong PINs are ./pin-checks.ts's.

export type Scorer = { userId: number; name: string; role: "admin" | "player" };

export type Cell = { entryId: number; field: LiveField; hole: number };

export const cellKey = (c: Cell): string => `${c.entryId}:${c.field}:${c.hole}`;

/** Sets the scorer's value of the cell; with `settle`, every scorer's value of it. */
export function setMark(sql: SqlStorage, cell: Cell, scorer: Scorer, value: number, at: number, seq: number, settle: boolean): void {
  if (settle) {
    sql.exec(
      "update marks set value = ?, at = ?, seq = ? where entry_id = ? and field = ? and hole = ?",
      value,
      at,
      seq,
      cell.entryId,
      cell.field,
      cell.hole,
    );
  }
  sql.exec(
    `insert into marks (entry_id, field, hole, user_id, user_name, value, at, seq) values (?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (entry_id, field, hole, user_id) do update set user_name = excluded.user_name, value = excluded.value,
        at = excluded.at, seq = excluded.seq`,
    cell.entryId,
    cell.field,
    cell.hole,
    scorer.userId,
    scorer.name,
    value,
    at,
    seq,
  );
}

/** A cell as the card holds it: its agreed value (null when no one entered it, or they disagree) and every scorer's value. */
export type CellValue = Cell & { value: number | null; flagged: boolean; values: LiveFlagValue[] };

type MarkRow = { entryId: number; field: LiveField; hole: number; userId: number; name: string; value: number; at: number };

function toCells(rows: MarkRow[]): CellValue[] {
  const cells = new Map<string, CellValue>();
  for (const r of rows) {
    const key = cellKey(r);
    const cell = cells.get(key) ?? { entryId: r.entryId, field: r.field, hole: r.hole, value: r.value, flagged: false, values: [] };
    cell.values.push({ userId: r.userId, name: r.name, value: r.value, at: r.at });
    cell.flagged ||= r.value !== cell.values[0]?.value;
    cell.value = cell.flagged ? null : r.value;
    cells.set(key, cell);
  }
  return [...cells.values()];
}

const MARK_COLUMNS = "entry_id as entryId, field, hole, user_id as userId, user_name as name, value, at";

/** The cells of the given entries (every entry when null) that anyone entered. */
export function cellsOf(sql: SqlStorage, entryIds: number[] | null): CellValue[] {
  const where = entryIds === null ? "" : "where entry_id in (select value from json_each(?))";
  const bindings = entryIds === null ? [] : [JSON.stringify(entryIds)];
  return toCells(
    sql.exec<MarkRow>(`select ${MARK_COLUMNS} from marks ${where} order by entry_id, field, hole, seq`, ...bindings).toArray(),
  );
}

/** Just these cells, as the card holds them (those no one entered are left out). */
export function cellsAt(sql: SqlStorage, cells: Cell[]): CellValue[] {
  if (cells.length === 0) return [];
  const wanted = JSON.stringify(cells.map((c) => [c.entryId, c.field, c.hole]));
  return toCells(
    sql
      .exec<MarkRow>(
        `select ${MARK_COLUMNS} from marks where (entry_id, field, hole) in
          (select value ->> 0, value ->> 1, value ->> 2 from json_each(?)) order by entry_id, field, hole, seq`,
        wanted,
      )
      .toArray(),
  );
}

export type SignatureRow = { entryId: number; method: LiveSignMethod; total: number; dnf: boolean; at: number };

export function signaturesOf(sql: SqlStorage, entryIds: number[] | null): SignatureRow[] {
  const where = entryIds === null ? "" : "where entry_id in (select value from json_each(?))";
  return sql
    .exec<{ entryId: number; method: LiveSignMethod; total: number; dnf: number; at: number }>(
      `select entry_id as entryId, method, total, dnf, at from signatures ${where}`,
      ...(entryIds === null ? [] : [JSON.stringify(entryIds)]),
    )
    .toArray()
    .map((r) => ({ ...r, dnf: r.dnf === 1 }));
}

export function sign(sql: SqlStorage, s: SignatureRow & { userId: number; seq: number }): void {
  sql.exec(
    "insert or replace into signatures (entry_id, method, total, dnf, user_id, at, seq) values (?, ?, ?, ?, ?, ?, ?)",
    s.entryId,
    s.method,
    s.total,
    s.dnf ? 1 : 0,
    s.userId,
    s.at,
    s.seq,
  );
}

/** Drops the entry's signature: a change to their card before it locked. Whether there was one. */
export const unsign = (sql: SqlStorage, entryId: number): boolean =>
  sql.exec("delete from signatures where entry_id = ?", entryId).rowsWritten > 0;
