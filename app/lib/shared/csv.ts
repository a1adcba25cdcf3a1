// CSV as RFC 4180 writes it (CRLF line ends; a field with a comma, a quote or a line
// break is quoted and its quotes doubled), made safe to open in a spreadsheet: a text
// cell that starts like a formula (= + - @, or a tab or carriage return, which some
// spreadsheets skip before reading one) gets a leading apostrophe, so it shows as text
// instead of running (OWASP "CSV injection"). Round names are typed by admins, so this
// matters. A plain number ("-12.50", 7) is left alone: it cannot run, and a spreadsheet
// must still read it as a number.

export type CsvCell = string | number;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, defused and quoted as needed. */
export function csvCell(value: CsvCell): string {
  let text = typeof value === "number" ? String(value) : value;
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows (the header row first) as one CSV document, every line ended by CRLF. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}
