// Every statement the request sends to D1 passes through here: it is counted (the
// page-cache tests and the Server-Timing header show it) and every write notes its table,
// so the Worker can purge the cache tags of exactly what changed — no write can forget.
// It also times the request's waits (Server-Timing `d1`, `d1calls`, `d1rt`): the wall time
// spent waiting on D1 with overlapping calls counted once, every call (a batch is one), and
// the round trips on the critical path. A call's trip is one past the deepest call that had
// ended when it started (it can only have needed those), calls in flight together share
// one, and `d1rt` is the deepest. Another wait of the request (a Durable Object's answer)
// goes through `wait`: a round trip unless it overlaps one of D1's.
// Given a latency (D1_LATENCY_MS, workers/d1-latency.ts), each D1 call waits that long
// before it is sent, inside its wait: calls in flight together overlap, a chain adds up, as
// a replica a region away would answer. A Durable Object's answer is not delayed.

const WRITE = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"[]?(\w+)/i;

export type D1Observation = { queries: number; calls: number; writtenTables: Set<string>; roundTrips: number; waitMs: number };

/** Runs one awaited call of the request's I/O, counted into its round trips. */
export type Wait = <T>(call: () => Promise<T>) => Promise<T>;

export function tableWrittenBy(sql: string): string | null {
  return WRITE.exec(sql)?.[1]?.toLowerCase() ?? null;
}

const CALLS = new Set(["run", "all", "first", "raw"]);

/** A D1 binding that behaves as `db` and records what is sent through it, each call `latencyMs` late. */
export function observeD1(db: D1Database, latencyMs = 0): { binding: D1Database; seen: D1Observation; wait: Wait } {
  const seen: D1Observation = { queries: 0, calls: 0, writtenTables: new Set(), roundTrips: 0, waitMs: 0 };
  const note = (sql: string) => {
    seen.queries += 1;
    const table = tableWrittenBy(sql);
    if (table) seen.writtenTables.add(table);
  };
  let inFlight = 0;
  let since = 0;
  /** The deepest round trip among the calls that have ended. */
  let ended = 0;
  const wait: Wait = <T>(call: () => Promise<T>) => {
    const trip = ended + 1;
    seen.roundTrips = Math.max(seen.roundTrips, trip);
    if (inFlight++ === 0) since = performance.now();
    // A Durable Object's call answers with a thenable of its own, made a promise here; a
    // call that throws before it is sent still ends its wait.
    return new Promise<T>((resolve) => resolve(call())).finally(() => {
      ended = Math.max(ended, trip);
      if (--inFlight === 0) seen.waitMs += performance.now() - since;
    });
  };
  const late = <T>(call: () => Promise<T>) => (latencyMs > 0 ? new Promise((r) => setTimeout(r, latencyMs)).then(call) : call());
  const timed: Wait = (call) => {
    seen.calls += 1;
    return wait(() => late(call));
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
  return { binding, seen, wait };
}
