// The iCalendar writer (app/lib/rounds/ical.ts), read back with a real parser (ical.js, the one
// Thunderbird uses): line endings, folding at 75 octets, TEXT escaping, and times in the
// league's zone, whose VTIMEZONE must put a 6:00 pm Chicago round at 23:00 UTC in July
// and at 00:00 UTC the next day in December.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine, writeCalendar } from "~/lib/rounds/ical";
import { offsetText, utcOffset, vtimezone } from "~/lib/rounds/ical-timezone";
import { zonedTimeToEpoch } from "~/lib/shared/time";

const CHICAGO = "America/Chicago";
const at = (year: number, month: number, day: number, hour: number, tz = CHICAGO) => zonedTimeToEpoch({ year, month, day, hour }, tz);
const octets = (s: string) => new TextEncoder().encode(s).length;

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  // The zone the file defines, registered the way an importing app does.
  for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  return { cal, events: cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
}

const event = (uid: string, start: number, extra: Partial<Parameters<typeof writeCalendar>[0]["events"][0]> = {}) => ({
  uid,
  start,
  end: start + 3 * 3600,
  summary: `Round ${uid}`,
  ...extra,
});

describe("escapeText and foldLine", () => {
  it("escapes backslash, semicolon, comma and every kind of line break", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("folds at 75 octets, continuations start with a space, and never splits a UTF-8 character", () => {
    const line = `SUMMARY:${"Zoë's ace 🥏 ".repeat(20)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(3);
    for (const [i, p] of physical.entries()) {
      expect(octets(p)).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(" ")).toBe(true);
    }
    expect(physical.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });
});

describe("writeCalendar read back with ical.js", () => {
  const summer = at(2026, 7, 16, 18);
  const winter = at(2026, 12, 17, 18);
  const nasty = 'Doubles; "Glow", night\\ — Zoë & friends\nbring a light, and 🥏 '.repeat(3);
  const text = writeCalendar({
    name: "Thursday League: Chicago",
    timeZone: CHICAGO,
    now: at(2026, 11, 24, 8),
    events: [
      event("round-1@league.test", summer, { location: "Riverside Park, Field 2", url: "https://league.test/rounds/1" }),
      event("round-2@league.test", winter, { summary: nasty, description: "Entry $5.00 (+ $1.00 ace fund).\nSign up online." }),
    ],
  });
  const { cal, events } = parse(text);

  it("is CRLF text with every physical line within 75 octets and the calendar properties", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(cal.getFirstPropertyValue("prodid")).toMatch(/League/);
    expect(cal.getFirstPropertyValue("calscale")).toBe("GREGORIAN");
    expect(cal.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Thursday League: Chicago");
  });

  it("puts a 6:00 pm Chicago round at 23:00 UTC in July and 00:00 UTC the next day in December, 3 h long", () => {
    const [july, december] = events;
    expect(july.startDate.zone?.tzid).toBe(CHICAGO);
    expect(july.startDate.toString()).toBe("2026-07-16T18:00:00");
    expect(july.startDate.toJSDate().toISOString()).toBe("2026-07-16T23:00:00.000Z");
    expect(december.startDate.toJSDate().toISOString()).toBe("2026-12-18T00:00:00.000Z");
    expect(december.endDate.toJSDate().toISOString()).toBe("2026-12-18T03:00:00.000Z");
    expect(july.endDate.toUnixTime() - july.startDate.toUnixTime()).toBe(3 * 3600);
  });

  it("round-trips folded, escaped text and keeps the UID, location, URL and stamp", () => {
    const [july, december] = events;
    expect(december.summary).toBe(nasty);
    expect(december.description).toBe("Entry $5.00 (+ $1.00 ace fund).\nSign up online.");
    expect(july.uid).toBe("round-1@league.test");
    expect(july.location).toBe("Riverside Park, Field 2");
    expect(july.component.getFirstPropertyValue("url")).toBe("https://league.test/rounds/1");
    expect(String(july.component.getFirstPropertyValue("dtstamp"))).toBe("2026-11-24T14:00:00Z");
  });

  it("writes a valid, empty calendar when there are no rounds", () => {
    const empty = parse(writeCalendar({ name: "Nobody", timeZone: CHICAGO, now: summer, events: [] }));
    expect(empty.events).toEqual([]);
    expect(empty.cal.getAllSubcomponents("vtimezone")).toHaveLength(1);
  });
});

describe("vtimezone", () => {
  it("gives Chicago the US rule: daylight from the second Sunday of March, standard from the first Sunday of November", () => {
    const lines = vtimezone(CHICAGO, 2025, 2027);
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
    expect(lines).toContain("DTSTART:20250309T020000");
    expect(lines).toContain("DTSTART:20251102T020000");
  });

  it("gives Berlin the EU rule (last Sunday) and a zone without DST one fixed offset", () => {
    const berlin = vtimezone("Europe/Berlin", 2025, 2027);
    expect(berlin).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU");
    expect(berlin).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU");
    expect(vtimezone("America/Phoenix", 2025, 2026)).toContain("TZOFFSETTO:-0700");
  });

  it("places times right across the years of the feed, in other zones too", () => {
    for (const tz of [CHICAGO, "Europe/Berlin", "Australia/Sydney", "America/Phoenix"]) {
      const starts = [at(2025, 1, 9, 18, tz), at(2025, 6, 12, 18, tz), at(2026, 3, 29, 18, tz), at(2027, 10, 28, 18, tz)];
      const { events } = parse(writeCalendar({ name: tz, timeZone: tz, now: starts[0], events: starts.map((s, i) => event(`e${i}`, s)) }));
      expect(
        events.map((e) => e.startDate.toUnixTime()),
        tz,
      ).toEqual(starts);
      expect(events.map((e) => e.startDate.toString().slice(11))).toEqual(starts.map(() => "18:00:00"));
    }
    expect(offsetText(utcOffset(at(2026, 7, 1, 12), CHICAGO))).toBe("-0500");
  });
});
