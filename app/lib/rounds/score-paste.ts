// Reads the scores an admin pastes on /admin/round/scores/{roundId}: typed lines, rows
// copied from a spreadsheet, or UDisc's scorecard export. The page previews what it read
// and the server reads the same paste again with the same rules, so this stays pure and
// dependency-free. Matching the names to entries is name-match.ts.
import { readUdiscCsv, readUdiscHeader, type UdiscPlayerRow, type UdiscSourceLine } from "./udisc-csv";

/** Fewest and most strokes a round's score can be (0 stays "not scored" in the entries). */
export const MIN_SCORE = 1;
export const MAX_SCORE = 500;
/** Lines read from one paste; the rest is reported as one junk item. */
export const MAX_PASTE_LINES = 5000;
/** Longer lines are junk: no name and score, nor a UDisc row, comes near this. */
export const MAX_LINE_LENGTH = 2000;

/** A line read as a name and a score. `line` is 1-based in the paste; `raw` is the line as pasted, trimmed. */
export type ParsedScoreLine = { line: number; raw: string; name: string; score: number };
/** A line that could not be read, with a reason to show the admin. */
export type JunkLine = { line: number; raw: string; reason: string };
export type ScorePasteFormat = "lines" | "tsv" | "udisc-csv";
export type ScorePaste = { format: ScorePasteFormat; rows: ParsedScoreLine[]; junk: JunkLine[] };

const RANGE = `Score must be a whole number from ${MIN_SCORE} to ${MAX_SCORE}`;
const NO_SCORE = "No score at the end of the line";
const DNF = "No total score (did not finish?)";
const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/** Why a number cannot be a round's score, or null when it can. */
export function scoreProblem(score: number): string | null {
  return Number.isInteger(score) && score >= MIN_SCORE && score <= MAX_SCORE ? null : RANGE;
}

/** A cell read as total strokes: the score, why it is not one, or null when it is no number at all. */
function readStrokes(cell: string): number | { reason: string } | null {
  if (!NUMBER.test(cell)) return null;
  if (cell[0] === "+" || cell[0] === "-") return { reason: `“${cell}” looks like a score against par: paste the total strokes` };
  const problem = /[.,]/.test(cell) ? RANGE : scoreProblem(Number(cell));
  return problem ? { reason: problem } : Number(cell);
}

/** Junk shows the line; a few hundred characters of it are enough to recognise it. */
const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

type Read = ParsedScoreLine | JunkLine;

function scored(l: UdiscSourceLine, name: string, strokes: number | { reason: string } | null, missing = NO_SCORE): Read {
  if (strokes === null) return { line: l.line, raw: l.text, reason: missing };
  if (typeof strokes !== "number") return { line: l.line, raw: l.text, reason: strokes.reason };
  if (!/\p{L}/u.test(name)) return { line: l.line, raw: l.text, reason: "No name before the score" };
  return { line: l.line, raw: l.text, name, score: strokes };
}

/** "Jane Doe 54", "Doe, Jane 54", "1. Jane Doe 54": the last word is the score; leading place numbers are dropped. */
function readLine(l: UdiscSourceLine): Read {
  const words = l.text.split(/\s+/);
  const last = words.pop() ?? "";
  while (words.length > 0 && /^\d+[.)]?$/.test(words[0])) words.shift();
  return scored(l, words.join(" "), readStrokes(last));
}

/** Tab-separated cells: the score is the last numeric cell, the name the other cells before it. */
function readTsvRow(l: UdiscSourceLine): Read {
  const cells = l.text.split("\t").map((c) => c.trim());
  let at = cells.length - 1;
  while (at >= 0 && !NUMBER.test(cells[at])) at--;
  const name = cells
    .slice(0, Math.max(at, 0))
    .filter((c) => c !== "" && !NUMBER.test(c))
    .join(" ")
    .replace(/\s+/g, " ");
  return scored(l, name, at < 0 ? null : readStrokes(cells[at]), "No score in this row");
}

