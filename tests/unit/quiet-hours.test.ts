import { describe, expect, it } from "vitest";
import { quietUntil } from "~/lib/messages/quiet-hours";
import { zonedTimeToEpoch } from "~/lib/shared/time";

// The league's quiet hours (ADR 49): 22:00 to 08:00 in its own zone, DST and all.

const at = (tz: string, year: number, month: number, day: number, hour: number, minute = 0) =>
  zonedTimeToEpoch({ year, month, day, hour, minute }, tz);

describe("quiet hours", () => {
  it("are off through the day, from 08:00 until 21:59", () => {
    expect(quietUntil(at("America/Chicago", 2026, 6, 10, 8), "America/Chicago")).toBeNull();
    expect(quietUntil(at("America/Chicago", 2026, 6, 10, 21, 59), "America/Chicago")).toBeNull();
  });

  it("end at the next 08:00 in the league's zone: tomorrow's from 22:00, this morning's after midnight", () => {
    expect(quietUntil(at("America/Chicago", 2026, 6, 10, 22), "America/Chicago")).toBe(at("America/Chicago", 2026, 6, 11, 8));
    expect(quietUntil(at("America/Chicago", 2026, 6, 11, 3), "America/Chicago")).toBe(at("America/Chicago", 2026, 6, 11, 8));
    // The same instant is quiet in Chicago and not in Auckland.
    const instant = at("America/Chicago", 2026, 6, 10, 23);
    expect(quietUntil(instant, "Pacific/Auckland")).toBeNull();
  });

  it("cross a change of clocks: the night before summer time ends at 08:00 summer time", () => {
    // 2027-03-14: clocks in Chicago go from 02:00 to 03:00.
    const until = quietUntil(at("America/Chicago", 2027, 3, 13, 23), "America/Chicago");
    expect(until).toBe(at("America/Chicago", 2027, 3, 14, 8));
    expect(new Date((until ?? 0) * 1000).toISOString()).toBe("2027-03-14T13:00:00.000Z");
  });
});
