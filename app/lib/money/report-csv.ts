import { type CsvCell, toCsv } from "../shared/csv";
import { centsInput } from "../shared/money";
import { REPORT_COLUMNS, type ReportSums, type RoundReport, type SeasonReport } from "./report";
import { wallParts } from "../shared/time";

// The report's tables as CSV files: the page's columns in the page's order, dollars as
// plain decimals (12.50) and dates as YYYY-MM-DD in the league's zone, which spreadsheets
// sort and read as dates. A totals row closes each file, as on the page.

export const REPORT_TABLES = ["rounds", "seasons"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

const sumCells = (row: ReportSums): CsvCell[] => REPORT_COLUMNS.map(({ key, money }) => (money ? centsInput(row[key]) : row[key]));

const header = REPORT_COLUMNS.map((c) => c.label);
const pad = (n: number) => String(n).padStart(2, "0");

/** A date as YYYY-MM-DD in `timeZone`. */
export function isoDate(d: number, timeZone: string): string {
  const p = wallParts(d, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

export function roundsCsv(rounds: readonly RoundReport[], totals: ReportSums, timeZone: string): string {
  return toCsv([
    ["Date", "Round", ...header],
    ...rounds.map((r) => [isoDate(r.startsAt, timeZone), r.name, ...sumCells(r)]),
    ["Total", "", ...sumCells(totals)],
  ]);
}

export function seasonsCsv(seasons: readonly SeasonReport[], totals: ReportSums): string {
  return toCsv([["Season", ...header], ...seasons.map((s) => [s.season, ...sumCells(s)]), ["Total", ...sumCells(totals)]]);
}
