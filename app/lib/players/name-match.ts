// Matches pasted score lines to a round's entries by name. Names arrive however people
// type them ("DOE, Jane", "jane doe", "Zoe O'Brien" for "Zoë O’Brien"), so both sides go
// through normalizeName and must then be equal: no guessing at nicknames or middle
// names, because a wrong match would put a score on the wrong player. What stays
// unsure is marked for the admin to settle in the preview.
import type { ParsedScoreLine } from "../rounds/score-paste";
import { fullName } from "./player-name";

/** An entry of the round, as the preview needs it. */
export type PasteEntry = { id: number; firstName: string; lastName: string };

/**
 * How a line matched. `candidates` are the entries it could belong to: one for "matched"
 * and "duplicate", two or more for "ambiguous", none for "unknown".
 * - matched: one entry, and no other line names it. entryId is that entry.
 * - duplicate: one entry, but other lines name it too. entryId is set; the admin keeps one.
 * - ambiguous: several entries of the round share the name. entryId is null.
 * - unknown: no entry has the name. entryId is null.
 */
export type MatchedLine = ParsedScoreLine & {
  status: "matched" | "unknown" | "duplicate" | "ambiguous";
  entryId: number | null;
  candidates: number[];
};

// Letters NFKD does not split into a base letter and a mark.
const LETTERS: Record<string, string> = {
  ø: "o",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ŋ: "n",
};
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join("")}]`, "g");

/**
 * A name as a key for comparing: lower case, accents dropped (é→e, ø→o, ß→ss, æ→ae),
 * apostrophes and dots dropped (O'Brien→obrien, J.R.→jr), other punctuation such as
 * hyphens read as spaces (Jean-Luc→jean luc), spaces collapsed, and "Last, First"
 * turned round to "first last".
 */
export function normalizeName(name: string): string {
  if (typeof name !== "string") return "";
  // Before NFKD, which would split the acute accent ´ into a space and a mark.
  let s = name.toLowerCase().replace(/['’‘`´ʼʻ.]/g, "");
  // Most names are printable ASCII; they skip the Unicode work, which is most of the cost.
  const ascii = !/[^ -~]/.test(s);
  if (!ascii) {
    s = s
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .replace(SPECIAL, (c) => LETTERS[c]);
  }
  const comma = s.indexOf(",");
  if (comma >= 0) s = `${s.slice(comma + 1)} ${s.slice(0, comma)}`;
  return (ascii ? s.replace(/[^a-z0-9]+/g, " ") : s.replace(/[^\p{L}\p{N}]+/gu, " ")).trim();
}

/**
 * Matches each parsed line to the entry of the same normalized name ("first last"),
 * keeping line order. `unmatchedEntries` are the entries no line settled (matched or
 * duplicate), in their given order: who still has no score from this paste.
 */
export function matchScoreLines(
  rows: readonly ParsedScoreLine[],
  entries: readonly PasteEntry[],
): { lines: MatchedLine[]; unmatchedEntries: PasteEntry[] } {
  const byName = new Map<string, number[]>();
  for (const e of entries) {
    const key = normalizeName(fullName(e));
    const ids = byName.get(key) ?? [];
    if (key !== "" && !ids.includes(e.id)) byName.set(key, [...ids, e.id]);
  }
  const lines: MatchedLine[] = rows.map((row) => {
    const ids = byName.get(normalizeName(row.name)) ?? [];
    if (ids.length === 0) return { ...row, status: "unknown", entryId: null, candidates: [] };
    if (ids.length > 1) return { ...row, status: "ambiguous", entryId: null, candidates: [...ids] };
    return { ...row, status: "matched", entryId: ids[0], candidates: [ids[0]] };
  });
  const named = new Map<number, number>();
  for (const l of lines) if (l.entryId !== null) named.set(l.entryId, (named.get(l.entryId) ?? 0) + 1);
  for (const l of lines) if (l.entryId !== null && (named.get(l.entryId) ?? 0) > 1) l.status = "duplicate";
  return { lines, unmatchedEntries: entries.filter((e) => !named.has(e.id)) };
}
