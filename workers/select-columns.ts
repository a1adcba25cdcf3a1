// The names SQLite gives a select's result columns, read from the statement's text, so
// the read runner (workers/read-runner.ts) can tell whether its rows survive D1's batch,
// which answers with one object per row keyed by those names. Only the shapes drizzle
// writes are read: `"t"."c"`, `"c"`, `expr as "alias"`; anything else (a `*`, a compound
// select, a `with`) is null: not known, so never batched as array rows.

/** Splits `text` at top-level commas (outside quotes and parentheses). */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if (ch === "[") quote = "]";
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "," && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items.map((s) => s.trim());
}

/** Where the select list ends: the first top-level `from` (or the end of the text). */
function selectListEnd(text: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (depth === 0 && /\s/.test(ch) && /^\s(from|union|intersect|except|where|group|order|limit)\b/i.test(text.slice(i))) {
      return i;
    }
  }
  return text.length;
}

const unquote = (name: string) => name.replace(/^["`[](.*)["`\]]$/s, "$1");
const ALIAS = /\s+as\s+("[^"]+"|`[^`]+`|\[[^\]]+\]|\w+)$/i;
const COLUMN = /^(?:(?:"[^"]+"|\w+)\.)?("[^"]+"|\w+)$/;

/** The result column names of a select drizzle wrote, or null when they cannot be read. */
export function outputColumns(sql: string): string[] | null {
  const match = /^\s*select\s+(?:distinct\s+)?/i.exec(sql);
  if (!match) return null;
  const rest = sql.slice(match[0].length);
  const end = selectListEnd(rest);
  if (/^\s(union|intersect|except)\b/i.test(rest.slice(end))) return null;
  const names: string[] = [];
  for (const item of topLevelItems(rest.slice(0, end))) {
    const alias = ALIAS.exec(item);
    const column = COLUMN.exec(item);
    if (alias) names.push(unquote(alias[1] as string));
    else if (column) names.push(unquote(column[1] as string));
    else if (item === "*" || item.endsWith(".*")) return null;
    // SQLite names an unaliased expression by its text as written.
    else names.push(item);
  }
  return names;
}
