// The object's clocks, kept in its own SQLite so hibernation keeps them (ADR 26): when its
// one alarm is set for, so that asking to be woken later never puts off a sooner wake, and
// named moments such as the last time an unknown player made it read its cards (./reread.ts).

const ALARM = "alarm";

export const clockAt = (sql: SqlStorage, name: string): number | null =>
  sql.exec<{ at: number }>("select at from clocks where name = ?", name).toArray()[0]?.at ?? null;

export function setClock(sql: SqlStorage, name: string, at: number): void {
  sql.exec("insert or replace into clocks (name, at) values (?, ?)", name, at);
}

/**
 * Makes sure the alarm goes off by `at` (epoch ms): sets it unless it is set sooner already.
 * An alarm long past its time without having run is taken as lost and set again.
 */
export function wakeBy(ctx: DurableObjectState, at: number): void {
  const sql = ctx.storage.sql;
  const set = clockAt(sql, ALARM);
  if (set !== null && set <= at && set > Date.now() - 60_000) return;
  setClock(sql, ALARM, at);
  ctx.storage.setAlarm(at).catch((err) => console.error("Could not set the live round's alarm", err));
}

/** The alarm went off: the next wake is for whoever asks. */
export function alarmRan(sql: SqlStorage): void {
  sql.exec("delete from clocks where name = ?", ALARM);
}