function readUdiscRow(r: UdiscPlayerRow): Read {
  const l = { line: r.line, text: r.raw };
  const junk = (reason: string) => ({ line: r.line, raw: r.raw, reason });
  if (!r.name) return junk("No player name in this row");
  const cell = r.total ?? r.plusMinus;
  if (cell === null) return junk("The header has no Total or +/- column, so there is no score to read");
  // A Total of 0 is UDisc's round with no hole played; a +/- of 0 is even par.
  if (cell === "" || /^dnf$/i.test(cell) || (r.total !== null && cell === "0")) return junk(DNF);
  if (r.unplayed > 0) return junk(`Round not finished: no score on ${r.unplayed} of ${r.holes} holes`);
  if (r.total !== null) return scored(l, r.name, readStrokes(cell), `The total “${cell}” is not a number`);
  // No Total column: the strokes are the round's par plus the +/- (E is even).
  const relative = /^e$/i.test(cell) ? 0 : /^[+-]?\d+$/.test(cell) ? Number(cell) : null;
  if (relative === null) return junk(`The +/- value “${cell}” is not a whole number`);
  if (r.par === null) return junk("No Total column and no Par row, so the +/- cannot be turned into strokes");
  const score = r.par + relative;
  return scored(l, r.name, scoreProblem(score) ? { reason: RANGE } : score);
}

/** The non-blank lines (trimmed, numbered from 1), stopping at MAX_PASTE_LINES. */
function sourceLines(text: string, junk: JunkLine[]): UdiscSourceLine[] {
  const lines: UdiscSourceLine[] = [];
  const breaks = /\r\n|\r|\n/g;
  let start = 0;
  for (let line = 1; ; line++) {
    const found = breaks.exec(text);
    const end = found ? found.index : text.length;
    if (line > MAX_PASTE_LINES) {
      if (/\S/.test(text.slice(start))) {
        const reason = `Only the first ${MAX_PASTE_LINES} lines are read: paste the rest separately`;
        junk.push({ line, raw: text.slice(start, end).trim(), reason });
      }
      break;
    }
    const t = text.slice(start, end).trim();
    if (t.length > MAX_LINE_LENGTH) junk.push({ line, raw: t, reason: `Line is too long to read (over ${MAX_LINE_LENGTH} characters)` });
    else if (t !== "") lines.push({ line, text: t });
    if (!found) break;
    start = breaks.lastIndex;
  }
  return lines;
}

/**
 * Reads a paste into scored rows and junk, in paste order. Blank lines are ignored;
 * anything else that cannot be read is junk with a reason. Never throws.
 * - "udisc-csv": the first line is a header with a PlayerName column (comma or tab separated).
 * - "tsv": some line holds a tab; a first row with no number in it is a header and skipped.
 * - "lines": "First Last 54", "Last, First 54". A relative "+3" is junk, not a score.
 */
export function parseScoreText(text: string): ScorePaste {
  const junk: JunkLine[] = [];
  // A file saved with a byte order mark keeps it when read as text; the header must not carry it.
  const lines = typeof text === "string" ? sourceLines(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, junk) : [];
  let format: ScorePasteFormat = "lines";
  let reads: Read[];
  if (lines.length > 0 && readUdiscHeader(lines[0].text)) {
    format = "udisc-csv";
    reads = readUdiscCsv(lines).map(readUdiscRow);
  } else {
    if (lines.some((l) => l.text.includes("\t"))) format = "tsv";
    const first = lines[0]?.text ?? "";
    const header = first.includes("\t") && !first.split("\t").some((c) => NUMBER.test(c.trim()));
    const body = header ? lines.slice(1) : lines;
    reads = body.map((l) => (l.text.includes("\t") ? readTsvRow(l) : readLine(l)));
  }
  const rows: ParsedScoreLine[] = [];
  for (const r of reads) {
    if ("reason" in r) junk.push(r);
    else rows.push(r);
  }
  junk.sort((a, b) => a.line - b.line);
  for (const j of junk) j.raw = clip(j.raw);
  return { format, rows, junk };
}
