// The VTIMEZONE of an IANA zone, read from the runtime's own time zone data (Intl), so a
// calendar app places DTSTART;TZID=… times right even when it does not know the zone's
// name. The zone's transitions are found for each year the events span: when every year
// follows one yearly rule (the US's "second Sunday of March at 2:00"), that rule is
// written as an RRULE; otherwise each year's transitions are written as they are.

type Transition = { at: number; from: number; to: number };
type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    const opts = { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric" } as const;
    f = new Intl.DateTimeFormat("en-US", { ...opts, hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's wall clock at `epoch` (seconds), as a UTC-based Wall (weekday 0 = Sunday). */
export function wallClock(epoch: number, timeZone: string): Wall {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(epoch * 1000))) {
    if (part.type !== "literal") p[part.type] = Number(part.value);
  }
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second, weekday };
}

/** The zone's offset from UTC at `epoch`, in seconds (Chicago in July: -18000). */
export function utcOffset(epoch: number, timeZone: string): number {
  const w = wallClock(epoch, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) / 1000 - epoch;
}

/** The zone's offset changes within the UTC year (sampled daily, then bisected to the second). */
function transitionsIn(year: number, timeZone: string): Transition[] {
  const out: Transition[] = [];
  const end = Date.UTC(year + 1, 0, 1) / 1000;
  let t = Date.UTC(year, 0, 1) / 1000;
  let offset = utcOffset(t, timeZone);
  for (; t < end; t += 86_400) {
    const next = utcOffset(t + 86_400, timeZone);
    if (next === offset) continue;
    let [lo, hi] = [t, t + 86_400];
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (utcOffset(mid, timeZone) === offset) lo = mid;
      else hi = mid;
    }
    out.push({ at: hi, from: offset, to: next });
    offset = next;
  }
  return out;
}

const two = (n: number) => String(n).padStart(2, "0");

/** -18000 → "-0500". */
export function offsetText(seconds: number): string {
  const abs = Math.abs(seconds);
  return `${seconds < 0 ? "-" : "+"}${two(Math.floor(abs / 3600))}${two(Math.floor((abs % 3600) / 60))}`;
}

/** A wall time as iCalendar's local DATE-TIME: 20260308T020000. */
export const localDateTime = (w: Omit<Wall, "weekday">) =>
  `${w.year}${two(w.month)}${two(w.day)}T${two(w.hour)}${two(w.minute)}${two(w.second)}`;

const DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** The transition as its wall time before the change, and its place in the month ("2SU", "-1SU"). */
function describe(tr: Transition) {
  const wall = wallClock(tr.at + tr.from, "UTC");
  const daysInMonth = new Date(Date.UTC(wall.year, wall.month, 0)).getUTCDate();
  const nth = `${Math.ceil(wall.day / 7)}${DAYS[wall.weekday]}`;
  const last = wall.day + 7 > daysInMonth ? `-1${DAYS[wall.weekday]}` : null;
  return { wall, nth, last, time: `${two(wall.hour)}${two(wall.minute)}${two(wall.second)}` };
}

function observance(kind: string, tr: Transition, rrule?: string): string[] {
  const { wall } = describe(tr);
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localDateTime(wall)}`,
    `TZOFFSETFROM:${offsetText(tr.from)}`,
    `TZOFFSETTO:${offsetText(tr.to)}`,
    ...(rrule ? [rrule] : []),
    `END:${kind}`,
  ];
}

/** The one RRULE every year's transition of a kind follows, or null when the years differ. */
function yearlyRule(list: Transition[]): string | null {
  const described = list.map(describe);
  const first = described[0];
  const same = (f: (d: (typeof described)[0]) => unknown) => described.every((d) => f(d) === f(first));
  const offsetsAgree = list.every((t) => t.from === list[0].from && t.to === list[0].to);
  if (!offsetsAgree || !same((d) => d.wall.month) || !same((d) => d.time)) return null;
  const byDay = same((d) => d.nth) ? first.nth : same((d) => d.last) && first.last ? first.last : null;
  return byDay ? `RRULE:FREQ=YEARLY;BYMONTH=${first.wall.month};BYDAY=${byDay}` : null;
}

// Finding the transitions costs ~15 ms of CPU for four years: kept per isolate, since a
// feed asks for the same zone and years on every poll until the year turns.
const made = new Map<string, string[]>();

/** The VTIMEZONE lines for `timeZone` covering the years `fromYear`..`toYear`. */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const key = `${timeZone}|${fromYear}|${toYear}`;
  let lines = made.get(key);
  if (!lines) {
    lines = buildVtimezone(timeZone, fromYear, toYear);
    made.set(key, lines);
  }
  return lines;
}

function buildVtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const all: Transition[] = [];
  for (let y = fromYear; y <= toYear; y++) all.push(...transitionsIn(y, timeZone));
  const kind = (t: Transition) => (t.to > t.from ? "DAYLIGHT" : "STANDARD");
  const body: string[] = [];
  if (all.length === 0) {
    // No change in these years (UTC, Phoenix): one standard observance from 1970 on.
    const offset = offsetText(utcOffset(Date.UTC(fromYear, 0, 1) / 1000, timeZone));
    body.push("BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, "END:STANDARD");
  } else {
    for (const k of ["DAYLIGHT", "STANDARD"]) {
      const list = all.filter((t) => kind(t) === k);
      if (list.length === 0) continue;
      const rule = yearlyRule(list);
      if (rule) body.push(...observance(k, list[0], rule));
      else for (const t of list) body.push(...observance(k, t));
    }
  }
  return ["BEGIN:VTIMEZONE", `TZID:${timeZone}`, ...body, "END:VTIMEZONE"];
}
