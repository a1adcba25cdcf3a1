import type { Scorer } from "./score-store";

// The round's change log (ADR 26): every change it accepted, in the order accepted (seq is
// the server's sequence), with who made it, the phone's time and the server's. A change id
// is in it once: a resend finds its seq here.

export type LoggedChange = {
  changeId: string;
  scorer: Scorer;
  kind: string;
  entryId: number;
  hole: number;
  value: number | null;
  settle: boolean;
  reason: string | null;
  detail: string | null;
  clientAt: number;
  serverAt: number;
};

/** The seq a change id was accepted at, or null when it is new. */
export const seqOfChange = (sql: SqlStorage, changeId: string): number | null =>
  sql.exec<{ seq: number }>("select seq from changes where change_id = ?", changeId).toArray()[0]?.seq ?? null;

/** Appends a change to the log: its seq. */
export function logChange(sql: SqlStorage, c: LoggedChange): number {
  return sql
    .exec<{ seq: number }>(
      `insert into changes (change_id, user_id, user_name, role, kind, entry_id, hole, value, settle, reason, detail, client_at, server_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning seq`,
      c.changeId,
      c.scorer.userId,
      c.scorer.name,
      c.scorer.role,
      c.kind,
      c.entryId,
      c.hole,
      c.value,
      c.settle ? 1 : 0,
      c.reason,
      c.detail,
      c.clientAt,
      c.serverAt,
    )
    .one().seq;
}

export const lastSeq = (sql: SqlStorage): number => sql.exec<{ seq: number | null }>("select max(seq) as seq from changes").one().seq ?? 0;

export type LogRow = LoggedChange & { seq: number };

/** The log after `after`, oldest first, at most `limit` changes. */
export function changesAfter(sql: SqlStorage, after: number, limit: number): LogRow[] {
  return sql
    .exec<Record<string, number | string | null>>("select * from changes where seq > ? order by seq limit ?", after, limit)
    .toArray()
    .map((r) => ({
      seq: Number(r.seq),
      changeId: String(r.change_id),
      scorer: { userId: Number(r.user_id), name: String(r.user_name), role: r.role === "admin" ? "admin" : "player" },
      kind: String(r.kind),
      entryId: Number(r.entry_id),
      hole: Number(r.hole),
      value: r.value === null ? null : Number(r.value),
      settle: r.settle === 1,
      reason: r.reason === null ? null : String(r.reason),
      detail: r.detail === null ? null : String(r.detail),
      clientAt: Number(r.client_at),
      serverAt: Number(r.server_at),
    }));
}
