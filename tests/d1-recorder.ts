// The D1 binding of a request, recording every statement it binds or sends (ADR 46): the
// league-binding and accounts-apart tests read what a request sent, statement by statement.
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { DEPLOYMENT_TABLES } from "../workers/league-guard";
import * as schema from "~/.server/db/schema";

/** Every league table of the schema: all but the deployment's. */
export const LEAGUE_TABLES = (Object.values(schema) as unknown[])
  .filter((t): t is SQLiteTable => is(t, SQLiteTable))
  .map((t) => getTableName(t))
  .filter((name) => !DEPLOYMENT_TABLES.has(name));

export type Sent = { sql: string; args: unknown[] };

const names = (table: string) => new RegExp(`(from|join|into|update)\\s+["\`]?${table}["\`]?\\b`, "i");

/** The league tables a statement reads or writes. */
export const touches = (sql: string) => LEAGUE_TABLES.filter((t) => names(t).test(sql));

/** Whether a statement reads or writes the accounts (`users`), by name or by a qualified column. */
export const readsAccounts = (sql: string) => names("users").test(sql) || /["`]users["`]\s*\./i.test(sql);

/** `db` (and its sessions), recording every statement bound or sent as it is. */
export function recording(db: D1Database) {
  const sent: Sent[] = [];
  const statement = (stmt: D1PreparedStatement, sql: string, args: unknown[] = []): D1PreparedStatement => {
    const proxy: D1PreparedStatement = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...bound: unknown[]) => statement(target.bind(...bound), sql, bound);
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") sent.push({ sql, args });
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    (proxy as unknown as { __sent: Sent }).__sent = { sql, args };
    return proxy;
  };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key);
        if (typeof value !== "function") return value;
        if (key === "prepare") return (sql: string) => statement(value.call(t, sql), sql);
        if (key === "batch")
          return (list: D1PreparedStatement[]) => {
            for (const s of list) sent.push((s as unknown as { __sent?: Sent }).__sent ?? { sql: "?", args: [] });
            return value.call(t, list);
          };
        if (key === "withSession") return (...args: unknown[]) => wrap(value.apply(t, args));
        return value.bind(t);
      },
    });
  return { db: wrap(db), sent };
}
