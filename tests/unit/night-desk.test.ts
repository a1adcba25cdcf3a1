// The check-in desk's list (ADR 38): what the organiser typed finds the round's players by
// the start of any part of their name, whatever the case, accents or order.
import { describe, expect, it } from "vitest";
import { deskList, nameMatches } from "~/lib/night/night-desk";

const entries = [
  { id: 1, name: "Ann Lee", checkedInAt: null },
  { id: 2, name: "Zoë O'Brien", checkedInAt: 100 },
  { id: 3, name: "Joanne Annis", checkedInAt: null },
  { id: 4, name: "Bo Park", checkedInAt: 200 },
];
const ids = (list: { id: number }[]) => list.map((e) => e.id);

describe("the check-in desk's search", () => {
  it("matches the start of each word typed, in any order, case and accents aside", () => {
    expect(nameMatches("Ann Lee", "ann")).toBe(true);
    expect(nameMatches("Ann Lee", "lee a")).toBe(true);
    expect(nameMatches("Zoë O'Brien", "zoe obr")).toBe(true);
    expect(nameMatches("Joanne Annis", "anne")).toBe(false);
    expect(nameMatches("Ann Lee", "ann x")).toBe(false);
    expect(nameMatches("Ann Lee", "  ")).toBe(true);
  });

  it("lists the matches, only those not checked in when asked, and keeps a row just acted on", () => {
    expect(ids(deskList(entries, { text: "ann", notCheckedIn: false, kept: [] }))).toEqual([1, 3]);
    expect(ids(deskList(entries, { text: "", notCheckedIn: true, kept: [] }))).toEqual([1, 3]);
    expect(ids(deskList(entries, { text: "", notCheckedIn: true, kept: [4] }))).toEqual([1, 3, 4]);
    expect(ids(deskList(entries, { text: "park", notCheckedIn: true, kept: [] }))).toEqual([]);
    expect(ids(deskList(entries, { text: "", notCheckedIn: false, kept: [] }))).toEqual([1, 2, 3, 4]);
  });
});
