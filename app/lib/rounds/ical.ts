// A small iCalendar (RFC 5545) writer for the league's calendar feeds: lines end in CRLF
// and fold at 75 octets, TEXT values are escaped, and every time is written in the
// league's zone (DTSTART;TZID=…) with that zone's VTIMEZONE, so a 6:00 pm round stays at
// 6:00 pm in any calendar app. Checked with ical.js in tests/unit/ical.test.ts.
import { localDateTime, vtimezone, wallClock } from "./ical-timezone";

export type CalendarEvent = {
  /** Stable across feeds and downloads, so an app updates the event instead of adding it again. */
  uid: string;
  /** Epoch seconds. */
  start: number;
  end: number;
  summary: string;
  location?: string;
  url?: string;
  description?: string;
  /** "CANCELLED" for a cancelled round (RFC 5545 §3.8.1.11): the event stays, same UID, so apps mark it. */
  status?: "CANCELLED";
};

export type Calendar = {
  name: string;
  timeZone: string;
  events: readonly CalendarEvent[];
  /** Epoch seconds: the DTSTAMP of every event (when this copy was made). */
  now: number;
};

export const PRODID = "-//Disc Golf League//League calendar//EN";

/** A TEXT value with \\ ; , and line breaks escaped (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * One content line folded so no physical line is longer than 75 octets (RFC 5545 §3.1):
 * each continuation starts with a space. Folds fall between characters, never inside a
 * UTF-8 sequence, so a name like "Zoë" survives any parser.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const two = (n: number) => String(n).padStart(2, "0");

/** Epoch seconds as a UTC DATE-TIME: 20261124T142500Z. */
export function utcDateTime(epoch: number): string {
  const d = new Date(epoch * 1000);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`;
}

function eventLines(e: CalendarEvent, timeZone: string, stamp: string): string[] {
  const local = (epoch: number) => `;TZID=${timeZone}:${localDateTime(wallClock(epoch, timeZone))}`;
  return [
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART${local(e.start)}`,
    `DTEND${local(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.status ? [`STATUS:${e.status}`] : []),
    "END:VEVENT",
  ];
}

/** The whole calendar as an iCalendar file's text. */
export function writeCalendar(cal: Calendar): string {
  const years = cal.events.flatMap((e) => [wallClock(e.start, cal.timeZone).year, wallClock(e.end, cal.timeZone).year]);
  const thisYear = wallClock(cal.now, cal.timeZone).year;
  // A year before the first event too: the first yearly rule then starts before any event.
  const fromYear = Math.min(thisYear, ...years) - 1;
  const toYear = Math.max(thisYear, ...years);
  const stamp = utcDateTime(cal.now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `X-WR-TIMEZONE:${cal.timeZone}`,
    ...vtimezone(cal.timeZone, fromYear, toYear),
    ...cal.events.flatMap((e) => eventLines(e, cal.timeZone, stamp)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
