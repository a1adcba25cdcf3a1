import { env } from "cloudflare:workers";
import type { Sent } from "./d1-recorder";

// Statements recorded at the D1 binding's class rather than on one request's binding: those
// sent through a binding a test never holds (the live round's object's own, ADR 26) or by
// the whole suite (`npm run check:plans`). Which are kept is decided by the code that sent
// them, read from the stack (deep enough to pass drizzle's frames and reach the caller's).

type CallSite = { getFileName(): string | null | undefined };
type WithPrepare = { prepareStackTrace?: (error: Error, sites: CallSite[]) => unknown };

/**
 * Whether the code sending the statement now has a file matching `pattern` in its stack. The
 * stack's call sites are read as they are, not formatted: the test runner maps every frame of
 * a formatted stack through its source map, which cost a sixth of a millisecond a statement,
 * on every statement of every test file after the first that installed a recorder.
 */
export function sentFrom(pattern: RegExp): boolean {
  const errors = Error as unknown as WithPrepare & { stackTraceLimit: number };
  const { stackTraceLimit, prepareStackTrace } = errors;
  errors.stackTraceLimit = 60;
  errors.prepareStackTrace = (_, sites) => sites;
  const held: { stack?: CallSite[] } = {};
  try {
    Error.captureStackTrace(held);
    return (held.stack ?? []).some((site) => pattern.test(site.getFileName() ?? ""));
  } finally {
    errors.stackTraceLimit = stackTraceLimit;
    errors.prepareStackTrace = prepareStackTrace;
  }
}

/**
 * Every statement prepared on any D1 binding (and its sessions) whose sender matches `from`,
 * with the arguments it is bound with, recorded from the first call under `name` on. The list
 * is kept on globalThis: the test files of one vitest worker share its isolate and its class,
 * though each evaluates its modules anew.
 */
export function recordAtClass(name: string, from: RegExp): Sent[] {
  const lists = globalThis as unknown as { __d1ClassRecorders?: Map<string, Sent[]> };
  lists.__d1ClassRecorders ??= new Map();
  const known = lists.__d1ClassRecorders.get(name);
  if (known) return known;
  const into: Sent[] = [];
  lists.__d1ClassRecorders.set(name, into);
  for (const proto of [Object.getPrototypeOf(env.DB), Object.getPrototypeOf(env.DB.withSession())] as {
    prepare: (sql: string) => D1PreparedStatement;
  }[]) {
    const prepare = proto.prepare;
    proto.prepare = function (this: unknown, sql: string) {
      const stmt = prepare.call(this, sql);
      if (!sentFrom(from)) return stmt;
      if (!sql.includes("?")) into.push({ sql, args: [] });
      const bind = stmt.bind;
      stmt.bind = (...args: unknown[]) => {
        into.push({ sql, args });
        return bind.apply(stmt, args);
      };
      return stmt;
    };
  }
  return into;
}
