import { env } from "cloudflare:workers";
import { afterAll } from "vitest";

// `npm run check:plans` runs the suite with STATEMENT_DUMP set: every statement the app sends
// through env.DB as the tests drive it (one whose stack passes through app/ or workers/; the
// tests' own set-ups and checks are left out) is printed once per text, with the arguments it
// was first bound with, for the script to plan against a seeded database (ADR 46).

const fromApp = () => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60; // deep enough to pass drizzle's frames and reach the caller's
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  return /\/(app|workers)\//.test(stack);
};

type Sent = { sql: string; args: unknown[] };
const state = globalThis as unknown as { __statements?: { sent: Sent[]; printed: Set<string> } };

if (!state.__statements) {
  const dump = { sent: [] as Sent[], printed: new Set<string>() };
  state.__statements = dump;
  const patch = (proto: { prepare: (sql: string) => D1PreparedStatement }) => {
    const prepare = proto.prepare;
    proto.prepare = function (this: unknown, sql: string) {
      const stmt = prepare.call(this, sql);
      if (!fromApp()) return stmt;
      if (!sql.includes("?")) dump.sent.push({ sql, args: [] });
      const bind = stmt.bind;
      stmt.bind = (...args: unknown[]) => {
        dump.sent.push({ sql, args });
        return bind.apply(stmt, args);
      };
      return stmt;
    };
  };
  patch(Object.getPrototypeOf(env.DB));
  patch(Object.getPrototypeOf(env.DB.withSession()));
}

afterAll(() => {
  const dump = state.__statements;
  if (!dump) return;
  for (const s of dump.sent.splice(0)) {
    if (dump.printed.has(s.sql)) continue;
    dump.printed.add(s.sql);
    console.log(`STATEMENT ${JSON.stringify(s)}`);
  }
});
