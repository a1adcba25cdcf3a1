import { wallParts, zonedTimeToEpoch } from "../shared/time";

// A round's date and time as the admin's forms show them: the date and time inputs'
// strings ("2026-11-26", "18:00") in the league's zone, and the arithmetic on them that
// keeps a weekly round at the same wall-clock time across daylight-saving changes.

const pad = (n: number) => String(n).padStart(2, "0");
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The league night when nothing else says: Thursday at 18:00 (the demo league's night). */
export const LEAGUE_WEEKDAY = 4;
export const LEAGUE_TIME = "18:00";

/** Epoch seconds → the date and time inputs' values in `timeZone`. */
export function toDateTimeInputs(d: number, timeZone: string): { date: string; time: string } {
  const p = wallParts(d, timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** A date input's value moved by whole calendar days: "2026-11-26" + 7 → "2026-12-03"; null when it is not a date. */
export function addDays(date: string, days: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  if (Number.isNaN(day.getTime())) return null;
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** "Thu 11/26" for a date input's value (a calendar day has the same weekday everywhere); "" when it is not a date. */
export function shortDay(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return "";
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(day.getTime())) return "";
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCMonth() + 1}/${day.getUTCDate()}`;
}

/** How the multi-editor names a row in its messages: "Row 3 (Thu 11/26)". */
export function rowLabel(row: number, date: string): string {
  const day = shortDay(date);
  return day ? `Row ${row} (${day})` : `Row ${row}`;
}

/** The first `weekday` after today in `timeZone` (never today itself), as a date input's value. */
export function nextWeekday(now: number, timeZone: string, weekday = LEAGUE_WEEKDAY): string {
  const today = toDateTimeInputs(now, timeZone).date;
  const p = wallParts(now, timeZone);
  const todayIndex = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  const ahead = (weekday - todayIndex + 7) % 7 || 7;
  return addDays(today, ahead) ?? today;
}

/**
 * Where a new round goes when the admin opens the round form: a week after the latest
 * round, at its time of day, moved on by whole weeks until it is in the future (a weekly
 * league keeps its night); with no rounds at all, next Thursday at 18:00.
 */
export function defaultRoundDate(latest: number | null, now: number, timeZone: string): { date: string; time: string } {
  if (latest === null) return { date: nextWeekday(now, timeZone), time: LEAGUE_TIME };
  const last = toDateTimeInputs(latest, timeZone);
  const epochOf = (date: string) => {
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    const [hour, minute] = last.time.split(":").map(Number) as [number, number];
    return zonedTimeToEpoch({ year, month, day, hour, minute }, timeZone);
  };
  let date = addDays(last.date, 7) ?? last.date;
  // Whole weeks at once: a league back after a long break lands on its next night, not in the past.
  const weeksBehind = Math.max(0, Math.ceil((now - epochOf(date)) / (7 * 86_400)));
  date = addDays(date, 7 * weeksBehind) ?? date;
  if (epochOf(date) <= now) date = addDays(date, 7) ?? date;
  return { date, time: last.time };
}

/** "Thu 11/26/26, 6:00 PM": a round's day and time in the league's zone, for lists. */
export function formatRoundWhen(d: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "numeric",
    day: "numeric",
    year: "2-digit",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(d * 1000));
}
