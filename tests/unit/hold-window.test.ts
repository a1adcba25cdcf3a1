import { describe, expect, it } from "vitest";
import { HOLD_MAX_SECONDS, HOLD_MIN_SECONDS, holdWindowSeconds, offerDeadline } from "~/lib/waitlist/hold-window";

const HOUR = 3600;
const NOW = 1_800_000_000;

describe("the hold window of an offered place", () => {
  it("is 12 hours when the round is days away", () => {
    expect(holdWindowSeconds(NOW, NOW + 7 * 24 * HOUR)).toBe(HOLD_MAX_SECONDS);
    expect(holdWindowSeconds(NOW, NOW + 72 * HOUR)).toBe(12 * HOUR);
  });

  it("shrinks with the time left: a sixth of it", () => {
    expect(holdWindowSeconds(NOW, NOW + 48 * HOUR)).toBe(8 * HOUR);
    expect(holdWindowSeconds(NOW, NOW + 24 * HOUR)).toBe(4 * HOUR);
    expect(holdWindowSeconds(NOW, NOW + 6 * HOUR)).toBe(HOUR);
  });

  it("is 30 minutes on the day, once a sixth is shorter", () => {
    expect(holdWindowSeconds(NOW, NOW + 3 * HOUR)).toBe(HOLD_MIN_SECONDS);
    expect(holdWindowSeconds(NOW, NOW + 2 * HOUR)).toBe(30 * 60);
  });

  it("never outlives the start, and is nothing once the round has started", () => {
    expect(holdWindowSeconds(NOW, NOW + 20 * 60)).toBe(20 * 60);
    expect(holdWindowSeconds(NOW, NOW)).toBe(0);
    expect(holdWindowSeconds(NOW, NOW - HOUR)).toBe(0);
    expect(offerDeadline(NOW, NOW - HOUR)).toBeNull();
    expect(offerDeadline(NOW, NOW + 24 * HOUR)).toBe(NOW + 4 * HOUR);
  });
});
