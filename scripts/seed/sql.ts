// SQL text for `wrangler d1 execute --file`: plain INSERTs, literal values, no transactions.
export type SqlValue = string | number | boolean | null;

export function sqlValue(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`seed values are whole numbers, got ${value}`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

/** Multi-row INSERTs of at most `chunk` rows each, one row per line. */
export function insertRows(table: string, columns: readonly string[], rows: readonly SqlValue[][], chunk = 50): string[] {
  const statements: string[] = [];
  const head = `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(", ")}) VALUES`;
  for (let start = 0; start < rows.length; start += chunk) {
    const lines = rows.slice(start, start + chunk).map((row) => {
      if (row.length !== columns.length) throw new RangeError(`${table}: ${row.length} values for ${columns.length} columns`);
      return `(${row.map(sqlValue).join(", ")})`;
    });
    statements.push(`${head}\n${lines.join(",\n")};`);
  }
  return statements;
}
