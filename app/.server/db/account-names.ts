import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";
import { users } from "./schema";
import { guardedReads } from "../effect-gate";

// Accounts belong to the deployment, and a later step puts them in a database of their own
// (ADR 46): a league's page that names an account reads the league's rows and the accounts
// apart, in the same trip (ADR 41) — never a join, and no league statement names `users`.
// Where the ids are known before (the user a page is about), the accounts are asked by id;
// where only the league's rows know them (claimants, payers, who checked an entry in), the
// accounts' own statement selects them by the league's select of that column
// (`accountsNamedBy`). The ids travel as one JSON parameter when listed, so one statement
// reads any number of them (D1 binds at most 100 values).

export type AccountName = { name: string; email: string };
export type AccountNames = ReadonlyMap<number, AccountName>;

/** The ids among `found`, once each (a row that names no account holds null). */
export const idsOf = (found: Iterable<number | null | undefined>): number[] => [
  ...new Set([...found].filter((id): id is number => typeof id === "number")),
];

/** The condition "the account is one of `ids`", for a read of `users`. */
export const accountIn = (ids: readonly number[]) => sql`${users.id} in (select value from json_each(${JSON.stringify(ids)}))`;

const readAccountsWhere = async (db: Db, where: SQL): Promise<AccountNames> => {
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(where);
  return new Map(rows.map(({ id, ...account }) => [id, account] as const));
};

const readAccounts = async (db: Db, ids: number[]): Promise<AccountNames> =>
  ids.length === 0 ? new Map() : readAccountsWhere(db, accountIn(ids));

/**
 * The names and emails of the accounts a league's rows name, asked beside those rows, in the
 * same trip: `ids` is the league's own select of the id column (its rows' filter, led by the
 * league), so this statement reads the accounts and only the accounts; no league statement
 * ever names `users` (ADR 46). When accounts move to a database of their own, this read goes
 * there, by the league's members (who the league's rows name).
 */
export const accountsNamedBy = (db: Db, ids: SQL): Promise<AccountNames> => readAccountsWhere(db, sql`${users.id} in (${ids})`);

/** The names and emails of accounts known before any read (the user a page is about), by id: asked at once, beside the rest. */
export const accountsById = (db: Db, ids: readonly number[]): Promise<AccountNames> => readAccounts(db, idsOf(ids));

/**
 * The names and emails of the accounts a league's rows name (`found`, read already), by id;
 * no read when they name none. Sent once the request's guard has let it read on
 * (app/.server/effect-gate.ts).
 */
export async function accountsFound(db: Db, found: Iterable<number | null | undefined>): Promise<AccountNames> {
  const ids = idsOf(found);
  if (ids.length === 0) return new Map();
  await guardedReads(db.$client);
  return readAccounts(db, ids);
}

/** Waits, as accountsFound does, before a read that depends on a league's rows: for the request's guard. */
export const afterGuard = (db: Db) => guardedReads(db.$client);

/** How a page names an account a league's row still holds after the account was deleted. */
export const goneAccount = (id: number) => `user #${id}`;

/** The account's name, or what a page shows for one that is gone. */
export const nameOf = (names: AccountNames, id: number) => names.get(id)?.name ?? goneAccount(id);
