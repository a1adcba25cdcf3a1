// A D1 binding that sends certain writes inside statements of its own: the audit log's actor
// (ADR 20) and the league's status guard (ADR 46). A batch that holds such a write is sent
// with the stamp's statements first and last; a lone such write is sent as a batch of its
// own. The caller sees only its own statements' answers, as the plain binding gives them.
// Services never add a stamp: no write path can forget one.

export type Stamp = {
  /** Whether a statement's SQL is a write that must be stamped. */
  wants: (sql: string) => boolean;
  /** The statements sent first and last, made when a batch needs them. */
  around: () => Promise<{ first: D1PreparedStatement[]; last: D1PreparedStatement[] }>;
  /**
   * A stamped batch failed: "again" sends it once more (with `around` made anew); anything
   * else is thrown in the error's place. Without it, the error is thrown as it is.
   */
  failed?: (err: unknown) => Promise<"again" | unknown>;
};

export function stampBatches(db: D1Database, stamp: Stamp): D1Database {
  const inStampedBatch = async (list: D1PreparedStatement[], retried = false): Promise<D1Result[]> => {
    const { first, last } = await stamp.around();
    try {
      const results = await db.batch([...first, ...list, ...last]);
      return results.slice(first.length, results.length - last.length);
    } catch (err) {
      if (!stamp.failed) throw err;
      const next = await stamp.failed(err);
      if (next === "again" && !retried) return inStampedBatch(list, true);
      throw next === "again" ? err : next;
    }
  };

  // A batch is given the statements themselves (D1 refuses a wrapper): each wrapper maps back.
  const unwrap = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const statement = (stmt: D1PreparedStatement, stamped: boolean): D1PreparedStatement => {
    if (!stamped) return stmt;
    const alone = async () => {
      const [result] = await inStampedBatch([stmt]);
      if (!result) throw new Error("D1 answered a batch of one write with no result");
      return result;
    };
    const wrapped = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => statement(target.bind(...args), true);
        if (prop === "run" || prop === "all") return () => alone();
        if (prop === "first") {
          return async (column?: string) => {
            const row = ((await alone()).results[0] ?? null) as Record<string, unknown> | null;
            return row && column !== undefined ? (row[column] ?? null) : row;
          };
        }
        if (prop === "raw") {
          // As drizzle maps a batch's rows (d1ToRawMapping): each row's values in column order.
          return async (options?: { columnNames?: boolean }) => {
            const rows = (await alone()).results as Record<string, unknown>[];
            const values = rows.map((row) => Object.values(row));
            return options?.columnNames ? [Object.keys(rows[0] ?? {}), ...values] : values;
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    unwrap.set(wrapped, stmt);
    return wrapped;
  };

  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => statement(target.prepare(sql), stamp.wants(sql));
      if (prop === "batch") {
        return (list: D1PreparedStatement[]) => {
          const plain = list.map((s) => unwrap.get(s) ?? s);
          return list.some((s) => unwrap.has(s)) ? inStampedBatch(plain) : target.batch(plain);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
