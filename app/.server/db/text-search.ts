import { type SQL, sql } from "drizzle-orm";

// Every search of stored text by what a user typed goes through here. Not LIKE: D1 refuses
// a LIKE pattern over 50 bytes (a 49-character word, or 25 `%` once escaped, answered 500),
// and a user's `%` and `_` would be wildcards. instr() matches the words literally, at any
// length, with LIKE's own case rule (ASCII letters only, as SQLite's lower() folds them).

/** True where `text` contains every one of `words`, ignoring ASCII case. */
export function containsEveryWord(text: SQL, words: readonly string[]): SQL {
  if (words.length === 0) return sql`1`;
  return sql.join(
    words.map((w) => sql`instr(lower(${text}), lower(${w})) > 0`),
    sql` and `,
  );
}
