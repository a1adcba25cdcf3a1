// Every statement the request sends to D1 passes through here: it is counted (the
// page-cache tests and the Server-Timing header show it) and every write notes its table,
// so the Worker can purge the cache tags of exactly what changed — no write can forget.
// It also times the round trips (Server-Timing `d1`): the wall time the request spent
// waiting on D1, overlapping calls counted once, and how many trips there were.

const WRITE = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"[]?(\w+)/i;

export type D1Observation = { queries: number; writtenTables: Set<string>; roundTrips: number; waitMs: number };

export function tableWrittenBy(sql: string): string | null {
  return WRITE.exec(sql)?.[1]?.toLowerCase() ?? null;
}

const CALLS = new Set(["run", "all", "first", "raw"]);

/** A D1 binding that behaves as `db` and records what is sent through it. */
export function observeD1(db: D1Database): { binding: D1Database; seen: D1Observation } {
  const seen: D1Observation = { queries: 0, writtenTables: new Set(), roundTrips: 0, waitMs: 0 };
  const note = (sql: string) => {
    seen.queries += 1;
    const table = tableWrittenBy(sql);
    if (table) seen.writtenTables.add(table);
  };
  let inFlight = 0;
  let since = 0;
  const timed = <T>(call: () => Promise<T>): Promise<T> => {
    seen.roundTrips += 1;
    if (inFlight++ === 0) since = performance.now();
    return call().finally(() => {
      if (--inFlight === 0) seen.waitMs += performance.now() - since;
    });
  };
  // A batch is given the statements themselves (D1 refuses a wrapper): each wrapper maps back.
  const unwrap = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const statement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        // A bound statement is a new one: it is timed when it runs (or inside a batch).
        if (prop === "bind") return (...args: unknown[]) => statement(value.apply(target, args));
        if (typeof prop === "string" && CALLS.has(prop)) return (...args: unknown[]) => timed(() => value.apply(target, args));
        return value.bind(target);
      },
    });
    unwrap.set(wrapped, stmt);
    return wrapped;
  };
  const binding = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => {
          note(sql);
          return statement(target.prepare(sql));
        };
      }
      if (prop === "exec") {
        return (sql: string) => {
          note(sql);
          return timed(() => target.exec(sql));
        };
      }
      if (prop === "batch") {
        return (list: D1PreparedStatement[]) => timed(() => target.batch(list.map((s) => unwrap.get(s) ?? s)));
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, seen };
}
