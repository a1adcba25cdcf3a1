// UDisc's scorecard export, as seen in real exports kept in public repositories:
//   PlayerName,CourseName,LayoutName,StartDate,EndDate,Total,+/-,RoundRating,Hole1,…,HoleN  (2023 on)
//   PlayerName,CourseName,LayoutName,Date,Total,+/-,Hole1,…,HoleN                          (older)
// Each round opens with a row whose PlayerName is "Par": the layout's par per hole and
// its par Total. A player who stopped early has 0 on the holes left and a Total of only
// the holes played (0 when nothing was played). Hole columns run to the longest layout
// in the file, so shorter layouts leave them empty. Columns are found by name, so either
// header works, and so does the same table copied out of a spreadsheet (tab-separated).
// This module only says what the file holds; score-paste.ts decides what it accepts.

export type UdiscSourceLine = { line: number; text: string };

/** One player's row with the cells that can give a score, and the round's par as far as it is known. */
export type UdiscPlayerRow = {
  line: number;
  raw: string;
  name: string;
  /** The Total cell, or null when the header has no Total column. */
  total: string | null;
  /** The +/- cell, or null when the header has no +/- column. */
  plusMinus: string | null;
  /** Par of the round this row belongs to (the Par row's Total, else the sum of its hole pars). */
  par: number | null;
  /** Holes of the layout (those with a par), and how many of them this player has no score on. */
  holes: number;
  unplayed: number;
};

type Header = { delimiter: string; name: number; total: number; plusMinus: number; holes: number[] };

/**
 * Splits one CSV row. A field that opens with a quote may hold the delimiter and doubled
 * quotes ("Doe, Jane", "Jane ""JD"" Doe"); a quote inside an unquoted field is kept as
 * text, and an unclosed quote runs to the end of the line rather than failing.
 */
export function splitCsvRow(text: string, delimiter: string): string[] {
  if (!text.includes('"')) return text.split(delimiter);
  const cells: string[] = [];
  let at = 0;
  for (;;) {
    let start = at;
    let open = at;
    while (text[open] === " ") open++;
    let cell = "";
    if (text[open] === '"') {
      let from = open + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        cell += text.slice(from, quote < 0 ? text.length : quote);
        from = quote < 0 ? text.length : quote + 1;
        if (quote < 0 || text[from] !== '"') break;
        cell += '"';
        from++;
      }
      start = from;
    }
    const end = text.indexOf(delimiter, start);
    cells.push(cell + text.slice(start, end < 0 ? text.length : end));
    if (end < 0) return cells;
    at = end + 1;
  }
}

/** The column layout when this line is a UDisc header (it has a PlayerName column), else null. */
export function readUdiscHeader(text: string): Header | null {
  for (const delimiter of ["\t", ","]) {
    if (!text.includes(delimiter)) continue;
    const cells = splitCsvRow(text, delimiter).map((c) => c.trim().toLowerCase());
    const name = cells.indexOf("playername");
    if (name < 0) continue;
    const holes: number[] = [];
    for (const [i, c] of cells.entries()) if (/^hole\s*\d+$/.test(c)) holes.push(i);
    return { delimiter, name, total: cells.indexOf("total"), plusMinus: cells.indexOf("+/-"), holes };
  }
  return null;
}

const STROKES = /^[1-9]\d*$/;

/** The player rows of an export whose first line is its header; Par rows and repeated headers are read, not returned. */
export function readUdiscCsv(lines: readonly UdiscSourceLine[]): UdiscPlayerRow[] {
  let header = lines.length > 0 ? readUdiscHeader(lines[0].text) : null;
  let holes: number[] = []; // columns of the holes the current round's layout has
  let par: number | null = null;
  const rows: UdiscPlayerRow[] = [];
  for (let n = 1; header && n < lines.length; n++) {
    const { line, text } = lines[n];
    const cells = splitCsvRow(text, header.delimiter);
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? "").trim() : null);
    const name = (cell(header.name) ?? "").replace(/\s+/g, " ");
    const label = name.toLowerCase();
    if (label === "playername") {
      // Two exports pasted one after the other: the second brings its own header.
      header = readUdiscHeader(text) ?? header;
      holes = [];
      par = null;
    } else if (label === "par") {
      holes = header.holes.filter((i) => STROKES.test(cell(i) ?? ""));
      const total = cell(header.total) ?? "";
      const sum = holes.reduce((a, i) => a + Number(cell(i)), 0);
      par = STROKES.test(total) ? Number(total) : sum > 0 ? sum : null;
    } else {
      const unplayed = holes.filter((i) => !STROKES.test(cell(i) ?? "")).length;
      rows.push({
        line,
        raw: text,
        name,
        total: cell(header.total),
        plusMinus: cell(header.plusMinus),
        par,
        holes: holes.length,
        unplayed,
      });
    }
  }
  return rows;
}
