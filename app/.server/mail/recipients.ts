import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

// Who a league's mail goes to (ADR 46). The league's rows say whom (its preferences, its
// marks, its notices); the accounts table says where (the email), to whom (the name) and
// whether the account hears anything at all (not locked). The two are read apart and put
// together here, never joined in SQL: accounts are the deployment's, and a later step puts
// them in a database of their own.

export type Recipient = { userId: number; email: string; name: string };

/** The unlocked accounts among `userIds` (any number: one bound JSON list), unrun. */
export function accountsRead(db: Db, userIds: readonly number[]) {
  return db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(users)
    .where(sql`${users.id} in (select value from json_each(${JSON.stringify(userIds)})) and ${users.locked} = 0`);
}

/**
 * A league's pending mail a page at a time, each row with its account's address. One page's
 * accounts are asked together with the league's next page (ADR 41), so n pages take n + 1
 * trips rather than 2n. `read(after)`: the page after row `after` (the first page for null);
 * a page shorter than `pageSize` is the last. A row whose account is locked or gone is left
 * out of its page (it stays pending in the league).
 */
export async function* withAccounts<T extends { userId: number }>(
  db: Db,
  read: (after: T | null) => PromiseLike<T[]>,
  pageSize = Number.POSITIVE_INFINITY,
): AsyncGenerator<(T & Recipient)[]> {
  let rows = await read(null);
  while (rows.length > 0) {
    const last = rows[rows.length - 1] as T;
    const [accounts, next] = await Promise.all([
      accountsRead(
        db,
        rows.map((r) => r.userId),
      ),
      rows.length >= pageSize ? read(last) : ([] as T[]),
    ]);
    const byId = new Map(accounts.map((a) => [a.userId, a]));
    yield rows.flatMap((row) => {
      const account = byId.get(row.userId);
      return account ? [{ ...row, ...account }] : [];
    });
    rows = next;
  }
}

/** Every pending row at once (one page: a round's field, a league's fresh notices), each with its account. */
export async function allWithAccounts<T extends { userId: number }>(db: Db, read: () => PromiseLike<T[]>): Promise<(T & Recipient)[]> {
  const all: (T & Recipient)[] = [];
  for await (const page of withAccounts(db, read)) all.push(...page);
  return all;
}
