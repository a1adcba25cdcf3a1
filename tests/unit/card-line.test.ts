import { describe, expect, it } from "vitest";
import { cardLine } from "~/lib/night/night";
import { zonedTimeToEpoch } from "~/lib/shared/time";

const TZ = "America/Chicago";
const mates = (...names: string[]) => names.map((name) => ({ name }));

describe("a player's card in one line", () => {
  it("a shotgun start: the card, its hole (7A when two cards share it) and the others by name", () => {
    expect(cardLine({ number: 3, startLabel: "7", teeTime: null, mates: mates("Ann Lee", "Bo Ray", "Cy Poe") }, TZ)).toBe(
      "Card 3 · hole 7 · with Ann Lee, Bo Ray and Cy Poe",
    );
    expect(cardLine({ number: 12, startLabel: "7A", teeTime: null, mates: mates("Ann Lee", "Bo Ray") }, TZ)).toBe(
      "Card 12 · hole 7A · with Ann Lee and Bo Ray",
    );
  });

  it("tee times: the time in the league's zone; a card of one has no 'with'", () => {
    const teeTime = zonedTimeToEpoch({ year: 2026, month: 7, day: 2, hour: 18, minute: 10 }, TZ);
    expect(cardLine({ number: 2, startLabel: null, teeTime, mates: mates("Dee Fox") }, TZ)).toBe(
      "Card 2 · tee time 6:10 PM · with Dee Fox",
    );
    expect(cardLine({ number: 1, startLabel: null, teeTime: null, mates: [] }, TZ)).toBe("Card 1");
  });
});
