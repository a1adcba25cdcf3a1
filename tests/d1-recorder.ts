// The D1 binding's statements, recorded as a request sends them (ADR 46): which of them touch
// a league's table, which of those do not bind the request's league, which read the accounts.
// Used by tests/api/league-binding.test.ts, accounts-apart and the isolation suite (tests/isolation/).
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

/**
 * A statement that names the accounts beside a league table — but for the accounts' own read
 * of the ids a league's rows name (`accountsNamedBy`, ADR 46): `select … from "users" where
 * "users"."id" in (select <the league's column> …)`, whose league part is a select of ids only.
 */
export function mixesAccounts(sql: string): boolean {
  const own = /^select [^;]*? from "users" where "users"\."id" in \((select [\s\S]*)\)$/i.exec(sql.trim());
  if (own) return readsAccounts(own[1] ?? "");
  return readsAccounts(sql) && touches(sql).length > 0;
}

/** `db` (and its sessions), recording every statement bound or sent as it is, into `sent`. */
export function recording(db: D1Database, sent: Sent[] = []) {
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

/**
 * The statements on a league table that do not name `league_id` and bind `leagueId`, or that
 * bind one of `others` (another league's id) — each as a line to show. `touched` counts those on league tables.
 */
export function unboundStatements(sent: Sent[], leagueId: number, others: number[] = []) {
  const unbound: string[] = [];
  let touched = 0;
  for (const s of sent) {
    if (touches(s.sql).length === 0) continue;
    touched += 1;
    const foreign = others.filter((id) => s.args.includes(id));
    if (!/league_id/.test(s.sql) || !s.args.includes(leagueId) || foreign.length > 0)
      unbound.push(`${s.sql.slice(0, 200)} ← ${JSON.stringify(s.args).slice(0, 120)}`);
  }
  return { unbound, touched };
}
