// Every statement the request sends to D1 passes through here: it is counted (the
// page-cache tests and the Server-Timing header show it) and every write notes its table,
// so the Worker can purge the cache tags of exactly what changed — no write can forget.

const WRITE = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"[]?(\w+)/i;

export type D1Observation = { queries: number; writtenTables: Set<string> };

export function tableWrittenBy(sql: string): string | null {
  return WRITE.exec(sql)?.[1]?.toLowerCase() ?? null;
}

/** A D1 binding that behaves as `db` and records what is sent through it. */
export function observeD1(db: D1Database): { binding: D1Database; seen: D1Observation } {
  const seen: D1Observation = { queries: 0, writtenTables: new Set() };
  const note = (sql: string) => {
    seen.queries += 1;
    const table = tableWrittenBy(sql);
    if (table) seen.writtenTables.add(table);
  };
  const binding = new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql: string) => {
          note(sql);
          return target.prepare(sql);
        };
      }
      if (prop === "exec") {
        return (sql: string) => {
          note(sql);
          return target.exec(sql);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, seen };
}
