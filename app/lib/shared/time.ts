// Every date is shown in the league's one time zone, on the server and in the browser
// alike, so a page renders the same wherever the edge location is.

export const DAY_SECONDS = 86_400;

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

// Making an Intl.DateTimeFormat costs ~25× using one (~0.4 ms against ~17 µs): a page
// of dates made one per date. Each kind is made once per zone and kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let fmt = formatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    formatters.set(key, fmt);
  }
  return fmt;
}

function parts(epochSeconds: number, timeZone: string) {
  const fmt = formatter("parts", timeZone, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const out: Record<string, number> = {};
  for (const p of fmt.formatToParts(new Date(epochSeconds * 1000))) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return out as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Epoch seconds of a wall-clock time in `timeZone`. */
export function zonedTimeToEpoch(
  wall: { year: number; month: number; day: number; hour?: number; minute?: number },
  timeZone: string,
): number {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0) / 1000;
  // The zone's offset at the guess; a second pass settles DST edges.
  let epoch = guess;
  for (let i = 0; i < 2; i++) {
    const p = parts(epoch, timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000;
    epoch = guess - (asUtc - epoch);
  }
  return epoch;
}

function yearInZone(epochSeconds: number, timeZone: string): number {
  return parts(epochSeconds, timeZone).year;
}

/** First second of the league year that contains `epochSeconds`. */
export function startOfYear(epochSeconds: number, timeZone: string): number {
  return zonedTimeToEpoch({ year: yearInZone(epochSeconds, timeZone), month: 1, day: 1 }, timeZone);
}

export function wallParts(epochSeconds: number, timeZone: string) {
  return parts(epochSeconds, timeZone);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** MM/dd/yy, the date format the league shows unless a page needs another. */
export function formatDate(epochSeconds: number, timeZone: string): string {
  const p = parts(epochSeconds, timeZone);
  return `${pad(p.month)}/${pad(p.day)}/${pad(p.year % 100)}`;
}

/** M/d, for dense tables (the claim dates). */
export function formatMonthDay(epochSeconds: number, timeZone: string): string {
  const p = parts(epochSeconds, timeZone);
  return `${p.month}/${p.day}`;
}

export function formatDateLong(epochSeconds: number, timeZone: string): string {
  return formatter("long", timeZone, {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(new Date(epochSeconds * 1000));
}

/** "6:00 PM": a time of day in `timeZone` (a round's start). */
export function formatTime(epochSeconds: number, timeZone: string): string {
  return formatter("time", timeZone, { hour: "numeric", minute: "2-digit" }).format(new Date(epochSeconds * 1000));
}

export function formatDateTime(epochSeconds: number, timeZone: string): string {
  return formatter("date-time", timeZone, {
    month: "2-digit",
    day: "2-digit",
    year: "2-digit",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(epochSeconds * 1000));
}

/** A round within ±24 h of now is "today's round". */
export function isToday(d: number, now: number): boolean {
  return Math.abs(d - now) <= DAY_SECONDS;
}

/** Today in the league's zone as a date input's value: "2026-11-22". */
export function todayInputValue(timeZone: string, now = nowSeconds()): string {
  const p = parts(now, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** Whether `tz` is an IANA time zone this runtime knows (America/Chicago). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
