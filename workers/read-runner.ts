// The request's read runner (ADR 41). Every read a request's loaders and handlers send
// before their next await is gathered and sent to D1 as one `batch()`: the root's and the
// route's loaders, the session's row beside an /api handler's reads, a page read model's
// plans. A read sent alone is sent as it always was; writes are never gathered (a batch is
// one transaction: a write among reads would change what the reads see).
//
// D1 answers a batch with object rows. drizzle asks for array rows (`raw()`), so a batched
// row's values are taken in column order, which is only right when no two columns of the
// select share a name (drizzle-orm #6038: `users.id` beside `players.id` shifts every later
// value). A select whose output names repeat, or cannot be read from its text, is never
// batched: it is sent on its own, in the same trip, beside the batch.
//
// A write (a statement that is not a select, a batch with one, `exec`) waits for the
// request's effect gate (app/.server/effect-gate.ts, ADR 42): a write's guard lets its reads
// go beside the session's row and holds its writes until the row is decided. The abuse
// counters (`rate_limits`) are not the caller's effects: an attempt is counted whoever makes
// it, as on a GET, so a count goes with the reads, before the slow check it guards.

import { tableWrittenBy } from "./d1-observer";
import { outputColumns } from "./select-columns";

type Method = "all" | "first" | "raw";
type Pending = {
  stmt: D1PreparedStatement;
  sql: string;
  method: Method;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
};

const READ = /^\s*select\b/i;
/** Sent at once, gate or not: a read, or an abuse counter's write. */
const ungated = (sql: string) => READ.test(sql) || tableWrittenBy(sql) === "rate_limits";
const GATHERED = new Set<string>(["all", "first", "raw"]);

/** Whether a statement's answer can come from a batch without changing it. */
export function batchable(sql: string, method: Method): boolean {
  if (!READ.test(sql)) return false;
  if (method !== "raw") return true;
  const names = outputColumns(sql);
  return names !== null && new Set(names).size === names.length && !names.some((n) => /^\d+$/.test(n));
}

/** A batched statement's answer, shaped as the method the caller used would have shaped it. */
function answer(method: Method, args: unknown[], result: D1Result<Record<string, unknown>>): unknown {
  const rows = result.results ?? [];
  if (method === "all") return result;
  if (method === "first") {
    const [row] = rows;
    if (row === undefined) return null;
    return typeof args[0] === "string" ? (row[args[0]] ?? null) : row;
  }
  const values = rows.map((row) => Object.values(row));
  const withNames = (args[0] as { columnNames?: boolean } | undefined)?.columnNames === true;
  return withNames ? [rows[0] ? Object.keys(rows[0]) : [], ...values] : values;
}

// How long the runner waits for more reads: microtask turns, never a timer, so a read is
// never held while other I/O (a Durable Object's answer) completes. Loaders started together
// by React Router ask theirs within a few turns of each other (tests/unit/read-runner.test.ts).
const TURNS = 32;
const afterTurns = (turns: number, then: () => void) => queueMicrotask(() => (turns > 1 ? afterTurns(turns - 1, then) : then()));

const callAlone = (p: Pending) => (p.stmt[p.method] as (...a: unknown[]) => Promise<unknown>)(...p.args);

/**
 * A D1 binding that behaves as `db` and gathers reads: those asked within a few microtask
 * turns of the first go as one batch (the observer beneath counts it as one call).
 */
export function gatherReads(db: D1Database, passed: () => Promise<void> = () => Promise.resolve()): D1Database {
  let queue: Pending[] = [];
  const flush = () => {
    const sent = queue;
    queue = [];
    const together = sent.filter((p) => batchable(p.sql, p.method));
    const alone = sent.filter((p) => !together.includes(p));
    for (const p of together.length === 1 ? [...alone, ...together] : alone) callAlone(p).then(p.resolve, p.reject);
    if (together.length < 2) return;
    db.batch(together.map((p) => p.stmt)).then(
      (results) => {
        for (const [i, p] of together.entries()) p.resolve(answer(p.method, p.args, results[i] as D1Result<Record<string, unknown>>));
      },
      // One failing read fails a batch: each is then asked alone, so only it fails, as before.
      () => {
        for (const p of together) callAlone(p).then(p.resolve, p.reject);
      },
    );
  };
  const enqueue = (p: Omit<Pending, "resolve" | "reject">) =>
    new Promise((resolve, reject) => {
      if (queue.length === 0) afterTurns(TURNS, flush);
      queue.push({ ...p, resolve, reject });
    });
  // A batch the caller makes itself is sent as made, of the statements beneath the wrappers.
  const unwrapped = new WeakMap<D1PreparedStatement, { stmt: D1PreparedStatement; sql: string }>();
  const statement = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (prop === "bind") return (...args: unknown[]) => statement(value.apply(target, args), sql);
        if (typeof prop === "string" && GATHERED.has(prop) && READ.test(sql)) {
          return (...args: unknown[]) => enqueue({ stmt: target, sql, method: prop as Method, args });
        }
        if (typeof prop === "string" && (GATHERED.has(prop) || prop === "run") && !ungated(sql)) {
          return (...args: unknown[]) => passed().then(() => value.apply(target, args));
        }
        return value.bind(target);
      },
    });
    unwrapped.set(wrapped, { stmt, sql });
    return wrapped;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => statement(target.prepare(sql), sql);
      if (prop === "batch") {
        return (list: D1PreparedStatement[]) => {
          const made = list.map((s) => unwrapped.get(s));
          const send = () => target.batch(list.map((s, i) => made[i]?.stmt ?? s));
          // A batch of reads (and counts) goes at once, beside the session's row.
          return made.every((m) => m && ungated(m.sql)) ? send() : passed().then(send);
        };
      }
      if (prop === "exec") return (sql: string) => passed().then(() => target.exec(sql));
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
